/** `npm test` from a fresh clone: installs what is missing (browsers, ffmpeg, Varnish…), lints, type-checks, builds, tests. */
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

import { ensureEngines } from "#scripts/setup/ensure-engines.mjs";
import { ensureFfmpeg } from "#scripts/setup/ensure-ffmpeg.mjs";
import { ensureVarnish } from "#scripts/setup/ensure-varnish.mjs";

function step(command, args) {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  const { status } = spawnSync(command, args, { stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
}

// A checkout from before lint joined the tests has the packages but not ESLint.
if (!existsSync("node_modules/.bin/remix") || !existsSync("node_modules/.bin/eslint"))
  step("npm", ["ci", "--no-audit", "--no-fund"]);
step("npm", ["run", "lint"]);
step("npm", ["run", "typecheck"]);

// Imported only now: it needs @playwright/test, which `npm ci` has just installed.
const { ensureBrowser } = await import("#scripts/setup/ensure-browser.mjs");
ensureBrowser();
ensureEngines();
ensureFfmpeg();
ensureVarnish();

step("npm", ["run", "build"]);
step("npx", ["--no-install", "vitest", "run"]);
step("npx", ["--no-install", "playwright", "test", ...process.argv.slice(2)]);
