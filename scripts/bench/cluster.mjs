/**
 * The benchmark's cluster section: the page mix from one instance and from `npm run start:cluster`
 * (Varnish in front of two), then the share of lookups Varnish answered from its cache (varnishstat).
 */
import { execFileSync } from "node:child_process";

import { clusterWorkDir, startCluster, startServer } from "#scripts/lib/server-process.mjs";
import { load, loadRow, mark, PAGE_MIX, withServer } from "./shared.mjs";

/** The cluster takes its port and the two after it. */
const PORTS = { single: 3325, cluster: 3326 };
const LOAD = { connections: 32, seconds: 10, paths: PAGE_MIX };
const GOALS = { speedup: 2, hitRatio: 0.99 };

/** Varnish's counters: lookups answered from the cache, and those that went to an instance. */
function cacheCounters(port) {
  const { counters } = JSON.parse(
    execFileSync("varnishstat", ["-n", clusterWorkDir(port), "-1", "-j"], { encoding: "utf8" }),
  );
  const value = (name) => counters[`MAIN.${name}`].value;
  return { hits: value("cache_hit"), misses: value("cache_miss") + value("cache_hitmiss") + value("cache_hitpass") };
}

export async function clusterSection() {
  console.log(
    `Cluster: ${PAGE_MIX.length} pages at ${LOAD.connections} connections for ${LOAD.seconds} s, one instance against ` +
      `Varnish in front of two (goals: ≥ ${GOALS.speedup}× one instance, zero errors, ` +
      `≥ ${GOALS.hitRatio * 100}% of lookups answered by the cache)`,
  );
  const alone = await withServer(startServer(PORTS.single), ({ origin }) => load(origin, LOAD));
  const behind = await withServer(startCluster(PORTS.cluster, { stderr: "ignore" }), async ({ origin }) => ({
    ...(await load(origin, LOAD)),
    ...cacheCounters(PORTS.cluster),
  }));
  const hitRatio = behind.hits / (behind.hits + behind.misses);
  const vs = ["vs one instance", alone];
  console.table([
    loadRow("one instance (npm start)", alone, vs, { "cache hits": "-", goals: "-" }),
    loadRow("cluster (npm run start:cluster)", behind, vs, {
      "cache hits": `${(hitRatio * 100).toFixed(2)}% (${behind.hits} of ${behind.hits + behind.misses})`,
      goals: mark(behind.rps / alone.rps >= GOALS.speedup && !behind.errors && hitRatio >= GOALS.hitRatio),
    }),
  ]);
}
