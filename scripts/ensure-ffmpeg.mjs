/**
 * Makes sure ffmpeg is there for the media build's tests (tests/unit/media-*.test.ts encode small
 * generated films), installing Debian's package through apt-get when running as root, with the
 * fonts the typeset media need (scripts/media/recipes/previews.ts, scripts/media/demo/fonts.ts).
 * Where it cannot be installed, those tests skip and say why.
 */
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
