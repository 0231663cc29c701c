/**
 * The followed branch's history, fetched into a bare repository under SITE_DATA: asked cheaply
 * (`git ls-remote`) how far the branch is, fetched only when it moved, and read for what a commit
 * changed. Git itself, as the editing service uses it: no library does a fetch as well.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Git's answer, or an error holding its own message (the remote's, for a bad URL or branch). */
async function git(repo: string, ...args: string[]): Promise<string> {
  try {
    return (await run("git", args, { cwd: repo, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`git ${args[0]}: ${stderr || (error as Error).message}`);
  }
}

export interface Mirror {
  /** The bare repository, whose worktrees are the release folders. */
  repo: string;
  /** The branch's commit on the remote now. */
  remoteHead(): Promise<string>;
  /** Fetches the branch; its commit. */
  fetch(): Promise<string>;
  /** The files that differ between two commits, root-relative. */
  changedFiles(from: string, to: string): Promise<string[]>;
  git(cwd: string, ...args: string[]): Promise<string>;
}

export async function openMirror(data: string, remote: string, branch: string): Promise<Mirror> {
  const repo = path.join(data, "repo.git");
  if (!existsSync(path.join(repo, "HEAD"))) await run("git", ["init", "--quiet", "--bare", repo]);
  // The remote may have changed since the last start: the setting wins.
  await git(repo, "config", "remote.origin.url", remote);
  const ref = `refs/heads/${branch}`;
  return {
    repo,
    git,
    async remoteHead() {
      const line = await git(repo, "ls-remote", "--exit-code", "origin", ref).catch((error: Error) => {
        throw new Error(`the remote has no branch ${branch} (${error.message})`);
      });
      return line.split("\t")[0]!;
    },
    async fetch() {
      await git(repo, "fetch", "--quiet", "--no-tags", "origin", `+${ref}:refs/remotes/origin/${branch}`);
      return (await git(repo, "rev-parse", "--verify", `refs/remotes/origin/${branch}^{commit}`)).trim();
    },
    async changedFiles(from, to) {
      return (await git(repo, "diff", "--name-only", "--no-renames", "-z", from, to)).split("\0").filter(Boolean);
    },
  };
}
