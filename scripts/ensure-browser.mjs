/**
 * Makes sure a Chromium exists for Playwright: Playwright's own download where the network allows,
 * else Debian's `chromium` through apt-get when running as root, else a message saying what to install.
 */
import { spawnSync } from "node:child_process";

import { findChromium } from "./browser.mjs";

function run(command, args) {
  console.log(`$ ${command} ${args.join(" ")}`);
  return spawnSync(command, args, { stdio: "inherit", timeout: 600_000 }).status === 0;
}

export function ensureBrowser() {
  if (findChromium()) return;

  run("npx", ["--no-install", "playwright", "install", "chromium"]);
  if (findChromium()) return;

  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (isRoot && hasApt) {
    console.log("Playwright could not download its browser; installing Debian's chromium instead.");
    run("apt-get", ["update", "-qq"]);
    run("apt-get", ["install", "-y", "--no-install-recommends", "chromium"]);
    if (findChromium()) return;
  }

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
