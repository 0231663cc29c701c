/**
 * `npm run media:demo [-- --reels]`: writes the demo content's generated sources into every empty
 * slot of media/ (--reels: only the reels'). The media build knows nothing of the demo.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

import { writeDemoSources } from "./write-sources.ts";
import { planJobs } from "#media-build/plan-jobs.ts";
import { SITE_CONTENT } from "#media-build/site-content.ts";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== "--reels");
if (unknown.length > 0)
  throw new Error(`unknown argument ${unknown.join(" ")}; usage: npm run media:demo [-- --reels]`);

await writeDemoSources(planJobs(SITE_CONTENT), {
  root: ROOT,
  force: false,
  log: (line) => console.log(line),
  only: args.includes("--reels") ? (job) => "source" in job && job.source.of.kind === "reel" : undefined,
});
