/** Makes sure ffmpeg and the fonts the typeset media need are there for the media build's tests (apt-get, as root). */
import { spawnSync } from "node:child_process";

import { aptInstall } from "./apt.mjs";

const FONTS = ["fonts-dejavu-core", "fonts-dejavu-extra", "fonts-urw-base35", "fonts-liberation2"];

const installed = (name) =>
  spawnSync("dpkg-query", ["-W", "-f=${Status}", name], { encoding: "utf8" }).stdout?.includes("ok installed");

export function ensureFfmpeg() {
  const missing = [
    ...(spawnSync("ffmpeg", ["-version"]).status === 0 ? [] : ["ffmpeg"]),
    ...FONTS.filter((font) => !installed(font)),
  ];
  if (missing.length === 0) return;
  aptInstall(missing, `${missing.join(", ")} missing; installing Debian's for the media build's tests.`);
}
