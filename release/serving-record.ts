/**
 * `serving.json` under SITE_DATA: which folder serves which commit, so that a restart serves it again
 * at once. Written whole or not at all (a temporary file, synced, then renamed over it), since the
 * follower may be killed at any moment; read warily, since a file from anywhere else may be there.
 */
import { existsSync } from "node:fs";
import { open, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";

import { COMMIT_ID } from "#model/site-health.ts";

export interface ServingRecord {
  folder: string;
  commit: string;
}

/** Replaces `file` with `record`: a reader, or a start after a kill or a power cut, finds the old record or the new one. */
export async function writeServing(file: string, record: ServingRecord): Promise<void> {
  const partial = `${file}.partial`;
  try {
    const handle = await open(partial, "w");
    try {
      await handle.writeFile(JSON.stringify(record));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, file);
  } catch (error) {
    // A disk full half-way leaves no half of a record beside the whole one.
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * The record in `file`, or undefined when there is none or it cannot be served (`skipped` says why):
 * not JSON, not a record, or its folder holds no server build (one taken away by hand).
 */
export async function readServing(
  file: string,
  skipped: (reason: string) => void = () => {},
): Promise<ServingRecord | undefined> {
  const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") skipped(`cannot be read (${error.code})`);
    return undefined;
  });
  if (text === undefined) return undefined;
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    skipped("is not JSON");
    return undefined;
  }
  const { folder, commit } = (record ?? {}) as Partial<Record<keyof ServingRecord, unknown>>;
  if (typeof folder !== "string" || typeof commit !== "string" || !COMMIT_ID.test(commit)) {
    skipped("names no folder and commit");
    return undefined;
  }
  if (!existsSync(path.join(folder, "build", "server.js"))) {
    skipped(`names ${folder}, which holds no server build`);
    return undefined;
  }
  return { folder, commit };
}
