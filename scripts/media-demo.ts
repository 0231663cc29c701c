/**
 * `npm run media:demo [-- --reels]`: writes the demo content's generated sources
 * (scripts/media/demo.ts) into every empty slot of media/; `npm run media` then makes the site's
 * media from them as from an operator's files. The media build itself knows nothing of the demo:
 * a forgotten file stays an error there, never a silent abstract picture. --reels writes only the
 * reels' sources. The sources are seeded and written bit-exact, so a rerun writes the same bytes.
 * Needs ffmpeg and the fonts listed in scripts/build-media.ts.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

import { writeDemoSources } from "./media/demoSources";
import { planJobs, SITE_CONTENT } from "./media/jobs";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== "--reels");
if (unknown.length > 0) throw new Error(`unknown argument ${unknown.join(" ")}; usage: npm run media:demo [-- --reels]`);

await writeDemoSources(planJobs(SITE_CONTENT), {
  root: ROOT,
  force: false,
  log: (line) => console.log(line),
  only: args.includes("--reels") ? (job) => "source" in job && job.source.of.kind === "reel" : undefined,
});
