/**
 * The benchmark's cluster section: the page mix from one instance and from `npm run start:cluster`
 * (Varnish in front of two), with the CPU time each tier spends per request (/proc), then the share
 * of lookups Varnish answered from its cache (varnishstat).
 *
 * The goal is judged on the CPU Varnish spends per request against one instance's, not on
 * requests/s: the load generator (autocannon, one thread of this process) shares the 2 cores and
 * caps both at about the same rate, so requests/s shows its ceiling more than the tier's.
 */
import { execFileSync } from "node:child_process";

import { clusterWorkDir, startCluster, startServer } from "#tests/support/server-process.mjs";
import { cpuTime } from "./cpu-time.mjs";
import { load, loadRow, mark, PAGE_MIX, withServer } from "./shared.mjs";

/** The cluster takes its port and the two after it. */
const PORTS = { single: 3325, cluster: 3326 };
const LOAD = { connections: 32, seconds: 10, paths: PAGE_MIX };
/** Varnish's CPU per request at most a quarter of one instance's: the tier serves four for each one an instance can. */
const GOALS = { cpuRatio: 0.25, hitRatio: 0.99 };

/** Varnish's counters: lookups answered from the cache, and those that went to an instance. */
function cacheCounters(port) {
  const { counters } = JSON.parse(
    execFileSync("varnishstat", ["-n", clusterWorkDir(port), "-1", "-j"], { encoding: "utf8" }),
  );
  const value = (name) => counters[`MAIN.${name}`].value;
  return { hits: value("cache_hit"), misses: value("cache_miss") + value("cache_hitmiss") + value("cache_hitpass") };
}

/**
 * `load` on `origin`, with the CPU time in µs per request that each of `tiers` (a name → the pids
 * and process groups it runs as) spent from just before the load to just after it.
 */
async function loadWithCpu(origin, tiers) {
  const spent = () => Object.fromEntries(Object.entries(tiers).map(([name, processes]) => [name, cpuTime(processes)]));
  const before = spent();
  const figures = await load(origin, LOAD);
  const after = spent();
  const cpu = Object.fromEntries(
    Object.keys(tiers).map((name) => [name, (after[name] - before[name]) / figures.requests]),
  );
  return { ...figures, cpu };
}

const micros = (value) => (value === undefined ? "-" : value.toFixed(1));

export async function clusterSection() {
  console.log(
    `Cluster: ${PAGE_MIX.length} pages at ${LOAD.connections} connections for ${LOAD.seconds} s, one instance against ` +
      `Varnish in front of two, with each tier's CPU time per request (goals: Varnish's CPU per request ≤ ` +
      `${GOALS.cpuRatio}× one instance's, zero errors, ≥ ${GOALS.hitRatio * 100}% of lookups answered by the cache)`,
  );
  const generator = { pids: [process.pid] };
  const alone = await withServer(startServer(PORTS.single), async ({ origin, child }) => {
    // Each page rendered and cached first, so the instance's CPU per request is a cache hit's, as
    // Varnish's is (the cluster starts cold: each page's first request is what reaches its instances).
    await load(origin, { connections: 1, amount: PAGE_MIX.length, paths: PAGE_MIX });
    return loadWithCpu(origin, { node: { pids: [child.pid] }, generator });
  });
  const behind = await withServer(
    startCluster(PORTS.cluster, { stderr: "ignore" }),
    async ({ origin, varnishPid, instances }) => ({
      // varnishd runs in a process group of its own (scripts/cluster/run-cluster.mjs), with the cache process it forks.
      ...(await loadWithCpu(origin, {
        varnish: { groups: [varnishPid] },
        node: { pids: instances.map((instance) => instance.pid) },
        generator,
      })),
      ...cacheCounters(PORTS.cluster),
    }),
  );
  const hitRatio = behind.hits / (behind.hits + behind.misses);
  const cpuRatio = behind.cpu.varnish / alone.cpu.node;
  const cpuColumns = ({ cpu }) => ({
    "Node µs/req": micros(cpu.node),
    "Varnish µs/req": micros(cpu.varnish),
    "load generator µs/req": micros(cpu.generator),
  });
  /** @type {[string, typeof alone]} */
  const vs = ["vs one instance", alone];
  console.table([
    loadRow("one instance (npm start)", alone, vs, { ...cpuColumns(alone), "cache hits": "-", goals: "-" }),
    loadRow("cluster (npm run start:cluster)", behind, vs, {
      ...cpuColumns(behind),
      "cache hits": `${(hitRatio * 100).toFixed(2)}% (${behind.hits} of ${behind.hits + behind.misses})`,
      goals: mark(cpuRatio <= GOALS.cpuRatio && !behind.errors && hitRatio >= GOALS.hitRatio),
    }),
  ]);
  const ceilings = [alone, behind].map(({ cpu }) => Math.round(1e6 / cpu.generator));
  console.log(
    `Varnish spends ${micros(behind.cpu.varnish)} µs of CPU per request, one instance ${micros(alone.cpu.node)}: ` +
      `${cpuRatio.toFixed(2)}× (goal ≤ ${GOALS.cpuRatio}×) ${mark(cpuRatio <= GOALS.cpuRatio)}. At its ` +
      `${micros(alone.cpu.generator)} and ${micros(behind.cpu.generator)} µs per request, the load generator could ask ` +
      `for at most ${ceilings.join(" and ")} requests/s with a whole core to itself.`,
  );
}
