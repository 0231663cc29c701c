/**
 * The uploads staged in STAGED_DIR: each minted for one editor (its owner) with the size it was said to be,
 * and bounded when it is asked for (per editor, in all, and by the disk's free space less a reserve), so that
 * files chosen and never saved cannot fill the disk; one no save took for a day is deleted.
 *
 * Each upload's record is a sidecar, `{token}.json` beside its file: written once when minted, removed with the
 * file, so that no two requests ever rewrite one shared file, a restart keeps them all, and a record lost or
 * half-written costs one upload, not every editor's.
 */
import { mkdir, readdir, readFile, rm, stat, statfs, writeFile } from "node:fs/promises";
import path from "node:path";

import { SOURCE_EXTENSIONS } from "#model/media-paths.ts";
import { inWords } from "#edit/fields/upload-file.ts";
import { isUploadToken, newUploadToken } from "#edit/upload-names.ts";
import { MAX_UPLOAD_BYTES, STAGED_UPLOAD_LIFETIME_MS, UPLOAD_EXTENSIONS } from "#edit/upload-rules.ts";
import { isDiskFull } from "./disk-full.ts";
import { holdUpload, partOf } from "./upload-stream.ts";

const GiB = 1024 ** 3;

/** What the server keeps of a staged upload: whose it is, and the size it was said to be. */
export interface StagedRecord {
  owner: string;
  bytes: number;
}

export interface StagingLimits {
  /** The bytes of uploads waiting to be saved that one editor may have (EDIT_UPLOAD_QUOTA). */
  perOwner: number;
  /** The bytes of uploads waiting to be saved in all (EDIT_UPLOAD_TOTAL). */
  total: number;
  /** The disk space never handed to uploads, for the media build, git and the logs. */
  reserve: number;
  /** The free bytes of the staged folder's disk: statfs's, or a test's. */
  freeBytes: () => Promise<number>;
}

const DEFAULT_LIMITS = { perOwner: 25 * GiB, total: 60 * GiB, reserve: 5 * GiB };

/**
 * The quotas the settings set: EDIT_UPLOAD_QUOTA (per editor) and EDIT_UPLOAD_TOTAL (in all), each a number of
 * GiB ("25", "0.5"), as films' sizes are spoken of; unset, the defaults. A malformed one throws, naming it.
 */
export function uploadQuotas(env: Record<string, string | undefined>): Pick<StagingLimits, "perOwner" | "total"> {
  const gib = (name: string, fallback: number) => {
    const value = env[name]?.trim();
    if (value === undefined || value === "") return fallback;
    if (!/^\d+(\.\d+)?$/.test(value) || Number(value) <= 0)
      throw new Error(`${name} must be a number of GiB above 0, like 25; it is "${value}".`);
    return Math.floor(Number(value) * GiB);
  };
  return {
    perOwner: gib("EDIT_UPLOAD_QUOTA", DEFAULT_LIMITS.perOwner),
    total: gib("EDIT_UPLOAD_TOTAL", DEFAULT_LIMITS.total),
  };
}

const recordFile = (dir: string, token: string) => path.join(dir, `${token}.json`);

/** The record of the upload `token` in `dir`; undefined if there is none (never minted, deleted, or unreadable). */
export async function readRecord(dir: string, token: string): Promise<StagedRecord | undefined> {
  let parsed: Partial<StagedRecord>;
  try {
    parsed = JSON.parse(await readFile(recordFile(dir, token), "utf8")) as Partial<StagedRecord>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" || error instanceof SyntaxError) return undefined;
    throw error;
  }
  const { owner, bytes } = parsed;
  return typeof owner === "string" && typeof bytes === "number" && Number.isSafeInteger(bytes)
    ? { owner, bytes }
    : undefined;
}

/** Forgets the upload `token` in `dir`, once a save has taken its file. */
export const removeRecord = (dir: string, token: string) => rm(recordFile(dir, token), { force: true });

/** A token asked for: 201 with it, or refused in words (400 malformed, 413 too large, 507 no room). */
export type Minted = { status: 201; token: string } | { status: 400 | 413 | 507; message: string };

async function sizeOf(file: string): Promise<number | undefined> {
  try {
    const stats = await stat(file);
    return stats.size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

async function modifiedOf(file: string): Promise<number> {
  return (await stat(file).catch(() => undefined))?.mtimeMs ?? 0;
}

/** The token a file in the staged folder belongs to: the upload itself, its .part or its record. */
function tokenOfFile(name: string): string | undefined {
  const base = name.replace(/\.(part|json)$/, "");
  if (base !== name && isUploadToken(base)) return base;
  return isUploadToken(name) ? name : undefined;
}

const ASKED = 'An upload is asked for with JSON like { "extension": "mp4", "bytes": 123 }.';

/** The staged uploads in `dir` (STAGED_DIR under the working copy), bounded by `limits`. */
export function uploadStaging(dir: string, limits: Partial<StagingLimits> = {}) {
  const { perOwner, total, reserve } = { ...DEFAULT_LIMITS, ...limits };
  const freeBytes =
    limits.freeBytes ??
    (async () => {
      const { bavail, bsize } = await statfs(dir);
      return bavail * bsize;
    });
  // One mint at a time: two at once would each count the staged bytes without the other's, and both fit.
  let minting: Promise<unknown> = Promise.resolve();

  /** Deletes an upload's file, its .part and its record, unless a request is writing it now (false). */
  async function remove(token: string, stale?: (last: number) => boolean): Promise<boolean> {
    const file = path.join(dir, token);
    const release = holdUpload(file);
    if (!release) return false;
    try {
      // Read while held: a resume cannot have written it since.
      const files = [file, partOf(file), recordFile(dir, token)];
      if (stale && !stale(Math.max(...(await Promise.all(files.map(modifiedOf)))))) return false;
      await Promise.all(files.map((name) => rm(name, { force: true })));
      return true;
    } finally {
      release();
    }
  }

  /** Each upload with a record, and the bytes of it on disk so far: its file and its .part, if both are there. */
  async function live(): Promise<{ record: StagedRecord; held: number }[]> {
    const names = await readdir(dir);
    const tokens = names.filter((name) => name.endsWith(".json")).map((name) => name.slice(0, -".json".length));
    const found = await Promise.all(
      tokens.filter(isUploadToken).map(async (token) => {
        const record = await readRecord(dir, token);
        const file = path.join(dir, token);
        const held = ((await sizeOf(file)) ?? 0) + ((await sizeOf(partOf(file))) ?? 0);
        return record && { record, held };
      }),
    );
    return found.filter((upload) => upload !== undefined);
  }

  /**
   * Deletes each upload (finished or not, with its record) and each file left without one, not written for
   * STAGED_UPLOAD_LIFETIME_MS before `now`, except one a request is writing; the tokens deleted.
   */
  async function sweep(now = Date.now()): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const tokens = [...new Set(names.map(tokenOfFile).filter((token) => token !== undefined))];
    const before = now - STAGED_UPLOAD_LIFETIME_MS;
    const removed: string[] = [];
    for (const token of tokens) if (await remove(token, (last) => last < before)) removed.push(token);
    return removed.sort();
  }

  /** A token for `owner` to upload a file of `asked` (`{ extension, bytes }`), if it is one and there is room. */
  async function mint(owner: string, asked: unknown): Promise<Minted> {
    const { extension, bytes } = (asked ?? {}) as { extension?: unknown; bytes?: unknown };
    if (typeof extension !== "string" || typeof bytes !== "number" || !Number.isSafeInteger(bytes) || bytes < 0)
      return { status: 400, message: ASKED };
    if (!UPLOAD_EXTENSIONS.includes(extension))
      return {
        status: 400,
        message: `The screen takes films (${SOURCE_EXTENSIONS.video.join(", ")}) and pictures (${SOURCE_EXTENSIONS.image.join(", ")}), not .${extension.slice(0, 16)} files.`,
      };
    if (bytes > MAX_UPLOAD_BYTES)
      return {
        status: 413,
        message: `The file is ${inWords(bytes)}; the service takes files up to ${inWords(MAX_UPLOAD_BYTES)}.`,
      };
    const run = minting.then(() => bounded(owner, extension, bytes));
    minting = run.catch(() => undefined);
    return run;
  }

  async function bounded(owner: string, extension: string, bytes: number): Promise<Minted> {
    await mkdir(dir, { recursive: true });
    // Uploads abandoned a day ago count against no one.
    await sweep();
    const uploads = await live();
    // Each counts as the larger of its size said and its bytes on disk: what it holds, or will once whole.
    const sum = (list: typeof uploads) => list.reduce((all, { record, held }) => all + Math.max(record.bytes, held), 0);
    const mine = sum(uploads.filter(({ record }) => record.owner === owner));
    const all = sum(uploads);
    const file = `This file is ${inWords(bytes)}`;
    if (mine + bytes > perOwner)
      return {
        status: 507,
        message: `${file}, and you have ${inWords(mine)} of uploads waiting to be saved; the service keeps up to ${inWords(perOwner)} per editor. Save them first: those never saved are deleted a day after they were sent.`,
      };
    if (all + bytes > total)
      return {
        status: 507,
        message: `${file}, and the editors have ${inWords(all)} of uploads waiting to be saved; the service keeps up to ${inWords(total)} in all. Try again once some are saved.`,
      };
    // The uploads under way will still fill what they were said to be: the disk must hold them and this one.
    const coming = uploads.reduce((left, { record, held }) => left + Math.max(record.bytes - held, 0), 0);
    const room = Math.max((await freeBytes()) - reserve - coming, 0);
    if (bytes > room)
      return {
        status: 507,
        message: `${file}, and the service's disk has room for ${inWords(room)} more (it keeps ${inWords(reserve)} free). Try again once uploads waiting are saved, or tell whoever runs the service.`,
      };
    const token = newUploadToken(extension);
    const record: StagedRecord = { owner, bytes };
    try {
      await writeFile(recordFile(dir, token), JSON.stringify(record), { flag: "wx" });
    } catch (error) {
      if (!isDiskFull(error)) throw error;
      // A record cut short would be read as none: gone, rather than left for the sweep.
      await rm(recordFile(dir, token), { force: true });
      return {
        status: 507,
        message: `${file}, and the disk the uploads are written to is full. Try again once room is made (whoever runs the service can make it).`,
      };
    }
    return { status: 201, token };
  }

  return {
    dir,
    mint,
    sweep,
    /** Deletes the upload `token` as its editor asks (204); 409 while a request is writing it. */
    discard: async (token: string): Promise<204 | 409> => ((await remove(token)) ? 204 : 409),
  };
}

export type UploadStaging = ReturnType<typeof uploadStaging>;
