/**
 * `npm run bench` (after `npm run build`): how fast each page reaches a phone, how much the server
 * takes, how fast the reels start, the cluster, the other engines, a larger roster and a film saved
 * through the editing service, what the analytics cost, how soon a push shows on a site that follows its
 * branch, and a page-cache hit against a bare Node server, each figure next to its goal; a benchmark, not a
 * test. docs/benchmarks.md says what each section measures and how to read it.
 * `--only=pages|reels|cluster|engines|roster|edit|analytics|follow|hit`
 * (or BENCH_ONLY) runs that section alone; each section is its own module in scripts/bench/.
 */
import { analyticsSection } from "#scripts/bench/analytics.mjs";
import { cacheHitSection } from "#scripts/bench/cache-hit.mjs";
import { clusterSection } from "#scripts/bench/cluster.mjs";
import { editServiceSection } from "#scripts/bench/edit-service.mjs";
import { enginesSection } from "#scripts/bench/engines.mjs";
import { followSection } from "#scripts/bench/follow.mjs";
import { pagesSection } from "#scripts/bench/pages.mjs";
import { reelStartSection } from "#scripts/bench/reel-start.mjs";
import { rosterSection } from "#scripts/bench/roster.mjs";

/** The sections, in the order the whole bench runs them; each also runs alone. */
const SECTIONS = {
  pages: pagesSection,
  reels: reelStartSection,
  cluster: clusterSection,
  engines: enginesSection,
  roster: rosterSection,
  edit: editServiceSection,
  analytics: analyticsSection,
  follow: followSection,
  hit: cacheHitSection,
};
const ONLY = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length) ?? process.env.BENCH_ONLY;
if (ONLY !== undefined && !(ONLY in SECTIONS))
  throw new Error(
    `--only=${ONLY}: the sections are ${Object.keys(SECTIONS)
      .map((name) => `"${name}"`)
      .join(", ")}`,
  );
for (const [name, section] of Object.entries(SECTIONS)) if (ONLY === undefined || ONLY === name) await section();
