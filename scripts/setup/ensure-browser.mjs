/**
 * Makes sure a Chromium exists for Playwright: Playwright's own download where the network allows,
 * else Debian's `chromium` through apt-get when running as root, else a message saying what to install.
 */
import { aptInstall, run } from "./apt.mjs";
import { findChromium } from "./browser.mjs";

export function ensureBrowser() {
  if (findChromium()) return;

  run("npx", ["--no-install", "playwright", "install", "chromium"]);
  if (findChromium()) return;

  const message = "Playwright could not download its browser; installing Debian's chromium instead.";
  if (aptInstall("chromium", message) && findChromium()) return;

  console.error(
    [
      "No Chromium is available for the end-to-end tests.",
      "Install one of:",
      "  - Playwright's browser:  npx playwright install chromium",
      "  - a system Chromium:     sudo apt-get install chromium   (found at /usr/bin/chromium)",
    ].join("\n"),
  );
  process.exit(1);
}
