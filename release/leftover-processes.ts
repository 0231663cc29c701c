/**
 * The follower's git and builds, which outlive it when it is killed (a SIGKILL ends its own process
 * only): each runs in a process group of its own, recorded in a folder under SITE_DATA while it
 * runs, and a follower starting stops what a killed one left, before it touches the mirror or a
 * release folder. Otherwise a build of the commit before would go on writing into the folder the
 * next build cleans, and a fetch into the mirror whose lock files a start removes.
 */
import type { ChildProcess } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { readdir, readFile, readlink, rm } from "node:fs/promises";
import path from "node:path";

/** Where a follower with its state in `data` (SITE_DATA) records its running commands. */
export const runningFolder = (data: string) => path.join(data, "running");

/**
 * Records `child` (spawned `detached`, so the leader of its group) in `folder` until it exits. A
 * record that cannot be written (SITE_DATA full) leaves the command running unrecorded: the record
 * only serves a follower killed meanwhile, and failing here would leave `child` running unwatched
 * and blame the command (the remote, for `git ls-remote`) for a full disk.
 */
export function recordChild(folder: string, child: ChildProcess, cwd: string): void {
  if (child.pid === undefined) return;
  const file = path.join(folder, String(child.pid));
  try {
    mkdirSync(folder, { recursive: true });
    writeFileSync(file, path.resolve(cwd));
  } catch {
    // A record begun and not finished names no folder the process works in: the next start only removes it.
    return;
  }
  child.once("exit", () => rmSync(file, { force: true }));
}

/** Kills the process group of `child`, if it still runs: its helpers and the commands a build started with it. */
export function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    // Gone already: its exit says so.
  }
}

/**
 * Stops the groups recorded in `folder` by a follower that did not live to see them end; how many.
 * A process is stopped only if it still works in the folder recorded (Linux's /proc says): a number
 * since taken by another process is left alone.
 */
export async function stopLeftovers(folder: string): Promise<number> {
  const pids = await readdir(folder).catch(() => [] as string[]);
  let stopped = 0;
  for (const pid of pids) {
    const recorded = await readFile(path.join(folder, pid), "utf8").catch(() => undefined);
    const cwd = await readlink(`/proc/${pid}/cwd`).catch(() => undefined);
    if (/^\d+$/.test(pid) && recorded !== undefined && cwd === recorded) {
      try {
        process.kill(-Number(pid), "SIGKILL");
        stopped++;
      } catch {
        // Ended between the look and the kill.
      }
    }
    await rm(path.join(folder, pid), { force: true });
  }
  return stopped;
}
