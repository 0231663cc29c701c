/** `npm run media`: makes every file the content needs, then reports sizes, the reels' quality and failures. */
import path from "node:path";

import { MEDIA_KIND_ENTRIES } from "#model/media-kinds.ts";
import { commandOutput, progressEvery } from "#lib/progress.ts";
import { ffprobe } from "#media-build/recipes/ffmpeg.ts";
import { qualityTable, reelQuality } from "#media-build/recipes/reel-quality.ts";
import { failureReport } from "./failures.ts";
import type { Job, SourceJob } from "./kinds.ts";
import { planJobs } from "./plan-jobs.ts";
import { buildMedia } from "./run.ts";
import type { RunOptions } from "./run-options.ts";
import { sizeReport } from "./size-report.ts";
import { sourceFileOf } from "./sources.ts";

const FLAGS = ["--force", "--reels", "--report"];
const USAGE = "npm run media [-- --force] [-- --reels] [-- --report]";

/** The kinds a reel has a file of (model/media-kinds.ts). */
const REEL_KINDS = new Set<string>(MEDIA_KIND_ENTRIES.filter(([, row]) => row.place === "reel").map(([kind]) => kind));

/** The reels' jobs, and the jobs that read their outputs (the posters' ladders, the reels' link previews): `--reels`. */
function reelsAndReaders(jobs: Job[]): Set<Job> {
  const selected = new Set(jobs.filter((job) => REEL_KINDS.has(job.kind)));
  for (let grew = true; grew;) {
    grew = false;
    const sites = new Set([...selected].map((job) => job.site));
    for (const job of jobs) {
      if (!selected.has(job) && "files" in job && job.files.some((file) => sites.has(file))) {
        selected.add(job);
        grew = true;
      }
    }
  }
  return selected;
}

/** The quality report of each reel whose HLS was made (or every reel, `all`) and whose source is here. */
async function qualityReports(
  root: string,
  jobs: Job[],
  masters: Set<string> | "all",
  notMade: Set<string>,
): Promise<string[]> {
  const lines: string[] = [];
  for (const hls of jobs.filter(
    (job): job is SourceJob => job.kind === "reelHls" && (masters === "all" || masters.has(job.site)),
  )) {
    const mp4 = jobs.find(
      (job) => job.kind === "reelMp4" && "source" in job && job.source.slot.base === hls.source.slot.base,
    );
    if (notMade.has(hls.site) || (mp4 && notMade.has(mp4.site))) continue;
    const file = await sourceFileOf(root, hls.source.slot);
    if (!file || !mp4) {
      lines.push(`public${hls.site}: no source in media/ to measure against`);
      continue;
    }
    const source = path.join(root, file);
    const started = Date.now();
    const rows = await reelQuality(
      source,
      await ffprobe(source),
      path.dirname(path.join(root, "public", hls.site)),
      path.join(root, "public", mp4.site),
      `quality of public${hls.site}`,
    );
    lines.push(
      ...qualityTable(`${path.dirname(hls.site)} (measured in ${((Date.now() - started) / 1000).toFixed(0)} s)`, rows),
      "",
    );
  }
  return lines;
}

/** Runs `npm run media` with `args` on the repository at `root`. */
export async function mediaCommand(args: string[], root: string): Promise<void> {
  const unknown = args.filter((arg) => !FLAGS.includes(arg));
  if (unknown.length > 0) throw new Error(`unknown argument ${unknown.join(" ")}; usage: ${USAGE}`);
  const started = Date.now();
  // Loaded here rather than imported above: it reads the content files as it loads, and a problem
  // there must end as a message (scripts/cli/build-media.ts's catch), not as a stack trace.
  const { SITE_CONTENT } = await import("./site-content.ts");
  const jobs = planJobs(SITE_CONTENT);
  const reels = args.includes("--reels") ? reelsAndReaders(jobs) : undefined;
  const madeMasters = new Set<string>();
  const options: RunOptions = {
    root,
    force: args.includes("--force"),
    ...commandOutput(),
    progressEvery: progressEvery(),
    only: reels ? (job: Job) => reels.has(job) : undefined,
    made: (job: Job) => (job.kind === "reelHls" ? madeMasters.add(job.site) : undefined),
  };
  const { made, upToDate, kept, failed } = await buildMedia(jobs, options);
  if (made > 0) console.log(`\n${(await sizeReport(jobs, root)).join("\n")}`);
  // Failures name files as "public/…"; jobs know them by site path.
  const notMade = new Set(
    failed.flatMap((failure) => [...failure.outputs, ...failure.dependents]).map((file) => file.slice("public".length)),
  );
  const report = await qualityReports(root, jobs, args.includes("--report") ? "all" : madeMasters, notMade);
  if (report.length > 0) console.log(`\n${report.join("\n")}`);
  if (kept > 0)
    console.log(`kept ${kept} outputs whose source is not in media/ (as committed; add the source to remake one)`);
  console.log(`${made} made, ${upToDate} up to date, ${kept} kept in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (failed.length > 0) {
    console.error(`\n${failureReport(failed).join("\n")}`);
    process.exitCode = 1;
  }
}
