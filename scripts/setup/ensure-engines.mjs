/**
 * Makes sure Firefox (with the libavcodec it only recommends, for H.264), WebKitWebDriver (with
 * GStreamer's plugins, for H.264 and HLS) and Xvfb exist for the other engines' journeys, through
 * apt-get as root; where they cannot be installed, the journeys skip and say why.
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
  if (!existsSync(firefox))
    aptInstall(
      ["firefox-esr", "libavcodec59"],
      "Firefox is missing; installing Debian's firefox-esr for the Gecko journeys.",
    );
  // The plugins leave no single file to look for: the driver stands for the set.
  if (!existsSync("/usr/bin/WebKitWebDriver"))
    aptInstall(WEBKIT_PACKAGES, "WebKitWebDriver is missing; installing Debian's for the WebKit journeys.");
  if (!existsSync("/usr/bin/Xvfb"))
    aptInstall(["xvfb"], "Xvfb is missing; installing it for the Firefox and WebKit journeys.");
}
