/** Running the source jobs: each source read through first (a bad one costs only its outputs), then made. */
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";

import type { Film } from "#model/content.ts";
import { mapLimited } from "#lib/pool.ts";
import { countedLog, secondsSince } from "#lib/progress.ts";
import { ffmpeg } from "#media-build/recipes/ffmpeg.ts";
import { probeSource, type SourceInfo } from "#media-build/recipes/probe.ts";
import { diagnosis, type Failures, missingSourcesMessage, reasonOf } from "./failures.ts";
import { hasher, outputOf, writeAtomically } from "./files.ts";
import { recipeOf, type Source, type SourceJob } from "./kinds.ts";
import { decide, entryKey, filmFacts, MANIFEST, type Manifest, type ManifestEntry } from "./manifest.ts";
import { CONCURRENCY, type Pending, type RunOptions, type RunSummary } from "./run-options.ts";
import { findSource, listSources } from "./sources.ts";

/**
 * Reads a source, and every packet of a film (a quarter of a second for a 30 s 1080p reel), so a
 * file cut short fails before its encodes, even when its index still gives its full length.
 */
async function readSource(root: string, file: string, type: Source["slot"]["type"]): Promise<SourceInfo> {
  const info = await probeSource(path.join(root, file), type);
  // Picture and sound: a stream left out is not checked; others (timecode, subtitles) are not used.
  if (type === "video")
    await ffmpeg(
      ["-i", path.join(root, file), "-map", "0:v", "-map", "0:a?", "-c", "copy", "-f", "null", "-"],
      [],
      file,
    );
  return info;
}

/** Reads every source to be used, once; the jobs of one that cannot be read become failures. */
async function readSources(
  root: string,
  pending: Pending<SourceJob>[],
  failures: Failures,
  log: RunOptions["log"],
): Promise<{ readable: Pending<SourceJob>[]; infos: Map<string, SourceInfo> }> {
  const infos = new Map<string, SourceInfo>();
  const readable: Pending<SourceJob>[] = [];
  for (const entry of pending) {
    const {
      job,
      inputs: [file],
    } = entry;
    if (!infos.has(file) && !failures.has(file)) {
      try {
        infos.set(file, await readSource(root, file, job.source.slot.type));
      } catch (error) {
        const reason = diagnosis(reasonOf(error), job.source.slot.type);
        log(`cannot read ${file}: ${reason}`);
        failures.fail(file, reason);
      }
    }
    if (failures.has(file)) failures.notMade(file, job.site);
    else readable.push(entry);
  }
  return { readable, infos };
}

/** Sources smaller than a frame they fill: the output is enlarged from them, so it looks soft. */
function enlargementWarnings(pending: Pending<SourceJob>[], infos: Map<string, SourceInfo>): string[] {
  return pending.flatMap(({ job, inputs: [file] }) => {
    const info = infos.get(file);
    if (!job.fills || !info || (info.width >= job.fills.width && info.height >= job.fills.height)) return [];
    const { width, height } = job.fills;
    return [
      `warning: ${file} is ${info.width}×${info.height}, smaller than the ${width}×${height} of public${job.site}, which will look soft: give a larger original`,
    ];
  });
}

/** The manifest entry of a source job's output: a film's records what was read of it too, a still its transparent crop. */
function sourceEntry(
  job: SourceJob,
  file: string,
  key: string,
  info: SourceInfo,
  transparent: string | undefined,
): ManifestEntry {
  if (job.source.slot.type === "video") return { from: [file], key, film: filmFacts(info) };
  return transparent ? { from: [file], key, transparent } : { from: [file], key };
}

/** Whether an output's transparent crop (in media/, not committed) is gone: the still is then remade. */
const transparentGone = (root: string, recorded: ManifestEntry | undefined): boolean =>
  recorded?.transparent !== undefined && !existsSync(path.join(root, recorded.transparent));

/** Adds its film to an up-to-date entry recorded before films were (a header read). */
async function addFilms(
  root: string,
  upToDate: { job: SourceJob; file: string }[],
  manifest: Manifest,
  log: RunOptions["log"],
): Promise<void> {
  const films = new Map<string, Film | null>();
  for (const { job, file } of upToDate) {
    const entry = manifest[job.site];
    if (job.source.slot.type !== "video" || !entry || entry.film) continue;
    if (!films.has(file)) {
      try {
        films.set(file, filmFacts(await probeSource(path.join(root, file), "video")));
      } catch (error) {
        log(
          `warning: could not read the length and size of ${file} for the manifest: ${reasonOf(error).split("\n")[0]}`,
        );
        films.set(file, null);
      }
    }
    const film = films.get(file);
    if (film) manifest[job.site] = { ...entry, film };
  }
}

/** The source jobs to run, with what was read of each source. */
export interface SourceDecisions {
  pending: Pending<SourceJob>[];
  infos: Map<string, SourceInfo>;
}

/** Decides which source jobs to run; throws first on a missing output whose source is missing too. */
export async function decideSourceJobs(
  jobs: SourceJob[],
  manifest: Manifest,
  options: RunOptions,
  summary: RunSummary,
  failures: Failures,
): Promise<SourceDecisions> {
  const { root, force, log } = options;
  const listing = await listSources(root);
  const { hashOf, hashes } = hasher(root);
  const pending: Pending<SourceJob>[] = [];
  const upToDate: { job: SourceJob; file: string }[] = [];
  const missing = new Map<string, { slot: Source["slot"]; outputs: string[] }>();
  for (const job of jobs) {
    const file = findSource(job.source.slot, listing);
    const key = file ? entryKey(recipeOf(job), [[file, await hashOf(file)]]) : undefined;
    const decided = decide(key, manifest[job.site], existsSync(path.join(root, "public", job.site)), force);
    const decision = decided === "up to date" && transparentGone(root, manifest[job.site]) ? "make" : decided;
    if (decision === "make" && file && key) pending.push({ job, inputs: [file], key });
    else if (decision === "up to date" && file) {
      summary.upToDate++;
      upToDate.push({ job, file });
    } else if (decision === "keep") summary.kept++;
    else if (decision === "missing") {
      const entry = missing.get(job.source.slot.base) ?? { slot: job.source.slot, outputs: [] };
      entry.outputs.push(`public${job.site}`);
      missing.set(job.source.slot.base, entry);
    }
  }
  if (missing.size > 0) throw new Error(missingSourcesMessage([...missing.values()]));
  // A misspelt folder or name would otherwise leave the output silently as it was.
  // (With `only`, the other jobs' sources are simply not looked at.)
  if (!options.only)
    for (const file of listing.filter((file) => file !== MANIFEST && !hashes.has(file)))
      log(`ignored ${file}: no content entry takes a file of that name`);
  await addFilms(root, upToDate, manifest, log);
  const { readable, infos } = await readSources(root, pending, failures, log);
  for (const warning of enlargementWarnings(readable, infos)) log(warning);
  return { pending: readable, infos };
}

/** Makes the outputs of the planned source jobs; a failure skips the other jobs of its source. */
export async function runSourceJobs(
  { pending, infos }: SourceDecisions,
  manifest: Manifest,
  options: RunOptions,
  summary: RunSummary,
  failures: Failures,
): Promise<void> {
  const { root, log } = options;
  const done = countedLog(log, pending.length);
  await mapLimited(pending, CONCURRENCY, async ({ job, inputs: [file], key }) => {
    const display = `public${job.site}`;
    if (failures.has(file)) return failures.notMade(file, job.site);
    const started = Date.now();
    const info = infos.get(file) as SourceInfo;
    const transparent = info.transparent ? job.transparent : undefined;
    try {
      await writeAtomically(outputOf(root, job), job.kind === "reelHls", (out) =>
        transparent
          ? writeAtomically(path.join(root, transparent), false, (transparentOut) =>
              job.make(path.join(root, file), info, out, display, transparentOut),
            )
          : job.make(path.join(root, file), info, out, display),
      );
      // An opaque picture in place of a transparent one: nothing reads the old crop now.
      if (job.transparent && !transparent) await rm(path.join(root, job.transparent), { force: true });
    } catch (error) {
      const reason = diagnosis(reasonOf(error), job.source.slot.type);
      if (failures.fail(file, reason)) log(`could not make ${display} from ${file}: ${reason}`);
      return failures.notMade(file, job.site);
    }
    manifest[job.site] = sourceEntry(job, file, key, info, transparent);
    summary.made++;
    options.made?.(job);
    done(`${file} → ${display} (${secondsSince(started)})`);
  });
}
