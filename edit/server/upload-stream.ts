/**
 * Receives a film or a picture the editing screen uploads as the raw body of a PUT (edit/fields/upload-file.ts
 * sends it): written to `{target}.part` as it arrives, so a file of several GB costs the service a chunk or two of
 * memory, never its size. A request cut short leaves its bytes in the .part; a PUT with `Content-Range` continues
 * from there, and the last byte in renames the .part to the target, so the target is never half a file.
 */
import { existsSync } from "node:fs";
import { mkdir, open, rename, stat } from "node:fs/promises";
import path from "node:path";

import { inWords, UPLOAD_OFFSET } from "#edit/fields/upload-file.ts";
import { textAnswer } from "#edit/http/answers.ts";
import { isDiskFull, UPLOAD_DISK_FULL } from "./disk-full.ts";

export interface UploadOptions {
  /** The largest file taken: a larger one is refused (413) before a byte of it is read. */
  maxBytes: number;
  /** A folder the target must be in; a target elsewhere is refused (400). */
  root?: string;
  /** The file's size as declared when its upload was asked for (upload-staging.ts): a PUT of another size is refused (400). */
  total?: number;
  /**
   * How long the body may pause before the request is cut off, its bytes kept for a resume: a connection
   * that died without a word would otherwise hold the target (409 to the resume) until the socket times out.
   */
  idleMs?: number;
  /** Opens the .part to write: node:fs's, or a test's whose disk fills. */
  openPart?: (file: string, flags: "w" | "a") => Promise<PartFile>;
}

/** The .part as an upload writes it: a node:fs FileHandle, or a test's stand-in. */
export interface PartFile {
  write(buffer: Uint8Array, offset: number, length: number): Promise<{ bytesWritten: number }>;
  close(): Promise<void>;
}

export interface UploadResult {
  /**
   * 201 the file is complete at the target; 202 the range is stored, more is to come; 400 a bad request, or a
   * body that ended short (its bytes kept); 405 not a PUT; 409 another request is writing this target;
   * 411 no Content-Length; 413 larger than `maxBytes`; 400 also a total other than `total`; 416 a range that does not start where the .part ends;
   * 507 the disk full, what was written kept.
   */
  status: number;
  /** The bytes on disk after the request: the file's size once complete, else the .part's (where to resume). */
  bytes: number;
  /** Why, in words for the editor, when the upload is refused or incomplete. */
  message?: string;
}

const PART = ".part";
const DEFAULT_IDLE_MS = 60_000;

/** Targets a request is writing now: two writers of one .part would interleave their bytes. */
const receiving = new Set<string>();

/** Where the bytes of an upload to `target` are kept until its last one is in. */
export const partOf = (target: string) => `${target}${PART}`;

async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
}

/** The size of the whole file at `target`, once its last byte is in; undefined before. */
async function wholeSizeOf(target: string): Promise<number | undefined> {
  return existsSync(target) ? sizeOf(target) : undefined;
}

/** How many bytes of an upload to `target` the service holds: where a resumed PUT starts; all of them once it is whole. */
export async function uploadOffset(target: string): Promise<number> {
  const file = path.resolve(target);
  return (await sizeOf(file)) || sizeOf(partOf(file));
}

/** "bytes 0-99/1000" → its numbers; undefined if malformed or not a range within its total. */
function rangeOf(header: string) {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header.trim());
  if (!match) return undefined;
  const [start, end, total] = match.slice(1).map(Number);
  if (![start, end, total].every(Number.isSafeInteger) || start > end || end >= total) return undefined;
  return { start, end, total };
}

function outside(root: string, target: string): boolean {
  const relative = path.relative(path.resolve(root), target);
  return relative === "" || relative === ".." || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
}

/**
 * Streams a PUT's body into `{target}.part`, then renames it to `target` once the file's last byte is in.
 * Without `Content-Range` the body is the whole file; with `Content-Range: bytes {start}-{end}/{total}` it is
 * that range: one starting at 0 begins the file anew, any other must start where the .part ends; any to a file
 * already whole is answered 201, unread, as the last byte of its upload was. The caller
 * answers with the result (`answerUpload`); a full disk is a 507, any other disk error rejects, the .part kept.
 */
export async function receiveUpload(request: Request, target: string, options: UploadOptions): Promise<UploadResult> {
  const file = path.resolve(target);
  const part = partOf(file);
  if (request.method !== "PUT") return { status: 405, bytes: 0, message: "An upload is a PUT of the file." };
  if (!path.isAbsolute(target) || (options.root !== undefined && outside(options.root, file)))
    return { status: 400, bytes: 0, message: "This upload's name is not one the service keeps." };
  const lengthHeader = request.headers.get("content-length");
  if (lengthHeader === null || !/^\d+$/.test(lengthHeader))
    return { status: 411, bytes: 0, message: "An upload must say its length (Content-Length)." };
  const length = Number(lengthHeader);
  const rangeHeader = request.headers.get("content-range");
  const range = rangeHeader === null ? { start: 0, end: length - 1, total: length } : rangeOf(rangeHeader);
  if (!range || (rangeHeader !== null && range.end - range.start + 1 !== length))
    return { status: 400, bytes: 0, message: "The upload's Content-Range does not match its length." };
  if (options.total !== undefined && range.total !== options.total)
    return {
      status: 400,
      bytes: 0,
      message: `The file sent is ${inWords(range.total)}, not the ${inWords(options.total)} it was said to be: choose it again.`,
    };
  if (range.total > options.maxBytes)
    return {
      status: 413,
      bytes: 0,
      message: `The file is ${inWords(range.total)}; the service takes files up to ${inWords(options.maxBytes)}.`,
    };
  if (receiving.has(file))
    return { status: 409, bytes: await sizeOf(part), message: "This file is being uploaded by another request." };

  receiving.add(file);
  try {
    // Whole already (its answer lost on the way): said so, its body unread. Written again, its .part would
    // stand beside the whole file, twice its size on disk for the once the quotas count it.
    const whole = await wholeSizeOf(file);
    if (whole !== undefined) return { status: 201, bytes: whole };
    const held = range.start === 0 ? 0 : await sizeOf(part);
    if (range.start !== held)
      return {
        status: 416,
        bytes: held,
        message: `The service holds ${inWords(held)} of this upload: continue from there.`,
      };
    await mkdir(path.dirname(file), { recursive: true });
    // "w" truncates: a range from 0 is a new file, whatever an earlier upload left.
    const handle = await (options.openPart ?? open)(part, range.start === 0 ? "w" : "a");
    let written = 0;
    let diskError: unknown;
    const body = request.body?.getReader();
    // Cancelling the body ends its read and drops the connection it comes on.
    const idle = setTimeout(
      () => void body?.cancel(new Error("the upload sent nothing for too long")).catch(() => undefined),
      options.idleMs ?? DEFAULT_IDLE_MS,
    );
    try {
      // One chunk in memory at a time: the next is read only once this one is on disk (backpressure).
      for (let read = await body?.read(); read && !read.done; read = await body?.read()) {
        idle.refresh();
        const chunk = read.value;
        try {
          for (let done = 0; done < chunk.length;)
            done += (await handle.write(chunk, done, chunk.length - done)).bytesWritten;
        } catch (error) {
          diskError = error;
          throw error;
        }
        written += chunk.length;
        idle.refresh();
      }
    } catch {
      // The request's own failure (the client gone, the idle cut) leaves what arrived for a resume.
      if (diskError !== undefined) throw diskError;
    } finally {
      clearTimeout(idle);
      await handle.close();
    }
    if (written !== length) {
      const held = await sizeOf(part);
      return {
        status: 400,
        bytes: held,
        message: `The upload stopped after ${inWords(held)} of ${inWords(range.total)}.`,
      };
    }
    const bytes = range.start + written;
    if (bytes < range.total) return { status: 202, bytes };
    // Same folder, so one rename: the target is the old file or the whole new one, never part of it.
    await rename(part, file);
    return { status: 201, bytes };
  } catch (error) {
    // What reached the disk stays in the .part, whole bytes only: the upload goes on from there once there is room.
    if (isDiskFull(error)) return { status: 507, bytes: await sizeOf(part), message: UPLOAD_DISK_FULL };
    throw error;
  } finally {
    receiving.delete(file);
  }
}

/**
 * The answer to an upload's request (a PUT's result, or `{ status: 200, bytes: await uploadOffset(target) }` for a
 * HEAD), with the bytes held in `Upload-Offset`. One refused before its body was read closes its connection after
 * (edit/http/request-body.ts), sparing the gigabytes still on their way.
 */
export function uploadAnswer({ status, bytes, message }: UploadResult): Response {
  const answer = textAnswer(status, message ?? "");
  answer.headers.set(UPLOAD_OFFSET, String(bytes));
  return answer;
}

/**
 * Holds `target` as a request writing it does, so that none writes it while it is removed: a resume arriving
 * meanwhile is told to wait (409) rather than write to a removed file. Undefined when a request is writing it
 * now; else the function that lets it go.
 */
export function holdUpload(target: string): (() => void) | undefined {
  const file = path.resolve(target);
  if (receiving.has(file)) return undefined;
  receiving.add(file);
  return () => {
    receiving.delete(file);
  };
}
