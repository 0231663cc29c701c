/** Runs the jobs under a root folder (the repository, or a test's): those made from sources, then the file jobs. */
import { existsSync } from "node:fs";
import path from "node:path";

import { MEDIA_DIR } from "#model/media-paths.ts";
import { encodeProgress } from "#media-build/recipes/ffmpeg.ts";
import { costOf, encodeReporter, fileCount, roughly, wallTime } from "./estimate.ts";
import { type Failures, failureLog } from "./failures.ts";
import { fileDecision, runFileJobs } from "./run-file-jobs.ts";
import { hasher, removeLeftovers } from "./files.ts";
import { type FileJob, isSourceJob, type Job } from "./kinds.ts";
import { type Manifest, readManifest, writeManifest } from "./manifest.ts";
import type { RunOptions, RunSummary } from "./run-options.ts";
import { decideSourceJobs, runSourceJobs, type SourceDecisions } from "./run-source-jobs.ts";

/**
 * The line a run starts with: how many files it will make, and roughly how long. The file jobs are
 * "up to": a remade output that comes out the same bytes leaves those reading it up to date.
 */
async function announce(
  decided: SourceDecisions,
  fileJobs: FileJob[],
  manifest: Manifest,
  options: RunOptions,
  failures: Failures,
): Promise<void> {
  if (decided.pending.length === 0) return;
  const remade = new Set(decided.pending.map(({ job }) => job.site));
  const { hashOf } = hasher(options.root);
  const following: FileJob[] = [];
  for (const job of fileJobs) {
    if (job.files.some((site) => failures.of(site))) continue;
    if (
      job.files.some((site) => remade.has(site)) ||
      (await fileDecision(job, manifest, options, hashOf)).decision === "make"
    )
      following.push(job);
  }
  const work =
    wallTime(decided.pending.map(({ job, inputs: [file] }) => costOf(job, decided.infos.get(file)))) +
    wallTime(following.map((job) => costOf(job)));
  const then = following.length > 0 ? `, then up to ${following.length} read from them` : "";
  options.log(`making ${fileCount(decided.pending.length)} from sources in ${MEDIA_DIR}/${then} (${roughly(work)})`);
}

/**
 * Makes every output that is not up to date. The manifest keeps the current jobs' entries and is
 * saved even when the run stops; a file that cannot be used does not stop it (the summary's `failed`).
 */
export async function buildMedia(jobs: Job[], options: RunOptions): Promise<RunSummary> {
  await removeLeftovers(path.join(options.root, "public"));
  await removeLeftovers(path.join(options.root, MEDIA_DIR));
  const previous = await readManifest(options.root);
  const manifest: Manifest = Object.fromEntries(
    jobs.flatMap((job) => (previous[job.site] ? [[job.site, previous[job.site]]] : [])),
  );
  // Outputs the content no longer names (a renamed still, a logo strip after the list changed).
  // Cached pages may still point at them for a day, so they are named, not deleted.
  for (const site of Object.keys(previous).filter((site) => !(site in manifest))) {
    if (existsSync(path.join(options.root, "public", site)))
      options.log(`unused: public${site} (no content names it now; delete it once cached pages have moved on)`);
  }
  const summary: RunSummary = { made: 0, upToDate: 0, kept: 0, failed: [] };
  const failures = failureLog();
  const selected = options.only ? jobs.filter(options.only) : jobs;
  const fileJobs = selected.filter((job): job is FileJob => !isSourceJob(job));
  const encodes = encodeReporter(options);
  try {
    await encodeProgress.run(encodes.listener, async () => {
      const decided = await decideSourceJobs(selected.filter(isSourceJob), manifest, options, summary, failures);
      await announce(decided, fileJobs, manifest, options, failures);
      await runSourceJobs(decided, manifest, options, summary, failures);
      await runFileJobs(fileJobs, manifest, options, summary, failures);
    });
  } finally {
    encodes.stop();
    await writeManifest(options.root, manifest);
  }
  summary.failed = failures.list();
  return summary;
}
