/**
 * The benchmark's cluster section: the page mix from one instance (`npm start`, its page cache on)
 * and from the cluster (`npm run start:cluster`: Varnish in front of two instances), 32 connections
 * for 10 s each, one after the other; then the share of the cluster's lookups that Varnish answered
 * from its cache, from its own counters (varnishstat).
 */
import { execFileSync } from "node:child_process";

import { SECTION_PAGES } from "../pages.mjs";
import { clusterWorkDir, startCluster, startServer } from "../server-process.mjs";
import { load, mark } from "./shared.mjs";

/** The cluster takes its port and the two after it. */
const PORTS = { single: 3325, cluster: 3326 };
const PAGES = [...SECTION_PAGES, "/artists/film/mira-castell", "/artists/photography/marisol-vance"];
const LOAD = { connections: 32, seconds: 10, requests: PAGES.map((path) => ({ method: "GET", path })) };
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
    `Cluster: ${PAGES.length} pages at ${LOAD.connections} connections for ${LOAD.seconds} s, one instance against ` +
      `Varnish in front of two (goals: ≥ ${GOALS.speedup}× one instance, zero errors, ` +
      `≥ ${GOALS.hitRatio * 100}% of lookups answered by the cache)`,
  );
  const single = await startServer(PORTS.single);
  let alone;
  try {
    alone = await load(single.origin, LOAD);
  } finally {
    single.child.kill();
  }
  const cluster = await startCluster(PORTS.cluster, { stderr: "ignore" });
  try {
    const behind = await load(cluster.origin, LOAD);
    const { hits, misses } = cacheCounters(PORTS.cluster);
    const hitRatio = hits / (hits + misses);
    const row = (server, figures, extra) => ({
      server,
      "requests/s": figures.rps,
      "vs one instance": (figures.rps / alone.rps).toFixed(2),
      "p50 ms": figures.p50,
      "p99 ms": figures.p99,
      errors: figures.errors,
      ...extra,
    });
    console.table([
      row("one instance (npm start)", alone, { "cache hits": "-", goals: "-" }),
      row("cluster (npm run start:cluster)", behind, {
        "cache hits": `${(hitRatio * 100).toFixed(2)}% (${hits} of ${hits + misses})`,
        goals: mark(behind.rps / alone.rps >= GOALS.speedup && !behind.errors && hitRatio >= GOALS.hitRatio),
      }),
    ]);
  } finally {
    cluster.child.kill("SIGTERM");
    await new Promise((resolve) => cluster.child.once("exit", resolve));
  }
}
