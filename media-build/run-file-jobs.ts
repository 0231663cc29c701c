/** Running the file jobs: which are out of date, from the files they read as they are now, and making them. */
import { existsSync } from "node:fs";
import path from "node:path";

import { mapLimited } from "#lib/pool.ts";
import { countedLog, secondsSince } from "#lib/progress.ts";
import { costOf, fileCount, roughly, wallTime } from "./estimate.ts";
import { diagnosis, type Failures, reasonOf } from "./failures.ts";
import { hasher, outputOf, writeAtomically } from "./files.ts";
import { type FileJob, recipeOf } from "./kinds.ts";
import { type Decision, decide, entryKey, type Manifest } from "./manifest.ts";
import { CONCURRENCY, type Pending, type RunOptions, type RunSummary } from "./run-options.ts";

/** Whether a file job's output is up to date, from its files in public/ and the transparent crop it reads. */
export async function fileDecision(
  job: FileJob,
  manifest: Manifest,
  options: RunOptions,
  hashOf: (file: string) => Promise<string>,
): Promise<{ decision: Decision; inputs: string[]; key?: string }> {
  const transparent = job.transparentOf ? manifest[job.transparentOf]?.transparent : undefined;
  const inputs = [...job.files.map((site) => `public${site}`), ...(transparent ? [transparent] : [])];
  const present = inputs.every((file) => existsSync(path.join(options.root, file)));
  const key = present
    ? entryKey(recipeOf(job), await Promise.all(inputs.map(async (file) => [file, await hashOf(file)] as const)))
    : undefined;
  return {
    decision: decide(key, manifest[job.site], existsSync(path.join(options.root, "public", job.site)), options.force),
    inputs,
    key,
  };
}

/** Makes the file jobs' outputs that are not up to date; those reading an output not made are skipped. */
export async function runFileJobs(
  jobs: FileJob[],
  manifest: Manifest,
  options: RunOptions,
  summary: RunSummary,
  failures: Failures,
): Promise<void> {
  const { log } = options;
  const { hashOf } = hasher(options.root);
  const pending: Pending<FileJob>[] = [];
  for (const job of jobs) {
    const unmade = job.files.find((site) => failures.of(site));
    if (unmade) {
      failures.skipReader(unmade, job.site);
      continue;
    }
    const { decision, inputs, key } = await fileDecision(job, manifest, options, hashOf);
    if (decision === "make" && key) pending.push({ job, inputs, key });
    else if (decision === "up to date") summary.upToDate++;
    else if (decision === "keep") summary.kept++;
    else if (decision === "missing")
      throw new Error(`public${job.site} is missing, and so is what it is made from: ${inputs.join(", ")}`);
  }
  for (const { source, dependents } of failures.list())
    if (dependents.length > 0) log(`skipped, as ${source} could not be used: ${dependents.join(", ")}`);
  if (pending.length > 0)
    log(
      `making ${fileCount(pending.length)} from files in public/ (${roughly(wallTime(pending.map(({ job }) => costOf(job))))})`,
    );
  const done = countedLog(log, pending.length);
  await mapLimited(pending, CONCURRENCY, async ({ job, inputs, key }) => {
    const started = Date.now();
    const display = `public${job.site}`;
    try {
      await writeAtomically(outputOf(options.root, job), false, (out) =>
        job.make(
          inputs.map((file) => path.join(options.root, file)),
          out,
          display,
        ),
      );
    } catch (error) {
      const reason = diagnosis(reasonOf(error), undefined);
      if (failures.fail(inputs.join(", "), reason))
        log(`could not make ${display} from ${inputs.join(", ")}: ${reason}`);
      return failures.notMade(inputs.join(", "), job.site);
    }
    manifest[job.site] = { from: inputs, key };
    summary.made++;
    options.made?.(job);
    done(`${inputs.join(", ")} → ${display} (${secondsSince(started)})`);
  });
}
