/**
 * Runs the jobs of scripts/media/jobs.ts under a root folder (the repository, or a test's temp
 * folder): finds each job's source in media/, decides from the manifest what is up to date, reads
 * every source it will use before making anything, then makes the rest two at a time, each under
 * a temporary name that is moved into place once complete.
 *
 * A source that cannot be read, before or while it is used, costs only its own outputs and the
 * files read from them: everything else is made and recorded, and the summary lists each failure.
 * Long encodes show how far they are (RunOptions.status, or a line every PROGRESS_EVERY seconds).
 */
import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

import type { Film } from "../../app/content/types";
import { probeSource, type SourceInfo } from "./derive";
import { encodeProgress, type EncodeProgress, ffmpeg } from "./ffmpeg";
import { type FileJob, type Job, KINDS, type Kind, type Source, type SourceJob } from "./jobs";
import {
  type Decision,
  decide,
  diagnosis,
  entryKey,
  type Failure,
  filmFacts,
  findSource,
  MANIFEST,
  type Manifest,
  type ManifestEntry,
  MEDIA_DIR,
  missingSourcesMessage,
  serializeManifest,
} from "./plan";

/** ffmpeg jobs on a two-core budget. */
export const CONCURRENCY = 2;

export interface RunOptions {
  /** Holds media/ and public/. */
  root: string;
  /** Remake every output that has a source, up to date or not. */
  force: boolean;
  log(line: string): void;
  /**
   * Limits the run to these jobs (`--reels`); the others are neither made nor checked, and their
   * manifest entries stay as they are.
   */
  only?(job: Job): boolean;
  /** Called for each output made. */
  made?(job: Job): void;
  /**
   * On a terminal: shows the progress of the encodes running, one line each, redrawn in place (an
   * empty list clears them). Without it, each running encode logs a line every `progressEvery` seconds.
   */
  status?(lines: string[]): void;
  /** Seconds between two progress lines of one encode in a log; PROGRESS_EVERY by default. */
  progressEvery?: number;
}

export interface RunSummary {
  made: number;
  upToDate: number;
  /** Outputs left as they are because their source is not here. */
  kept: number;
  /** The files that could not be used, and what each left unmade; empty when all went well. */
  failed: Failure[];
}

export const isSourceJob = (job: Job): job is SourceJob => "source" in job;

/** The file or folder (HLS) a job creates. */
function outputOf(root: string, job: Job): string {
  const file = path.join(root, "public", job.site);
  return job.kind === "reelHls" ? path.dirname(file) : file;
}

const PARTIAL = ".partial-";

/** Removes temporary files an interrupted run left behind. */
export async function removeLeftovers(dir: string): Promise<void> {
  if (!existsSync(dir)) return;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.name.startsWith(PARTIAL)) await rm(file, { recursive: true, force: true });
    else if (entry.isDirectory()) await removeLeftovers(file);
  }
}

/**
 * Every file under media/ but hidden ones (.DS_Store) and those in hidden folders (the build's own
 * TRANSPARENT_DIR), as root-relative paths with forward slashes.
 */
export async function listSources(root: string): Promise<string[]> {
  const dir = path.join(root, MEDIA_DIR);
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter((file) => !file.split("/").some((part) => part.startsWith(".")));
}

export async function readManifest(root: string): Promise<Manifest> {
  const file = path.join(root, MANIFEST);
  return existsSync(file) ? (JSON.parse(await readFile(file, "utf8")) as Manifest) : {};
}

async function writeManifest(root: string, manifest: Manifest): Promise<void> {
  await mkdir(path.join(root, MEDIA_DIR), { recursive: true });
  const temporary = path.join(root, MEDIA_DIR, `${PARTIAL}manifest.json`);
  await writeFile(temporary, serializeManifest(manifest));
  await rename(temporary, path.join(root, MANIFEST));
}

function sha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const digest = createHash("sha256");
    createReadStream(file)
      .on("data", (chunk) => digest.update(chunk))
      .on("error", reject)
      .on("end", () => resolve(digest.digest("hex")));
  });
}

/**
 * Content hashes of root-relative files, each read once: several outputs share a source, and a
 * still feeds every file of its ladder and its link preview. One per phase, since the file jobs
 * read what the source jobs have just made.
 */
function hasher(root: string): { hashOf(file: string): Promise<string>; hashes: ReadonlyMap<string, string> } {
  const hashes = new Map<string, string>();
  const hashOf = async (file: string): Promise<string> => {
    const hash = hashes.get(file) ?? (await sha256(path.join(root, file)));
    hashes.set(file, hash);
    return hash;
  };
  return { hashOf, hashes };
}

/** A job's recipe with its kind and the kind's version, so bumping a version remakes the kind. */
const recipeOf = (job: Job): string => `${job.kind}@${KINDS[job.kind].version} ${job.recipe}`;

/** Writes `out` through `make` under a temporary name beside it, then moves it into place. */
export async function writeAtomically(out: string, folder: boolean, make: (temporary: string) => Promise<void>): Promise<void> {
  const temporary = path.join(path.dirname(out), `${PARTIAL}${path.basename(out)}`);
  await rm(temporary, { recursive: true, force: true });
  await mkdir(folder ? temporary : path.dirname(out), { recursive: true });
  try {
    await make(temporary);
    await rm(out, { recursive: true, force: true });
    await rename(temporary, out);
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    throw error;
  }
}

/** Runs tasks `limit` at a time; after a failure starts no new one and rethrows it. */
export async function runAll(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  const queue = [...tasks];
  let failure: unknown;
  const worker = async (): Promise<void> => {
    for (let task = queue.shift(); task && !failure; task = queue.shift()) {
      try {
        await task();
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  if (failure) throw failure;
}

const seconds = (since: number): string => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** One line per file: `[3/40] media/x/clip.mp4 → public/videos/x.mp4 (2.1 s)`. */
export function progress(log: RunOptions["log"], total: number): (from: string, to: string, started: number) => void {
  let done = 0;
  return (from, to, started) => log(`[${++done}/${total}] ${from} → ${to} (${seconds(started)})`);
}

// ---------------------------------------------------------------------------------------------
// How far it is, and how long it will take

/** Seconds between two progress lines of one encode in a log (CI): often enough to see it move. */
export const PROGRESS_EVERY = 10;
/** On a terminal, an encode shows its progress once it has run this long (seconds): short ones would only flicker. */
const STATUS_AFTER = 2;

/** "1 file", "12 files". */
const fileCount = (count: number): string => (count === 1 ? "1 file" : `${count} files`);

/** "about 35 s", "about 4 min". */
function roughly(seconds: number): string {
  return seconds < 90 ? `about ${Math.max(1, Math.round(seconds))} s` : `about ${Math.round(seconds / 60)} min`;
}

/**
 * One encode's progress, `elapsed` seconds in: `  public/x/master.m3u8: 42% (12.6 s of 30.0 s),
 * about 35 s left`; without a known length, the seconds of film made so far.
 */
export function progressLine({ display, seconds, total }: EncodeProgress, elapsed: number): string {
  if (!total) return `  ${display}: ${seconds.toFixed(1)} s of film made in ${roughly(elapsed)}`;
  const done = Math.min(seconds / total, 1);
  const left = done > 0 ? `${roughly((elapsed * (1 - done)) / done)} left` : "starting";
  return `  ${display}: ${Math.floor(done * 100)}% (${seconds.toFixed(1)} s of ${total.toFixed(1)} s), ${left}`;
}

/** The listener of the run's encodes (encodeProgress): shows each running one as RunOptions.status and progressEvery say. */
function progressReporter(options: RunOptions): (progress: EncodeProgress) => void {
  const every = (options.progressEvery ?? PROGRESS_EVERY) * 1000;
  // Each encode's line as of its own last report, so the others' do not drift between theirs.
  const running = new Map<string, { started: number; shown: number; line: string; elapsed: number }>();
  return (progress) => {
    const now = Date.now();
    const encode = running.get(progress.display) ?? { started: now, shown: now, line: "", elapsed: 0 };
    encode.elapsed = now - encode.started;
    encode.line = progressLine(progress, encode.elapsed / 1000);
    if (progress.ended) running.delete(progress.display);
    else running.set(progress.display, encode);
    if (options.status) {
      options.status([...running.values()].filter(({ elapsed }) => elapsed >= STATUS_AFTER * 1000).map(({ line }) => line));
    } else if (!progress.ended && now - encode.shown >= every) {
      encode.shown = now;
      options.log(encode.line);
    }
  };
}

/**
 * Rough seconds of work for one output of a kind, for the estimate a run starts with: per second
 * of the source film for the outputs that run its whole length, else per output. Measured one
 * recipe at a time on this project's 2-core machine (docs/benchmarks.md) on 2026-11-25, with the
 * committed 30 s 1080p demo reel (public/videos/reels/reel-2021.mp4) as the film and a 6000×4000
 * JPEG as the photograph: HLS ladder 155 s and MP4 72 s (5.2 and 2.4 s per second of film), grid
 * clip 2.4 s, reel thumbnail 2.2 s, work animation 1.1 s, a frame of a film 0.3 s, a crop 0.3 s,
 * seek-bar thumbnails 4.4 s, a ladder's AVIF files 0.5 s each on average, its WebP 0.1 s, its
 * JPEG 0.03 s, a link preview 0.1 s. Other kinds take a fraction of a second: DEFAULT_COST.
 */
const COST: Partial<Record<Kind, number | { perSecond: number }>> = {
  reelHls: { perSecond: 5.2 },
  reelMp4: { perSecond: 2.4 },
  directorClip: 2.4,
  reelThumb: 2.2,
  filmWork: 1.1,
  seekSprite: 4.4,
  ladderAvif: 0.5,
  ladderWebp: 0.1,
  ladderJpeg: 0.03,
  preview: 0.1,
};
const DEFAULT_COST = 0.3;

/** Rough seconds of work to make `job`'s output; `info`, its source's, for the kinds costed per second of film. */
function costOf(job: Job, info?: SourceInfo): number {
  const cost = COST[job.kind] ?? DEFAULT_COST;
  return typeof cost === "number" ? cost : cost.perSecond * (info?.duration ?? 0);
}

/** Roughly how long tasks of these costs (seconds, in order) take, CONCURRENCY at a time, each started by the first one free. */
function wallTime(costs: number[]): number {
  const workers = Array.from({ length: CONCURRENCY }, () => 0);
  for (const cost of costs) workers[workers.indexOf(Math.min(...workers))] += cost;
  return Math.max(...workers);
}

// ---------------------------------------------------------------------------------------------
// Failures

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The failures of a run, by the file that could not be used (a source, or the inputs of a file
 * job), with the outputs each left unmade, in the order they happened.
 */
interface Failures {
  /** Records that `source` could not be used; a source keeps the first reason. Whether this is its first failure. */
  fail(source: string, reason: string): boolean;
  /** Whether `source` failed: its outputs not yet made are then skipped, as they would fail the same way. */
  has(source: string): boolean;
  /** The output `site` was not made because `source` failed. */
  notMade(source: string, site: string): void;
  /** The failure that left the output `site` unmade, if one did. */
  of(site: string): Failure | undefined;
  /** The output `reader` was skipped, as it reads `site`, which was not made. */
  skipReader(site: string, reader: string): void;
  list(): Failure[];
}

function failureLog(): Failures {
  const bySource = new Map<string, Failure>();
  const byOutput = new Map<string, Failure>();
  const failureOf = (source: string): Failure => {
    const failure = bySource.get(source);
    if (!failure) throw new Error(`${source} has not failed`);
    return failure;
  };
  return {
    fail(source, reason) {
      if (bySource.has(source)) return false;
      bySource.set(source, { source, outputs: [], dependents: [], reason });
      return true;
    },
    has: (source) => bySource.has(source),
    notMade(source, site) {
      const failure = failureOf(source);
      failure.outputs.push(`public${site}`);
      byOutput.set(site, failure);
    },
    of: (site) => byOutput.get(site),
    skipReader(site, reader) {
      byOutput.get(site)?.dependents.push(`public${reader}`);
    },
    list: () => [...bySource.values()],
  };
}

// ---------------------------------------------------------------------------------------------
// Making

interface Pending<J extends Job> {
  job: J;
  /** Root-relative input paths, and the key the output will be recorded under. */
  inputs: string[];
  key: string;
}

/**
 * Reads a source: its size and length, and for a film every packet too (a pass that decodes
 * nothing: a quarter of a second for a 30 s 1080p reel), so a file cut short fails here, before
 * any of its encodes, even when its index, written first, still gives its full length.
 */
async function readSource(root: string, file: string, type: Source["slot"]["type"]): Promise<SourceInfo> {
  const info = await probeSource(path.join(root, file), type);
  // Picture and sound: a stream left out is not checked; others (timecode, subtitles) are not used.
  if (type === "video") await ffmpeg(["-i", path.join(root, file), "-map", "0:v", "-map", "0:a?", "-c", "copy", "-f", "null", "-"], [], file);
  return info;
}

/**
 * Reads every source to be used, once: the pending jobs of a source that cannot be read are taken
 * out and recorded as failures, each source named once in the log with its fix.
 */
async function readSources(root: string, pending: Pending<SourceJob>[], failures: Failures, log: RunOptions["log"]): Promise<{ readable: Pending<SourceJob>[]; infos: Map<string, SourceInfo> }> {
  const infos = new Map<string, SourceInfo>();
  const readable: Pending<SourceJob>[] = [];
  for (const entry of pending) {
    const { job, inputs: [file] } = entry;
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
    return [`warning: ${file} is ${info.width}×${info.height}, smaller than the ${width}×${height} of public${job.site}, which will look soft: give a larger original`];
  });
}

/** The manifest entry of a source job's output: a film's records what was read of it too, a still its transparent crop. */
function sourceEntry(job: SourceJob, file: string, key: string, info: SourceInfo, transparent: string | undefined): ManifestEntry {
  if (job.source.slot.type === "video") return { from: [file], key, film: filmFacts(info) };
  return transparent ? { from: [file], key, transparent } : { from: [file], key };
}

/**
 * Whether the transparent crop recorded with an output is gone. It is in media/, not committed: a
 * clone without the source keeps the output and the files read from the crop as they are, and
 * one with the source makes the crop again along with the still.
 */
const transparentGone = (root: string, recorded: ManifestEntry | undefined): boolean =>
  recorded?.transparent !== undefined && !existsSync(path.join(root, recorded.transparent));

/**
 * Entries of films' outputs that are up to date but were recorded before films were: their film
 * is read now (a header read, no decoding). A source that cannot be read leaves its entry as it is.
 */
async function addFilms(root: string, upToDate: { job: SourceJob; file: string }[], manifest: Manifest, log: RunOptions["log"]): Promise<void> {
  const films = new Map<string, Film | null>();
  for (const { job, file } of upToDate) {
    const entry = manifest[job.site];
    if (job.source.slot.type !== "video" || !entry || entry.film) continue;
    if (!films.has(file)) {
      try {
        films.set(file, filmFacts(await probeSource(path.join(root, file), "video")));
      } catch (error) {
        log(`warning: could not read the length and size of ${file} for the manifest: ${reasonOf(error).split("\n")[0]}`);
        films.set(file, null);
      }
    }
    const film = films.get(file);
    if (film) manifest[job.site] = { ...entry, film };
  }
}

/** The source jobs to run: those not up to date whose source is readable, with what was read of each source. */
interface SourcePlan {
  pending: Pending<SourceJob>[];
  infos: Map<string, SourceInfo>;
}

/**
 * Decides which source jobs to run. Before making anything it fails on any missing output whose
 * source is not here either; a source it cannot read is recorded in `failures`, and its jobs left out.
 */
async function planSourceJobs(jobs: SourceJob[], manifest: Manifest, options: RunOptions, summary: RunSummary, failures: Failures): Promise<SourcePlan> {
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
  if (!options.only) for (const file of listing.filter((file) => file !== MANIFEST && !hashes.has(file))) log(`ignored ${file}: no content entry takes a file of that name`);
  await addFilms(root, upToDate, manifest, log);
  const { readable, infos } = await readSources(root, pending, failures, log);
  for (const warning of enlargementWarnings(readable, infos)) log(warning);
  return { pending: readable, infos };
}

/**
 * Whether a file job's output is up to date, from the files it reads as they are now: its files in
 * public/, and the transparent crop the manifest records for the still it keeps the transparency of.
 */
async function fileDecision(job: FileJob, manifest: Manifest, options: RunOptions, hashOf: (file: string) => Promise<string>): Promise<{ decision: Decision; inputs: string[]; key?: string }> {
  const transparent = job.transparentOf ? manifest[job.transparentOf]?.transparent : undefined;
  const inputs = [...job.files.map((site) => `public${site}`), ...(transparent ? [transparent] : [])];
  const present = inputs.every((file) => existsSync(path.join(options.root, file)));
  const key = present ? entryKey(recipeOf(job), await Promise.all(inputs.map(async (file) => [file, await hashOf(file)] as const))) : undefined;
  return { decision: decide(key, manifest[job.site], existsSync(path.join(options.root, "public", job.site)), options.force), inputs, key };
}

/**
 * The line a run starts with: how many files it will make and roughly how long that takes. The
 * files read from the sources' outputs are counted as "up to" (a remade output that comes out the
 * same bytes leaves them up to date).
 */
async function announce(plan: SourcePlan, fileJobs: FileJob[], manifest: Manifest, options: RunOptions, failures: Failures): Promise<void> {
  if (plan.pending.length === 0) return;
  const remade = new Set(plan.pending.map(({ job }) => job.site));
  const { hashOf } = hasher(options.root);
  const following: FileJob[] = [];
  for (const job of fileJobs) {
    if (job.files.some((site) => failures.of(site))) continue;
    if (job.files.some((site) => remade.has(site)) || (await fileDecision(job, manifest, options, hashOf)).decision === "make") following.push(job);
  }
  const work = wallTime(plan.pending.map(({ job, inputs: [file] }) => costOf(job, plan.infos.get(file)))) + wallTime(following.map((job) => costOf(job)));
  const then = following.length > 0 ? `, then up to ${following.length} read from them` : "";
  options.log(`making ${fileCount(plan.pending.length)} from sources in ${MEDIA_DIR}/${then} (${roughly(work)})`);
}

/** Makes the outputs of the planned source jobs; a failure skips the other jobs of its source. */
async function runSourceJobs({ pending, infos }: SourcePlan, manifest: Manifest, options: RunOptions, summary: RunSummary, failures: Failures): Promise<void> {
  const { root, log } = options;
  const done = progress(log, pending.length);
  await runAll(
    pending.map(({ job, inputs: [file], key }) => async () => {
      const display = `public${job.site}`;
      if (failures.has(file)) return failures.notMade(file, job.site);
      const started = Date.now();
      const info = infos.get(file) as SourceInfo;
      const transparent = info.transparent ? job.transparent : undefined;
      try {
        await writeAtomically(outputOf(root, job), job.kind === "reelHls", (out) =>
          transparent
            ? writeAtomically(path.join(root, transparent), false, (transparentOut) => job.make(path.join(root, file), info, out, display, transparentOut))
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
      done(file, display, started);
    }),
    CONCURRENCY,
  );
}

/**
 * Makes the outputs read from files in public/ (ladders, previews, icons) that are not up to
 * date; those reading an output that was not made are skipped, and named.
 */
async function runFileJobs(jobs: FileJob[], manifest: Manifest, options: RunOptions, summary: RunSummary, failures: Failures): Promise<void> {
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
    else if (decision === "missing") throw new Error(`public${job.site} is missing, and so is what it is made from: ${inputs.join(", ")}`);
  }
  for (const { source, dependents } of failures.list()) if (dependents.length > 0) log(`skipped, as ${source} could not be used: ${dependents.join(", ")}`);
  if (pending.length > 0) log(`making ${fileCount(pending.length)} from files in public/ (${roughly(wallTime(pending.map(({ job }) => costOf(job))))})`);
  const done = progress(log, pending.length);
  await runAll(
    pending.map(({ job, inputs, key }) => async () => {
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
        if (failures.fail(inputs.join(", "), reason)) log(`could not make ${display} from ${inputs.join(", ")}: ${reason}`);
        return failures.notMade(inputs.join(", "), job.site);
      }
      manifest[job.site] = { from: inputs, key };
      summary.made++;
      options.made?.(job);
      done(inputs.join(", "), display, started);
    }),
    CONCURRENCY,
  );
}

/**
 * Makes every output that is not up to date: first those made from sources, then those read
 * from them. The manifest keeps an entry for each current job (entries of outputs the content no
 * longer names are dropped; their files are never deleted) and is saved even when the run stops,
 * so the outputs made so far stay up to date. A file that cannot be used does not stop the run:
 * the summary's `failed` lists it.
 */
export async function buildMedia(jobs: Job[], options: RunOptions): Promise<RunSummary> {
  await removeLeftovers(path.join(options.root, "public"));
  await removeLeftovers(path.join(options.root, MEDIA_DIR));
  const previous = await readManifest(options.root);
  const manifest: Manifest = Object.fromEntries(jobs.flatMap((job) => (previous[job.site] ? [[job.site, previous[job.site]]] : [])));
  // Outputs the content no longer names (a renamed still, a logo strip after the list changed).
  // Cached pages may still point at them for a day, so they are named, not deleted.
  for (const site of Object.keys(previous).filter((site) => !(site in manifest))) {
    if (existsSync(path.join(options.root, "public", site))) options.log(`unused: public${site} (no content names it now; delete it once cached pages have moved on)`);
  }
  const summary: RunSummary = { made: 0, upToDate: 0, kept: 0, failed: [] };
  const failures = failureLog();
  const selected = options.only ? jobs.filter(options.only) : jobs;
  const fileJobs = selected.filter((job): job is FileJob => !isSourceJob(job));
  try {
    await encodeProgress.run(progressReporter(options), async () => {
      const plan = await planSourceJobs(selected.filter(isSourceJob), manifest, options, summary, failures);
      await announce(plan, fileJobs, manifest, options, failures);
      await runSourceJobs(plan, manifest, options, summary, failures);
      await runFileJobs(fileJobs, manifest, options, summary, failures);
    });
  } finally {
    options.status?.([]);
    await writeManifest(options.root, manifest);
  }
  summary.failed = failures.list();
  return summary;
}

/** The source file of a job in media/ (root-relative), if there is one. */
export async function sourceFileOf(root: string, job: SourceJob): Promise<string | undefined> {
  return findSource(job.source.slot, await listSources(root));
}

/** Bytes in a file, or in a folder and everything under it. */
async function sizeOf(file: string): Promise<number> {
  const info = await stat(file);
  if (!info.isDirectory()) return info.size;
  const entries = await readdir(file);
  const sizes = await Promise.all(entries.map((entry) => sizeOf(path.join(file, entry))));
  return sizes.reduce((sum, size) => sum + size, 0);
}

const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** The size of the outputs by kind, and of public/. */
export async function sizeReport(jobs: Job[], root: string): Promise<string[]> {
  const byKind = new Map<Kind, { count: number; bytes: number }>();
  // An output a failed source never made has no size.
  for (const job of jobs.filter((each) => existsSync(outputOf(root, each)))) {
    const entry = byKind.get(job.kind) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += await sizeOf(outputOf(root, job));
    byKind.set(job.kind, entry);
  }
  return [
    "sizes by kind:",
    ...[...byKind].map(([kind, { count, bytes }]) => `  ${KINDS[kind].label.padEnd(28)} ${String(count).padStart(3)}  ${megabytes(bytes).padStart(9)}`),
    `total size of public/: ${megabytes(await sizeOf(path.join(root, "public")))}`,
  ];
}
