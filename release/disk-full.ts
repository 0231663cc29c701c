/**
 * A release that failed for want of room under SITE_DATA (a disk or volume full) is no fault of its
 * commit: it is refused in words an editor reads (never git's, npm's or the compiler's own, which
 * name paths on the host), and tried again at the next ask, so it goes live by itself once there is
 * room. Any other failure refuses the commit for good, with the command's own first line.
 */
import { statfs } from "node:fs/promises";

import { CommandFailed } from "./run-to-end.ts";

/**
 * What a full disk, or its owner's quota, says: Node (ENOSPC, EDQUOT), git and the C library ("No space
 * left on device"), SQLite. A command says it only in its words, which CommandFailed keeps.
 */
const NO_ROOM = /\b(ENOSPC|EDQUOT|SQLITE_FULL)\b|No space left on device|Disk quota exceeded|database or disk is full/i;
/** A write that failed without saying why: git's checkout says only "error: unable to write file app/root.tsx". */
const WRITE_FAILED = /unable to (write|create)|write error|short write|could not write|failed to write/i;
/**
 * Under this much room a failed write is put down to the disk: a release took 7 MiB here with its
 * packages linked (a new lockfile's `npm ci` far more), so a folder with less cannot take one.
 */
export const LOW_ROOM_BYTES = 64 * 1024 * 1024;

/** The reason /healthz gives the status token's holder while the disk is full. */
export const DISK_FULL_REASON =
  "SITE_DATA is full (no space left on device): this commit goes live by itself once there is room";

/** The room left to this process's user on the file system holding `folder`; none known, unbounded. */
async function roomIn(folder: string): Promise<number> {
  const { bavail, bsize } = await statfs(folder).catch(() => ({ bavail: Infinity, bsize: 1 }));
  return bavail * bsize;
}

/**
 * Whether `error` (thrown by Node, or a command's CommandFailed with its output) is a write under
 * `data` that found no room: said so, or a write that failed while `data` holds less than LOW_ROOM_BYTES.
 */
export async function isDiskFull(error: unknown, data: string, room = roomIn): Promise<boolean> {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  const text = `${error.message}\n${error instanceof CommandFailed ? error.output : ""}`;
  if (code === "ENOSPC" || code === "EDQUOT" || NO_ROOM.test(text)) return true;
  return WRITE_FAILED.test(text) && (await room(data)) < LOW_ROOM_BYTES;
}

/** Why a release under `data` failed, for /healthz; `again`: whether the same commit is tried at the next ask. */
export async function refusalOf(
  error: unknown,
  data: string,
  room = roomIn,
): Promise<{ reason: string; again: boolean }> {
  if (await isDiskFull(error, data, room)) return { reason: DISK_FULL_REASON, again: true };
  return { reason: error instanceof CommandFailed ? error.reason : (error as Error).message, again: false };
}
