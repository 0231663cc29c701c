/**
 * Which Chromium the end-to-end tests drive: Playwright's own build where it has been downloaded
 * (an ordinary laptop), else a system Chromium (Debian's, on machines that cannot download one).
 */
import { existsSync } from "node:fs";

import { chromium } from "@playwright/test";

const SYSTEM_CHROMIUM_PATHS = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

/** Flags a system Chromium needs in a root container with no outside network. */
export const SYSTEM_CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** @returns {{ kind: "playwright" } | { kind: "system", path: string } | undefined} */
export function findChromium() {
  if (existsSync(chromium.executablePath())) return { kind: "playwright" };
  const path = SYSTEM_CHROMIUM_PATHS.find((candidate) => existsSync(candidate));
  return path ? { kind: "system", path } : undefined;
}
