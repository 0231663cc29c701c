/** Files the build writes and reads: outputs written atomically, leftovers of a stopped run, content hashes. */
import { existsSync } from "node:fs";
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";

import { sha256File } from "#lib/sha256.ts";
import type { Job } from "./kinds.ts";

/** The file or folder (HLS) a job creates. */
export function outputOf(root: string, job: Job): string {
  const file = path.join(root, "public", job.site);
  return job.kind === "reelHls" ? path.dirname(file) : file;
}

/** The prefix of a file being written, in its folder until it is complete. */
export const PARTIAL = ".partial-";

/** Removes temporary files an interrupted run left behind. */
export async function removeLeftovers(dir: string): Promise<void> {
  if (!existsSync(dir)) return;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.name.startsWith(PARTIAL)) await rm(file, { recursive: true, force: true });
    else if (entry.isDirectory()) await removeLeftovers(file);
  }
}

/** Content hashes of root-relative files, each read once; one per phase, as file jobs read what source jobs made. */
export function hasher(root: string): { hashOf(file: string): Promise<string>; hashes: ReadonlyMap<string, string> } {
  const hashes = new Map<string, string>();
  const hashOf = async (file: string): Promise<string> => {
    const hash = hashes.get(file) ?? (await sha256File(path.join(root, file)));
    hashes.set(file, hash);
    return hash;
  };
  return { hashOf, hashes };
}

/** Writes `out` through `make` under a temporary name beside it, then moves it into place. */
export async function writeAtomically(
  out: string,
  folder: boolean,
  make: (temporary: string) => Promise<void>,
): Promise<void> {
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
