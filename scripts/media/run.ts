/**
 * Runs the jobs of scripts/media/jobs.ts under a root folder (the repository, or a test's temp
 * folder): finds each job's source in media/, decides from the manifest what is up to date,
 * reads every source it will use before making anything, then makes the rest two at a time,
 * each under a temporary name that is moved into place once complete.
 */
import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

import { probeSource, type SourceInfo } from "./derive";
import { type FileJob, type Job, KINDS, type Kind, type Source, type SourceJob } from "./jobs";
import { decide, entryKey, expectedName, findSource, MANIFEST, type Manifest, MEDIA_DIR, missingSourcesMessage, serializeManifest, unreadableMessage } from "./plan";

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
}

export interface RunSummary {
  made: number;
  upToDate: number;
  /** Outputs left as they are because their source is not here. */
  kept: number;
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

/** Every file under media/ but hidden ones (.DS_Store), as root-relative paths with forward slashes. */
export async function listSources(root: string): Promise<string[]> {
  const dir = path.join(root, MEDIA_DIR);
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith(".")).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
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

interface Pending<J extends Job> {
  job: J;
  /** Root-relative input paths, and the key the output will be recorded under. */
  inputs: string[];
  key: string;
}

/** Reads every source once; fails naming each one it cannot read. */
async function probeAll(root: string, pending: Pending<SourceJob>[]): Promise<Map<string, SourceInfo>> {
  const infos = new Map<string, SourceInfo>();
  const unreadable = new Map<string, string>();
  for (const { job, inputs: [file] } of pending) {
    if (infos.has(file) || unreadable.has(file)) continue;
    try {
      infos.set(file, await probeSource(path.join(root, file), job.source.slot.type));
    } catch (error) {
      unreadable.set(file, unreadableMessage(file, error instanceof Error ? error.message : String(error)));
    }
  }
  if (unreadable.size > 0) throw new Error([...unreadable.values()].join("\n"));
  return infos;
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

/**
 * Makes the outputs of source jobs that are not up to date. Before making anything it fails on
 * any missing output whose source is not here either, and on any source it cannot read.
 */
async function runSourceJobs(jobs: SourceJob[], manifest: Manifest, options: RunOptions, summary: RunSummary): Promise<void> {
  const { root, force, log } = options;
  const listing = await listSources(root);
  const { hashOf, hashes } = hasher(root);
  const pending: Pending<SourceJob>[] = [];
  const missing = new Map<string, { slot: Source["slot"]; outputs: string[] }>();
  for (const job of jobs) {
    const file = findSource(job.source.slot, listing);
    const key = file ? entryKey(recipeOf(job), [[file, await hashOf(file)]]) : undefined;
    const decision = decide(key, manifest[job.site], existsSync(path.join(root, "public", job.site)), force);
    if (decision === "make" && file && key) pending.push({ job, inputs: [file], key });
    else if (decision === "up to date") summary.upToDate++;
    else if (decision === "keep") summary.kept++;
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
  const infos = await probeAll(root, pending);
  for (const warning of enlargementWarnings(pending, infos)) log(warning);

  if (pending.length > 0) log(`making ${pending.length} files from sources in ${MEDIA_DIR}/`);
  const done = progress(log, pending.length);
  await runAll(
    pending.map(({ job, inputs: [file], key }) => async () => {
      const started = Date.now();
      const display = `public${job.site}`;
      await writeAtomically(outputOf(root, job), job.kind === "reelHls", async (out) => {
        try {
          await job.make(path.join(root, file), infos.get(file) as SourceInfo, out, display);
        } catch (error) {
          throw new Error(`could not make ${display} from ${file}: ${error instanceof Error ? error.message : String(error)}`);
        }
      });
      manifest[job.site] = { from: [file], key };
      summary.made++;
      options.made?.(job);
      done(file, display, started);
    }),
    CONCURRENCY,
  );
}

/** Makes the outputs read from files in public/ (ladders, previews, icons) that are not up to date. */
async function runFileJobs(jobs: FileJob[], manifest: Manifest, options: RunOptions, summary: RunSummary): Promise<void> {
  const { root, force, log } = options;
  const { hashOf } = hasher(root);
  const pending: Pending<FileJob>[] = [];
  for (const job of jobs) {
    const inputs = job.files.map((site) => `public${site}`);
    const present = inputs.every((file) => existsSync(path.join(root, file)));
    const key = present ? entryKey(recipeOf(job), await Promise.all(inputs.map(async (file) => [file, await hashOf(file)] as const))) : undefined;
    const decision = decide(key, manifest[job.site], existsSync(path.join(root, "public", job.site)), force);
    if (decision === "make" && key) pending.push({ job, inputs, key });
    else if (decision === "up to date") summary.upToDate++;
    else if (decision === "keep") summary.kept++;
    else if (decision === "missing") throw new Error(`public${job.site} is missing, and so is what it is made from: ${inputs.join(", ")}`);
  }
  if (pending.length > 0) log(`making ${pending.length} files from files in public/`);
  const done = progress(log, pending.length);
  await runAll(
    pending.map(({ job, inputs, key }) => async () => {
      const started = Date.now();
      const display = `public${job.site}`;
      await writeAtomically(outputOf(root, job), false, (out) =>
        job.make(
          inputs.map((file) => path.join(root, file)),
          out,
          display,
        ),
      );
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
 * longer names are dropped; their files are never deleted) and is saved even when a job fails,
 * so the outputs made so far stay up to date.
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
  const summary: RunSummary = { made: 0, upToDate: 0, kept: 0 };
  const selected = options.only ? jobs.filter(options.only) : jobs;
  try {
    await runSourceJobs(selected.filter(isSourceJob), manifest, options, summary);
    await runFileJobs(
      selected.filter((job): job is FileJob => !isSourceJob(job)),
      manifest,
      options,
      summary,
    );
  } finally {
    await writeManifest(options.root, manifest);
  }
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
  for (const job of jobs) {
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
