/**
 * The benchmark's hit section (`npm run bench -- --only=hit`), issue 57: a page already in the page
 * cache, `/artists/directors` asked as a browser asks (Brotli), from the site on the old Node (20) and
 * on this one (24), against its floor on each: a bare `http.createServer` writing the same stored
 * bytes and headers (cache-hit-floor.mjs). Load by Debian's `wrk` (autocannon, one thread of this
 * process, would cap the floor), the rows in turn each round so that the machine's moods fall on all
 * alike; then, from a `--cpu-prof` profile of each on this Node, the share of its CPU spent with
 * its own code on the stack. `BENCH_HIT_SITE` serves another checkout's build (a "before"), `BENCH_HIT_OLD_NODE`
 * names the old Node (/usr/bin/node), `BENCH_HIT_ROUNDS` (5) and `BENCH_HIT_SECONDS` (4) size the run.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { encodedRequest } from "#tests/support/raw-http.ts";
import { answersHealthz, startServer, stopProcess } from "#tests/support/server-process.mjs";
import { cpuTime } from "./cpu-time.mjs";
import { BROWSER_ACCEPT_ENCODING, mark, median } from "./shared.mjs";

/** The other sections take 3321–3377. */
const PORTS = { site: { 20: 3381, 24: 3382 }, floor: { 20: 3383, 24: 3384 }, profiled: 3385 };
const PAGE = "/artists/directors";
const WRK = {
  connections: 64,
  threads: 2,
  seconds: Number(process.env.BENCH_HIT_SECONDS ?? 4),
  rounds: Number(process.env.BENCH_HIT_ROUNDS ?? 5),
};
const PROFILE_SECONDS = 4;
/** The site's hit at least 0.8× its floor's requests/s on the same Node (0.6× the bar), its p99 within 1/0.8 of the floor's. */
const GOALS = { ratio: 0.8, bar: 0.6 };
const SITE = process.env.BENCH_HIT_SITE ?? process.cwd();
const OLD_NODE = process.env.BENCH_HIT_OLD_NODE ?? "/usr/bin/node";
/**
 * As deployed, metrics on (a port of their own); the events off: better-sqlite3 13 does not load on
 * Node 20, and no event is posted here.
 */
const SITE_ENV = { ANALYTICS: "off", METRICS_PORT: "0" };

/** wrk prints its figures as one line the section reads: requests, µs, p99 µs, errors (non-2xx/3xx included). */
const WRK_SCRIPT = `wrk.headers["Accept-Encoding"] = "${BROWSER_ACCEPT_ENCODING}"
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("figures %d %d %d %d\\n", summary.requests, summary.duration,
    latency:percentile(99), e.connect + e.read + e.write + e.status + e.timeout))
end
`;

/** The major version of the Node at `node`, or undefined when there is none. */
function majorOf(node) {
  if (!existsSync(node)) return undefined;
  return Number(execFileSync(node, ["--version"], { encoding: "utf8" }).match(/^v(\d+)/)?.[1]);
}

/** Whether `wrk` runs here. */
function hasWrk() {
  try {
    execFileSync("wrk", ["--version"], { stdio: "ignore" });
  } catch (error) {
    // wrk prints its usage and exits 1 when asked its version: only a missing command is a failure.
    return /** @type {NodeJS.ErrnoException} */ (error).code !== "ENOENT";
  }
  return true;
}

/** `wrk` on `url` for `seconds`: requests/s, p99 ms, errors, and the CPU µs per request `pid` spent. */
function wrk(url, script, pid, seconds = WRK.seconds) {
  const args = [`-t${WRK.threads}`, `-c${WRK.connections}`, `-d${seconds}s`, "-s", script, url];
  const cpuBefore = cpuTime({ pids: [pid] });
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", () => {
      const figures = output
        .match(/^figures (\d+) (\d+) (\d+) (\d+)$/m)
        ?.slice(1)
        .map(Number);
      if (!figures) return reject(new Error(`wrk ${args.join(" ")} gave no figures:\n${output}`));
      const [requests, micros, p99, errors] = figures;
      const cpu = (cpuTime({ pids: [pid] }) - cpuBefore) / requests;
      resolve({ rps: requests / (micros / 1e6), p99: p99 / 1000, errors, cpu });
    });
  });
}

/** Headers Node's server writes itself, which the floor's Node writes for it too. */
const NODES_OWN = new Set(["date", "connection", "keep-alive"]);

/** The answer to `url` as the site sends it, for the floor: its status, headers (Node's own left out) and bytes. */
async function storedAnswer(url) {
  const { status, rawHeaders, body } = await encodedRequest(url, { "Accept-Encoding": BROWSER_ACCEPT_ENCODING });
  const headers = rawHeaders.filter((_, i, raw) => !NODES_OWN.has(raw[i - (i % 2)].toLowerCase()));
  return { status, headers, body: body.toString("base64") };
}

/** The floor on `node`: cache-hit-floor.mjs with the stored answer in `file`, once it answers. */
async function startFloor(node, port, file, execArgv = []) {
  const floorScript = path.join(import.meta.dirname, "cache-hit-floor.mjs");
  const child = spawn(node, [...execArgv, floorScript, String(port), file], { stdio: "ignore" });
  const origin = `http://127.0.0.1:${port}`;
  if (await answersHealthz(child, origin)) return { child, origin };
  child.kill();
  throw new Error(`the floor did not start on ${origin}`);
}

/** The site's build in SITE on `node`, as deployed (SITE_ENV), once it answers, with its page cached. */
async function startSite(node, port, execArgv = []) {
  const server = await startServer(port, { cwd: SITE, env: SITE_ENV, node, execArgv });
  const { status } = await storedAnswer(server.origin + PAGE);
  if (status !== 200) throw new Error(`${PAGE} answered ${status} on ${server.origin}`);
  return server;
}

/**
 * The share of busy CPU (samples not idle) in a `--cpu-prof` profile between `from` and `to` (µs on
 * the monotonic clock, as the profile's) with the server's own code or its packages on the stack (a
 * frame from a file that is not Node's: its listener, Express, the logger, Node's calls from them
 * such as the socket writes), and in them alone (their self time); the rest is Node's HTTP parsing,
 * the event loop and the garbage collector. Each also in µs a request, of the `cpuPerRequest` the
 * process spent over the same load (/proc).
 */
function cpuShares(profile, from, to, cpuPerRequest) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id])));
  const isOwn = (id) => {
    const { url } = nodes.get(id).callFrame;
    return Boolean(url) && !url.startsWith("node:");
  };
  const onStack = new Map();
  const ownOnStack = (id) => {
    if (id === undefined) return false;
    if (!onStack.has(id)) onStack.set(id, isOwn(id) || ownOnStack(parents.get(id)));
    return onStack.get(id);
  };
  // Each sample weighs the µs since the one before it.
  const micros = { busy: 0, onStack: 0, self: 0, gc: 0 };
  let time = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index];
    time += delta;
    const { functionName } = nodes.get(id).callFrame;
    if (time < from || time > to || functionName === "(idle)") return;
    micros.busy += delta;
    if (ownOnStack(id)) micros.onStack += delta;
    if (isOwn(id)) micros.self += delta;
    if (functionName === "(garbage collector)") micros.gc += delta;
  });
  const share = (value) =>
    `${((value / micros.busy) * 100).toFixed(0)}% (${((value / micros.busy) * cpuPerRequest).toFixed(1)})`;
  return {
    "CPU µs/req": cpuPerRequest.toFixed(1),
    "its code on the stack, % (µs/req)": share(micros.onStack),
    "in its code alone (self)": share(micros.self),
    "garbage collection": share(micros.gc),
  };
}

/** A profiled run of the server `start` gives: `wrk` for PROFILE_SECONDS, then its profile's shares over that run. */
async function profiledShares(start, script, dir) {
  const profileDir = await mkdtemp(path.join(dir, "profile-"));
  const server = await start([`--cpu-prof`, `--cpu-prof-dir=${profileDir}`]);
  const from = Number(process.hrtime.bigint() / 1000n);
  let cpu;
  try {
    ({ cpu } = await wrk(server.origin + PAGE, script, server.child.pid, PROFILE_SECONDS));
  } finally {
    // The profile is written as the process exits (SIGTERM: the site's graceful shutdown, the floor's default).
    await stopProcess(server.child);
  }
  const to = Number(process.hrtime.bigint() / 1000n);
  const [file] = await readdir(profileDir);
  return cpuShares(JSON.parse(await readFile(path.join(profileDir, file), "utf8")), from, to, cpu);
}

const round = (value) => Math.round(value);

export async function cacheHitSection() {
  if (!hasWrk()) return console.log("Hit: skipped, `wrk` is not installed (Debian: apt-get install wrk)");
  const oldMajor = majorOf(OLD_NODE);
  const nodes = { 24: process.execPath, ...(oldMajor && oldMajor < 24 ? { 20: OLD_NODE } : {}) };
  console.log(
    `Hit: ${PAGE} cached, asked as a browser asks (br), wrk -t${WRK.threads} -c${WRK.connections} for ` +
      `${WRK.seconds} s, ${WRK.rounds} rounds of the rows in turn, medians; the site from ${SITE} ` +
      `(goal: ≥ ${GOALS.ratio}× the floor's requests/s on the same Node, bar ${GOALS.bar}×; p99 ≤ the floor's ÷ ${GOALS.ratio})` +
      (nodes[20] ? "" : `; no Node before 24 at ${OLD_NODE}, so no Node 20 rows`),
  );
  const dir = await mkdtemp(path.join(tmpdir(), "bench-hit-"));
  const script = path.join(dir, "browser.lua");
  const answer = path.join(dir, "answer.json");
  await writeFile(script, WRK_SCRIPT);
  /** @type {{ label: string, major: string, child: import("node:child_process").ChildProcess, origin: string, runs: Awaited<ReturnType<typeof wrk>>[] }[]} */
  const servers = [];
  try {
    for (const [major, node] of Object.entries(nodes)) {
      const site = await startSite(node, PORTS.site[major]);
      servers.push({ label: "site", major, ...site, runs: [] });
      // The floor sends what this Node's site sent on a hit.
      if (major === "24") await writeFile(answer, JSON.stringify(await storedAnswer(site.origin + PAGE)));
    }
    for (const [major, node] of Object.entries(nodes)) {
      const floor = await startFloor(node, PORTS.floor[major], answer);
      servers.push({ label: "floor (bare http.createServer)", major, ...floor, runs: [] });
    }
    // A second of load first, so that each runs its optimised code.
    for (const server of servers) await wrk(server.origin + PAGE, script, server.child.pid, 1);
    for (let n = 0; n < WRK.rounds; n++)
      for (const server of servers) server.runs.push(await wrk(server.origin + PAGE, script, server.child.pid));
  } finally {
    for (const server of servers) await stopProcess(server.child);
  }
  const of = (server, field) => median(server.runs.map((run) => run[field]));
  const floorOf = (major) => servers.find((server) => server.label !== "site" && server.major === major);
  console.table(
    servers.map((server) => {
      const floor = floorOf(server.major);
      const ratio = of(server, "rps") / of(floor, "rps");
      const p99Goal = of(floor, "p99") / GOALS.ratio;
      const isFloor = server === floor;
      return {
        server: `${server.label}, Node ${server.major}`,
        "requests/s (range)": `${round(of(server, "rps"))} (${server.runs.map((run) => round(run.rps)).join(", ")})`,
        "× floor, same Node": isFloor ? "1.00" : ratio.toFixed(2),
        goal: isFloor
          ? "-"
          : `≥ ${GOALS.ratio} ${mark(ratio >= GOALS.ratio)} (bar ${GOALS.bar} ${mark(ratio >= GOALS.bar)})`,
        "p99 ms": of(server, "p99").toFixed(1),
        "p99 goal": isFloor ? "-" : `≤ ${p99Goal.toFixed(1)} ${mark(of(server, "p99") <= p99Goal)}`,
        "CPU µs/req": of(server, "cpu").toFixed(0),
        errors: server.runs.reduce((sum, run) => sum + run.errors, 0),
      };
    }),
  );
  console.log(
    `Profiles (node --cpu-prof, Node 24, ${PROFILE_SECONDS} s of the same load): the share of each server's busy CPU, and its µs a request, ` +
      `with its own code or packages on the stack (its listener, Express, the logger, and Node's calls from them), ` +
      `and in them alone (the profiler samples wall time: on a busy machine, a thread waiting for a core counts too)`,
  );
  const profiles = {
    site: await profiledShares((execArgv) => startSite(process.execPath, PORTS.profiled, execArgv), script, dir),
    floor: await profiledShares(
      (execArgv) => startFloor(process.execPath, PORTS.profiled, answer, execArgv),
      script,
      dir,
    ),
  };
  console.table(Object.entries(profiles).map(([server, shares]) => ({ server, ...shares })));
  await rm(dir, { recursive: true, force: true });
}
