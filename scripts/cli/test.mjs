/**
 * `npm test` from a fresh clone, on the project's Node (fetched when the machine's is older): installs
 * what is missing (packages, browsers, ffmpeg, Varnish…), lints, type-checks, builds, tests, says where
 * the end-to-end time went, and tests the images where podman is. Arguments go to Playwright.
 */
import { existsSync } from "node:fs";
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

import { hasCommand } from "#scripts/setup/apt.mjs";
import { ensureNode, nativeModulesLoad } from "#scripts/setup/ensure-node.mjs";

/** When `npm test` began (kept when it runs itself again on the project's Node). */
const started = Number(process.env.NPM_TEST_STARTED ?? Date.now());
process.env.NPM_TEST_STARTED = String(started);
/** Seconds since `npm test` began, for each step's line: where the suite's time goes, in CI's log. */
const elapsed = () => `[${Math.round((Date.now() - started) / 1000)} s]`;

/** Runs a step, its output shown as it comes; its exit status. */
function attempt(command, args) {
  console.log(`\n${elapsed()} $ ${command} ${args.join(" ")}`);
  return spawnSync(command, args, { stdio: "inherit" }).status;
}

function step(command, args) {
  const status = attempt(command, args);
  if (status !== 0) process.exit(status ?? 1);
}

/**
 * Commands side by side, each one's output printed whole as it ends: for steps that share no files
 * (lint reads the sources; the type check also writes the compiled content, which lint ignores; the
 * installs write outside the checkout), on a machine whose other core, or whose network, would wait.
 * @param {string[][]} commands
 */
async function together(commands) {
  const runs = commands.map(
    ([command, ...args]) =>
      new Promise((resolve) => {
        const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
        let output = "";
        child.stdout.on("data", (chunk) => (output += chunk));
        child.stderr.on("data", (chunk) => (output += chunk));
        child.on("close", (status) => {
          console.log(`\n${elapsed()} $ ${command} ${args.join(" ")} (ended)\n${output.trimEnd()}`);
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
// The browsers and services the tests start are installed meanwhile, when missing (after `npm ci`:
// finding Playwright's own Chromium needs @playwright/test).
await together([
  ["npm", "run", "lint"],
  ["npm", "run", "typecheck"],
  ["node", "scripts/cli/test-setup.mjs"],
]);

step("npm", ["run", "build"]);
step("npx", ["--no-install", "vitest", "run"]);
const e2e = attempt("npx", ["--no-install", "playwright", "test", ...process.argv.slice(2)]);
// Where that time went, passed or not: each project's span, the waits, the slowest specs.
spawnSync("node", ["scripts/cli/suite-times.mjs"], { stdio: "inherit" });
if (e2e !== 0) process.exit(e2e ?? 1);
// Both images, on a whole run where podman is already installed: two builds take 4-5 minutes, so a
// machine without it is not made to install it (docs/deploy.md, "Testing the images").
const wholeRun = process.argv.length === 2;
if (wholeRun && hasCommand("podman")) step("npm", ["run", "test:images"]);
else if (wholeRun)
  console.log("\nimages not tested: podman is not installed (npm run test:images installs it, then tests them)");
console.log(`\n${elapsed()} npm test passed`);
