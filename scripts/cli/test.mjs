/** `npm test` from a fresh clone: installs what is missing (browsers, ffmpeg, Varnish…), lints, type-checks, builds, tests. */
import { existsSync } from "node:fs";
import { spawn, spawnSync } from "node:child_process";

import { fileURLToPath } from "node:url";

import { ensureEngines } from "#scripts/setup/ensure-engines.mjs";
import { ensureNode, nativeModulesLoad } from "#scripts/setup/ensure-node.mjs";
import { ensureFfmpeg } from "#scripts/setup/ensure-ffmpeg.mjs";
import { ensurePrometheus } from "#scripts/setup/ensure-prometheus.mjs";
import { ensurePostgres } from "#scripts/setup/ensure-postgres.mjs";
import { ensureVarnish } from "#scripts/setup/ensure-varnish.mjs";

function step(command, args) {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  const { status } = spawnSync(command, args, { stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
}

/**
 * `npm run` scripts side by side, each one's output printed whole as it ends: for steps that share
 * no files (lint reads the sources; the type check also writes the compiled content, which lint
 * ignores), on a machine whose other core would wait.
 * @param {string[]} scripts
 */
async function together(scripts) {
  const runs = scripts.map(
    (script) =>
      new Promise((resolve) => {
        const child = spawn("npm", ["run", script], { stdio: ["ignore", "pipe", "pipe"] });
        let output = "";
        child.stdout.on("data", (chunk) => (output += chunk));
        child.stderr.on("data", (chunk) => (output += chunk));
        child.on("close", (status) => {
          console.log(`\n$ npm run ${script}\n${output.trimEnd()}`);
          resolve(status);
        });
      }),
  );
  const statuses = await Promise.all(runs);
  const failed = statuses.find((status) => status !== 0);
  if (failed !== undefined) process.exit(failed ?? 1);
}

// First of all the Node: every step below, and every server the tests start, runs on the project's.
ensureNode(fileURLToPath(import.meta.url), process.argv.slice(2));

// A checkout from before lint joined the tests has the packages but not ESLint.
if (!existsSync("node_modules/.bin/remix") || !existsSync("node_modules/.bin/eslint"))
  step("npm", ["ci", "--no-audit", "--no-fund"]);
else if (!nativeModulesLoad()) step("npm", ["rebuild", "better-sqlite3"]);
await together(["lint", "typecheck"]);

// Imported only now: it needs @playwright/test, which `npm ci` has just installed.
const { ensureBrowser } = await import("#scripts/setup/ensure-browser.mjs");
ensureBrowser();
ensureEngines();
ensureFfmpeg();
ensureVarnish();
ensurePostgres();
ensurePrometheus();

step("npm", ["run", "build"]);
step("npx", ["--no-install", "vitest", "run"]);
step("npx", ["--no-install", "playwright", "test", ...process.argv.slice(2)]);
