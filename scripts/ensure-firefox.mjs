/**
 * Makes sure a Firefox exists for the Gecko journeys (tests/e2e/gecko.spec.ts): FIREFOX_PATH, else
 * Debian's firefox-esr, installed through apt-get when running as root, with the H.264 decoder
 * (libavcodec) it plays the reels with, which it only recommends. Without one, the Gecko journeys
 * skip and say why.
 */
import { existsSync } from "node:fs";

import { aptInstall } from "./apt.mjs";

export function ensureFirefox() {
  const path = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";
  if (existsSync(path)) return;
  aptInstall(["firefox-esr", "libavcodec59"], "Firefox is missing; installing Debian's firefox-esr for the Gecko journeys.");
  if (!existsSync(path)) console.warn(`No Firefox at ${path}: the Gecko journeys will be skipped.`);
}
