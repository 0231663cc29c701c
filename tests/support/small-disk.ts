/**
 * A small filesystem for the tests of a full disk (issue 64): a tmpfs mounted on a folder, whose room a test takes
 * away and gives back. Mounting needs root, which CI runs as: elsewhere the tests that need one are skipped, in
 * CI they fail.
 */
import { execFileSync } from "node:child_process";
import { open, rm } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/** Mounts a tmpfs of `mib` MiB on `folder`: false when this user may not (not root), except in CI, which must. */
export function mountTmpfs(folder: string, mib: number): boolean {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${mib}m`, "tmpfs", folder], { stdio: "pipe" });
    return true;
  } catch (error) {
    if (process.env.CI) throw new Error(`CI must run this as root, to mount a tmpfs on ${folder}: ${error}`);
    return false;
  }
}

/** Unmounts the tmpfs on `folder`, whatever still has files open in it (lazily). */
export function unmount(folder: string): void {
  execFileSync("umount", ["-l", folder], { stdio: "pipe" });
}

/** What fillUp() writes, a MiB at a time (a tmpfs writes what room it has of the last, then refuses). */
const CHUNK = Buffer.alloc(1 << 20);

/**
 * Writes `file` until its disk has no room left (ENOSPC): whatever else writes there meanwhile, the disk ends full,
 * as a size measured first and then taken could not ensure. `flags` "a" adds to what the file holds.
 */
export async function fillUp(file: string, flags = "w"): Promise<void> {
  const handle = await open(file, flags);
  try {
    for (;;) await handle.write(CHUNK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    await handle.close();
  }
}

const FILLER = ".disk-filler";

/** How often a disk kept full takes back room something freed (a preview rebuilt, a journal entry settled). */
const REFILL_MS = 10;

/** The disks kept full, by folder: each stops its refilling and resolves once it has. */
const keptFull = new Map<string, () => Promise<void>>();

/**
 * Takes every byte of room away from the tmpfs on `folder`: shrunk to what it holds and a MiB (a tmpfs will not
 * shrink below what it holds), and that MiB filled, so that the next write fails as on a full disk. Until
 * giveRoom(), room the server frees (its preview rebuilt, a save settled) is taken back within REFILL_MS, so a
 * write meant to find the disk full does not find it freed by chance.
 */
export async function takeRoom(folder: string): Promise<void> {
  const used = Number(execFileSync("df", ["-k", "--output=used", folder], { encoding: "utf8" }).split("\n")[1]);
  execFileSync("mount", ["-o", `remount,size=${used + 1024}k`, folder], { stdio: "pipe" });
  const filler = path.join(folder, FILLER);
  await fillUp(filler);
  let full = true;
  const refilling = (async () => {
    while (full) {
      await fillUp(filler, "a");
      await sleep(REFILL_MS);
    }
  })();
  keptFull.set(folder, async () => {
    full = false;
    await refilling;
  });
}

/** Gives the tmpfs on `folder` back `mib` MiB and the room takeRoom() filled. */
export async function giveRoom(folder: string, mib: number): Promise<void> {
  await keptFull.get(folder)?.();
  keptFull.delete(folder);
  await rm(path.join(folder, FILLER), { force: true });
  execFileSync("mount", ["-o", `remount,size=${mib}m`, folder], { stdio: "pipe" });
}
