/**
 * The followed branch's history, fetched into a bare repository under SITE_DATA: asked cheaply
 * (`git ls-remote`) how far the branch is, fetched only when it moved, and read for what a commit
 * changed. Git itself, as the editing service uses it: no library does a fetch as well.
 *
 * Every git has a time limit: a remote that stops answering mid-call would otherwise hold every later
 * release behind it. Git runs in a process group of its own, killed whole when time is up, so that the
 * helper it talks to the remote through (ssh, git-remote-https) goes with it.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";

import { killGroup, recordChild } from "./leftover-processes.ts";

/** How long `git ls-remote` may take: a few hundred bytes, asked every few seconds. */
export const LS_REMOTE_TIMEOUT_MS = 30_000;
/** How long `git fetch` may take: a commit may bring a film (at most MAX_CONTENT_FILE_BYTES) over a slow link. */
export const FETCH_TIMEOUT_MS = 15 * 60_000;
/** How long git on the machine (a checkout, a clean, a diff) may take: a checkout may write films too. */
export const LOCAL_TIMEOUT_MS = 10 * 60_000;

export interface GitOptions {
  timeoutMs?: number;
  /** The folder a follower records its running commands in (leftover-processes.ts). */
  record?: string;
  /** What git reads on its standard input. */
  input?: string;
}

/** Git's answer, or an error holding its own message (the remote's, for a bad URL or branch), or saying it took too long. */
export function runGit(cwd: string, args: string[], { timeoutMs = LOCAL_TIMEOUT_MS, input, record }: GitOptions = {}) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn("git", args, {
      cwd,
      detached: true,
      stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    if (record) recordChild(record, child, cwd);
    const stdout: Buffer[] = [];
    let stderr = "";
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, timeoutMs);
    child.stdout!.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`git ${args[0]}: ${error.message}`));
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (timedOut) reject(new Error(`git ${args[0]}: no answer within ${timeoutMs / 1000} s`));
      else if (code !== 0) reject(new Error(`git ${args[0]}: ${stderr.trim() || `it exited with ${signal ?? code}`}`));
      else resolve(Buffer.concat(stdout).toString());
    });
    // Git may exit before it reads all of it (on an error): its exit says why, not the broken pipe.
    child.stdin?.on("error", () => {});
    child.stdin?.end(input);
  });
}

/** A file a commit changed: its path, its mode after (`000000` when deleted, `120000` a symlink) and its size in bytes. */
export interface ChangedFile {
  path: string;
  mode: string;
  /** Undefined when the commit deletes it, or it is no file (a submodule). */
  size?: number;
}

export interface Mirror {
  /** The bare repository, whose worktrees are the release folders. */
  repo: string;
  /** The branch's commit on the remote now. */
  remoteHead(): Promise<string>;
  /** Fetches the branch; its commit. */
  fetch(): Promise<string>;
  /** The files that differ between two commits, root-relative, with their modes and sizes in `to`. */
  changedFiles(from: string, to: string): Promise<ChangedFile[]>;
  git(cwd: string, ...args: string[]): Promise<string>;
}

/**
 * Lock files git leaves when it is killed mid-write (a ref's, a worktree's index): none can be
 * another's at start, since only this process uses the mirror, and any left makes every later
 * fetch or checkout fail.
 */
async function removeStaleLocks(repo: string) {
  for (const top of await readdir(repo, { withFileTypes: true })) {
    // Not the objects: git writes those under temporary names, never behind a lock.
    if (top.name === "objects") continue;
    const entries = top.isDirectory()
      ? await readdir(path.join(repo, top.name), { recursive: true, withFileTypes: true })
      : [top];
    for (const entry of entries)
      if (entry.isFile() && entry.name.endsWith(".lock")) await rm(path.join(entry.parentPath, entry.name));
  }
}

export interface MirrorOptions {
  lsRemoteMs?: number;
  fetchMs?: number;
  /** The folder a follower records its running commands in (leftover-processes.ts). */
  record?: string;
}

export async function openMirror(
  data: string,
  remote: string,
  branch: string,
  { lsRemoteMs = LS_REMOTE_TIMEOUT_MS, fetchMs = FETCH_TIMEOUT_MS, record }: MirrorOptions = {},
): Promise<Mirror> {
  const repo = path.join(data, "repo.git");
  if (!existsSync(path.join(repo, "HEAD"))) {
    await mkdir(data, { recursive: true });
    await runGit(data, ["init", "--quiet", "--bare", repo]);
  } else await removeStaleLocks(repo);
  const git = (cwd: string, ...args: string[]) => runGit(cwd, args, { record });
  // The remote may have changed since the last start: the setting wins.
  await git(repo, "config", "remote.origin.url", remote);
  const ref = `refs/heads/${branch}`;
  return {
    repo,
    git,
    async remoteHead() {
      const args = ["ls-remote", "--exit-code", "origin", ref];
      const line = await runGit(repo, args, { timeoutMs: lsRemoteMs, record }).catch((error: Error) => {
        throw new Error(`the remote has no branch ${branch} (${error.message})`);
      });
      return line.split("\t")[0]!;
    },
    async fetch() {
      const args = ["fetch", "--quiet", "--no-tags", "origin", `+${ref}:refs/remotes/origin/${branch}`];
      await runGit(repo, args, { timeoutMs: fetchMs, record });
      return (await git(repo, "rev-parse", "--verify", `refs/remotes/origin/${branch}^{commit}`)).trim();
    },
    async changedFiles(from, to) {
      // `:100644 120000 {sha} {sha} M\0{path}\0` per file.
      const fields = (await git(repo, "diff", "--raw", "--full-index", "--no-renames", "-z", from, to)).split("\0");
      const files: { path: string; mode: string; object: string }[] = [];
      for (let at = 0; at + 1 < fields.length; at += 2) {
        const [, mode, , object] = fields[at]!.slice(1).split(" ");
        files.push({ path: fields[at + 1]!, mode: mode!, object: object! });
      }
      const blobs = files.filter(({ mode }) => mode !== "000000" && mode !== "160000");
      const sizes = blobs.length
        ? (
            await runGit(repo, ["cat-file", "--batch-check=%(objectsize)"], {
              record,
              input: blobs.map(({ object }) => `${object}\n`).join(""),
            })
          )
            .trim()
            .split("\n")
            .map(Number)
        : [];
      const sizeOf = new Map(blobs.map(({ object }, index) => [object, sizes[index]]));
      return files.map(({ path: file, mode, object }) => ({ path: file, mode, size: sizeOf.get(object) }));
    },
  };
}
