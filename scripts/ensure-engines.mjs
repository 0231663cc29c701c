/**
 * Makes sure the other engines exist for their journeys (tests/e2e/engines/*.spec.ts),
 * installing Debian's packages through apt-get when running as root:
 * - Gecko: FIREFOX_PATH, else firefox-esr, with the H.264 decoder (libavcodec) it plays the reels
 *   with, which it only recommends;
 * - WebKit: WebKitWebDriver (webkit2gtk-driver, which brings MiniBrowser) and GStreamer's plugins,
 *   with which WebKitGTK plays H.264 and HLS;
 * - Xvfb, the virtual display both browsers run on (headless Firefox has no hover or fine pointer).
 * Where they cannot be installed, the journeys skip and say why (in CI they fail).
 */
import { existsSync } from "node:fs";

import { aptInstall } from "./apt.mjs";

const WEBKIT_PACKAGES = [
  "webkit2gtk-driver",
  "gstreamer1.0-plugins-base",
  "gstreamer1.0-plugins-good",
  "gstreamer1.0-plugins-bad",
  "gstreamer1.0-libav",
];

export function ensureEngines() {
  const firefox = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";
  if (!existsSync(firefox)) {
    aptInstall(
      ["firefox-esr", "libavcodec59"],
      "Firefox is missing; installing Debian's firefox-esr for the Gecko journeys.",
    );
  }
  // The plugins leave no single file to look for: the driver stands for the set.
  if (!existsSync("/usr/bin/WebKitWebDriver")) {
    aptInstall(WEBKIT_PACKAGES, "WebKitWebDriver is missing; installing Debian's for the WebKit journeys.");
  }
  if (!existsSync("/usr/bin/Xvfb"))
    aptInstall(["xvfb"], "Xvfb is missing; installing it for the Firefox and WebKit journeys.");
}
