/**
 * A save's media, for the save pipeline's worker (save-pipeline.ts): the jobs of the sources it
 * filed made (their sources fetched from the bucket where this copy lacks them), then published to
 * the bucket when there is one, as `npm run media` and `npm run media:publish` would.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

import { MEDIA_DIR } from "#model/media-paths.ts";
import { validateContent } from "#content-check/check.ts";
import { readContentFiles } from "#content-check/read.ts";
import { failureReport } from "#media-build/failures.ts";
import { isSourceJob, type Job, mediaContentOf } from "#media-build/kinds.ts";
import { planJobs } from "#media-build/plan-jobs.ts";
import { buildMedia } from "#media-build/run.ts";
import { fetchLackingSources, readBy } from "#media-publish/lacking-sources.ts";
import { publishMedia } from "#media-publish/publish.ts";
import type { Settings as BucketSettings } from "#media-publish/settings.ts";
import { isSourcePath } from "#media-publish/source-list.ts";

const run = promisify(execFile);
const log = (line: string) => console.log(line);

/** The media jobs of the content as the working copy has it (a save's, taken up again after a restart). */
export function plannedJobs(root: string): Job[] {
  const { content, problems } = validateContent(readContentFiles(root), { publicDir: null });
  if (content === undefined) throw new Error(`the content no longer passes its check: ${problems.join("; ")}`);
  return planJobs(mediaContentOf(content));
}

/** Files under `folder` that git sees changed or new in the working copy (the media build's outputs). */
async function changedUnder(dir: string, folder: string): Promise<string[]> {
  const { stdout } = await run("git", ["status", "--porcelain", "-z", "--untracked-files=all", "--", folder], {
    cwd: dir,
    maxBuffer: 64 * 1024 * 1024,
    timeout: 5 * 60_000,
  });
  return stdout
    .split("\0")
    .filter((line) => line.length > 3)
    .map((line) => line.slice(3));
}

/**
 * The media jobs of the sources a save filed: their outputs and what is read from those. The service's
 * clone holds no other entry's sources (git leaves them out), nor, with a bucket, their outputs: a run
 * of every job would find those missing. The manifest still forgets the outputs of what the save
 * removed: it keeps the entries of every job planned, run or not (media-build/run.ts).
 */
function jobsOfSave(jobs: Job[], touched: string[]): (job: Job) => boolean {
  const sources = new Set(
    touched.filter((file) => file.startsWith(`${MEDIA_DIR}/`)).map((file) => file.replace(/\.[^./]+$/, "")),
  );
  const outputs = new Set(
    jobs.filter((job) => isSourceJob(job) && sources.has(job.source.slot.base)).map(({ site }) => site),
  );
  return (job) => outputs.has(job.site) || (!isSourceJob(job) && job.files.some((file) => outputs.has(file)));
}

/** The save's media made in the working copy at `root`: the files made under public/, or why they could not be. */
export async function makeSaveMedia(
  root: string,
  bucket: BucketSettings | undefined,
  jobs: Job[],
  touched: string[],
): Promise<{ files: string[] } | { failed: string }> {
  const only = jobsOfSave(jobs, touched);
  // A source its jobs read that this copy lacks (a service started afresh on a new disk) comes from the bucket.
  await fetchLackingSources(root, bucket, { only: readBy(jobs.filter(only)), log });
  const { failed } = await buildMedia(jobs, { root, force: false, only, log });
  if (failed.length > 0) return { failed: failureReport(failed).join("\n") };
  // A working copy that is no repository (`npm run edit` on a downloaded copy) has nothing to commit.
  return { files: await changedUnder(root, "public").catch(() => []) };
}

/**
 * The sources the save filed kept in the bucket (listed in media/sources.json, which lands with it:
 * this disk is not their only copy), and the media published where the site reads them; a source or
 * an output of the save's (`made`) that did not get there stops it. Nothing without a bucket.
 */
export async function publishSave(
  root: string,
  bucket: BucketSettings | undefined,
  touched: string[],
  made: string[],
): Promise<void> {
  if (!bucket) return;
  const { openBucket } = await import("#media-publish/bucket.ts");
  const { publishSources } = await import("#media-publish/sources.ts");
  const client = await openBucket(bucket);
  const sources = await publishSources(client, root, touched.filter(isSourcePath), {
    bucket: bucket.sourcesBucket,
    prefix: bucket.prefix,
    log,
  });
  const published = await publishMedia(client, root, { bucket: bucket.bucket, prefix: bucket.prefix, log });
  const own = new Set(made.map((file) => file.slice("public".length)));
  const lost = [
    ...sources.failed.map(({ key, error }) => `${key}: ${error}`),
    ...published.failed.map(({ key, error }) => `${key}: ${error}`),
    ...published.missing.filter((site) => own.has(site)),
  ];
  if (lost.length > 0) throw new Error(`the media could not be published: ${lost.join("; ")}`);
}
