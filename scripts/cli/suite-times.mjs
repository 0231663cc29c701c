/**
 * Where the end-to-end suite's time went, from Playwright's JSON report (test-results/timings.json,
 * written by every run): each project's span and the sum of its tests, the time each worker slot
 * waited between tests (hooks, a worker's start, a project waiting on another), and the slowest specs.
 * `npm test` prints it after the tests; `node scripts/cli/suite-times.mjs [report.json]` alone.
 */
import { existsSync, readFileSync } from "node:fs";

const file = process.argv[2] ?? "test-results/timings.json";
if (!existsSync(file)) {
  console.log(`no ${file}: run the end-to-end tests first`);
  process.exit(0);
}

/** @typedef {{ file: string; title: string; project: string; slot: number; start: number; ms: number }} Run */
/** @type {Run[]} */
const runs = [];
/** @param {any} suite A suite of Playwright's JSON report (its own nested shape, read loosely). */
function collect(suite, file = suite.file) {
  for (const inner of suite.suites ?? []) collect(inner, inner.file ?? file);
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests)
      for (const result of test.results)
        runs.push({
          file: spec.file ?? file,
          title: spec.title,
          project: test.projectName,
          slot: result.parallelIndex,
          start: Date.parse(result.startTime),
          ms: result.duration,
        });
}
for (const suite of JSON.parse(readFileSync(file, "utf8")).suites) collect(suite);
if (runs.length === 0) process.exit(0);

const s = (ms) => `${Math.round(ms / 1000)} s`;
const begin = Math.min(...runs.map((run) => run.start));
const end = Math.max(...runs.map((run) => run.start + run.ms));
console.log(`\nWhere the end-to-end time went (${file}): ${s(end - begin)} from first test to last`);

const projects = new Map();
for (const run of runs) {
  const project = projects.get(run.project) ?? { from: Infinity, to: 0, sum: 0, tests: 0 };
  project.from = Math.min(project.from, run.start);
  project.to = Math.max(project.to, run.start + run.ms);
  project.sum += run.ms;
  project.tests += 1;
  projects.set(run.project, project);
}
for (const [name, { from, to, sum, tests }] of projects)
  console.log(
    `  ${name.padEnd(8)} ${s(from - begin).padStart(6)} to ${s(to - begin).padStart(6)}, tests ${s(sum)} (${tests})`,
  );

for (const slot of [...new Set(runs.map((run) => run.slot))].sort()) {
  let at = begin;
  let waited = 0;
  for (const run of runs.filter((run) => run.slot === slot).sort((a, b) => a.start - b.start)) {
    waited += Math.max(0, run.start - at);
    at = Math.max(at, run.start + run.ms);
  }
  console.log(`  worker slot ${slot}: waited ${s(waited + (end - at))} between and after its tests`);
}

const specs = new Map();
for (const run of runs) {
  const key = `${run.project} ${run.file}`;
  specs.set(key, (specs.get(key) ?? 0) + run.ms);
}
console.log("  slowest specs (their tests' time, hooks inside a test included):");
for (const [key, ms] of [...specs].sort((a, b) => b[1] - a[1]).slice(0, 20))
  console.log(`  ${s(ms).padStart(7)}  ${key}`);
