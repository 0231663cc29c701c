/**
 * A full disk under the editing servers' working copy (EDIT_DATA for the team's service): a save or an
 * upload it stops is answered 507 in the editor's words, nothing of it written half, and the server goes on.
 */
import { randomUUID } from "node:crypto";
import { rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** Whether `error` is a write refused for want of room: the disk full (ENOSPC), or its owner's quota (EDQUOT). */
export function isDiskFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOSPC" || code === "EDQUOT";
}

/** A save the disk had no room for, in the editor's words. */
export const SAVE_DISK_FULL =
  "Not saved: the disk the edits are written to is full. Your changes are still on your screen: " +
  "save again once room is made (whoever runs the service can make it).";

/** An upload the disk had no room for, in the editor's words. */
export const UPLOAD_DISK_FULL =
  "The disk the uploads are written to is full: what arrived is kept, and the upload goes on from there " +
  "once room is made (whoever runs the service can make it).";

/** `work`'s result; a 507 with `message` if the disk had no room for it; any other failure thrown on. */
export async function unlessDiskFull<T>(
  work: Promise<T>,
  message: string,
): Promise<T | { status: 507; message: string }> {
  try {
    return await work;
  } catch (error) {
    if (isDiskFull(error)) return { status: 507, message };
    throw error;
  }
}

/**
 * Writes `bytes` to `file` whole or not at all: to a dot-file beside it (which the content's reader
 * skips), renamed over it once written, so a disk that fills half-way leaves the old file as it was.
 */
export async function writeWhole(file: string, bytes: Uint8Array, write = writeFile): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
  try {
    await write(temporary, bytes);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
