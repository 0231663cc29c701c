/**
 * A small filesystem for the tests of a full disk (issue 64): a tmpfs mounted on a folder, whose room a test takes
 * away and gives back. Mounting needs root, which CI runs as: elsewhere the tests that need one are skipped, in
 * CI they fail.
 */
import { execFileSync } from "node:child_process";
import { open, rm } from "node:fs/promises";
import path from "node:path";

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

/**
 * Writes `file` until its disk has no room left (ENOSPC): whatever else writes there meanwhile, the disk ends full,
 * as a size measured first and then taken could not ensure.
 */
export async function fillUp(file: string): Promise<void> {
  const handle = await open(file, "w");
  const chunk = Buffer.alloc(1 << 20);
  try {
    for (;;) await handle.write(chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    await handle.close();
  }
}

const FILLER = ".disk-filler";

/**
 * Takes every byte of room away from the tmpfs on `folder`: shrunk to what it holds and a MiB (a tmpfs will not
 * shrink below what it holds), and that MiB filled, so that the next write fails as on a full disk.
 */
export async function takeRoom(folder: string): Promise<void> {
  const used = Number(execFileSync("df", ["-k", "--output=used", folder], { encoding: "utf8" }).split("\n")[1]);
  execFileSync("mount", ["-o", `remount,size=${used + 1024}k`, folder], { stdio: "pipe" });
  await fillUp(path.join(folder, FILLER));
}

/** Gives the tmpfs on `folder` back `mib` MiB and the room takeRoom() filled. */
export async function giveRoom(folder: string, mib: number): Promise<void> {
  await rm(path.join(folder, FILLER), { force: true });
  execFileSync("mount", ["-o", `remount,size=${mib}m`, folder], { stdio: "pipe" });
}
