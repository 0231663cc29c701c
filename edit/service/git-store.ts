/**
 * The editing service's own clone of the site's repository, and git's side of every save: one commit
 * of exactly the files a save touched, by the editor who made it and committed by the service, pushed
 * to the branch without ever forcing; a version that cannot go on top of the branch is kept on a branch
 * `edits/{editor}/{time}` of its own on the remote.
 *
 * It spawns the git CLI: isomorphic-git cannot use a bare repository's path or `file://` as its
 * remote, which the tests' remote is, and has no rebase. What changes the clone or the remote
 * (`open`, `sync`, `commit`, `push`, `keepAside`) runs one at a time, through the service's
 * `saveQueue()`: two commits at once in one clone race on its `index.lock`. The reads (`head`, and
 * git-history.ts's `blobShas`, `lastChange`, `onBranch`, `recentSaves`) may run beside them: they
 * read the branch's ref, not HEAD, so they never see a rebase halfway.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { type Change, gitHistory, KEPT, type Save, type Unpushed } from "./git-history.ts";
import { type Author, baseEnv, editorSlug, gitRunner, identity, redact, split0, stamp } from "./git-cli.ts";

export type { Author } from "./git-cli.ts";
export type { Change, Save, Unpushed } from "./git-history.ts";

export interface GitStoreOptions {
  /** Where the clone lives (a folder under EDIT_DATA). */
  dir: string;
  /** The site's repository (EDIT_REPO): a URL or a path git can clone. */
  remote: string;
  /** The branch saves go to (EDIT_BRANCH). */
  branch: string;
  /** The service itself, committer of every save. */
  committer: Author;
  /**
   * Whether a file may reach the remote (edit/server/save-paths.ts's `mayLand`): a commit or a
   * kept-aside branch naming any other is refused before git is asked.
   */
  mayLand(file: string): boolean;
}

export type PushResult = { pushed: string } | { keptOn: string; reason: string };

export interface GitStore {
  /**
   * Clones the remote's branch into `dir` if it has no repository yet; otherwise checks it is a clone
   * of that remote on that branch, and clears what a service stopped mid-save left (a stale
   * `index.lock`, a rebase halfway). Call `sync()` next: the kept-aside branches arrive with it.
   */
  open(): Promise<void>;
  /**
   * Fetches the branch and the kept-aside branches and fast-forwards the working copy (clean between
   * saves); the files the fast-forward changed. Commits of its own not yet pushed (a push the network
   * failed) are left for the next `push()`, which puts them on top. A remote that cannot be reached
   * changes nothing: the clone goes on from the branch as it last knew it (none changed).
   */
  sync(): Promise<string[]>;
  /** The branch's commit in the clone: the commit an entry opened now is opened at. */
  head(): Promise<string>;
  /**
   * Each path's blob sha on the branch (undefined if absent): the sha Keystatic's tree gives the
   * working file (git's blob sha of its bytes), since the clone converts no line endings.
   */
  blobShas(paths: string[]): Promise<Map<string, string | undefined>>;
  /** The last commit after `since` (on the branch) that touched any of `paths`: who, when, and which of them. */
  lastChange(since: string, paths: string[]): Promise<Change | undefined>;
  /**
   * Commits exactly `files` (root-relative; each added, changed or deleted in the working copy, other
   * changes left uncommitted) by `author`, committed by the service; the new commit, or the branch's
   * commit unchanged when the files are as committed already.
   *
   * `subject` names the entry, "{collection}/{entry}: {what}" ("directors/ada-rowe: update"), so the
   * branch's history reads as the list of saves.
   */
  commit(files: string[], author: Author, subject: string, body?: string): Promise<string>;
  /**
   * Pushes the branch. A push the remote refuses (it moved) is fetched, rebased and pushed again, a
   * few times; commits that cannot be rebased, or a remote that keeps moving, go to a branch
   * `edits/{editor}/{time}` on the remote and the branch is reset to the remote's (the files other
   * saves have written and not yet committed, a film's, left as they are).
   * Never a force push. A push that fails otherwise (the network, a hook's refusal) throws, and the
   * commit stays on the clone's branch for the next push.
   */
  push(editor: Author): Promise<PushResult>;
  /**
   * Where each of `commits` (made in the clone) is on the branch now: itself, or the copy a rebase
   * made of it (same author, author date and subject); undefined for one the branch does not hold.
   */
  onBranch(commits: string[]): Promise<Map<string, string | undefined>>;
  /** The service's commits on the clone's branch that the remote's does not have yet, oldest first. */
  unpushed(): Promise<Unpushed[]>;
  /**
   * Her version kept aside: a commit of `changes` (path → new bytes, or null for a deletion) on `base`
   * by `author`, pushed as `edits/{editor}/{time}`; the branch's name. Each file is a plain file
   * (100644), whatever `base` has at its path. The working copy, its index and the branch are untouched.
   */
  keepAside(base: string, changes: Map<string, Uint8Array | null>, author: Author, subject: string): Promise<string>;
  /**
   * Recent saves, newest first, at most `n`: the service's commits on the remote's branch (pushed)
   * and the remote's `edits/*` branches (kept aside), as of the last `sync()` or `push()`. A
   * developer's commits are not saves and are left out.
   */
  recentSaves(n: number): Promise<Save[]>;
}

/** How often a refused push is rebased and tried again before the save is kept aside. */
const PUSH_TRIES = 4;
/** How many `edits/{editor}/{time}-{n}` names are tried when one is taken. */
const NAME_TRIES = 9;
/** A fetch runs before every save, under its lock: a remote that does not answer in this long is taken as away. */
const FETCH_TIMEOUT = 30_000;

export function gitStore({ dir: folder, remote, branch, committer, mayLand }: GitStoreOptions): GitStore {
  const dir = path.resolve(folder);
  const local = `refs/heads/${branch}`;
  const tracking = `refs/remotes/origin/${branch}`;
  const env = baseEnv(committer);

  const git = gitRunner(dir, env);
  const history = gitHistory(git, { local, tracking, committer });

  /** The one rule, once more right before git: nothing but content is committed or kept, whoever asks. */
  function landable(files: Iterable<string>): void {
    const refused = [...files].filter((file) => !mayLand(file));
    if (refused.length > 0) throw new Error(`git: not content, never committed: ${refused.join(", ")}`);
  }

  async function rev(ref: string): Promise<string> {
    return (await git(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`])).stdout.trim();
  }

  async function exists(ref: string): Promise<boolean> {
    return (await git(["rev-parse", "--verify", "--quiet", ref], { ok: [1] })).code === 0;
  }

  async function isAncestor(older: string, newer: string): Promise<boolean> {
    return (await git(["merge-base", "--is-ancestor", older, newer], { ok: [1] })).code === 0;
  }

  /** Pushes `source` to the remote's `target`, never forcing: false if the remote refused it as not a fast-forward. */
  async function pushRef(source: string, target: string): Promise<boolean> {
    const result = await git(["push", "--porcelain", "--no-verify", "origin", `${source}:${target}`], { ok: [1] });
    if (result.code === 0) return true;
    // `--porcelain` marks each ref's outcome: "[rejected]" is the remote having moved (or the name
    // taken); anything else, a hook's "[remote rejected]" for one, is not for a rebase to fix.
    if (/^!\t.*\t\[rejected\]/m.test(result.stdout)) return false;
    throw new Error(redact(`git push to ${target} refused:\n${result.stdout.trim()}`));
  }

  /** Pushes `commit` to a new `edits/{editor}/{time}` branch on the remote; its name. */
  async function keep(editor: Author, commit: string): Promise<string> {
    const base = `${KEPT}/${editorSlug(editor.email)}/${stamp(new Date())}`;
    for (let n = 1; n <= NAME_TRIES; n++) {
      // Two kept in the same second take a counter.
      const name = n === 1 ? base : `${base}-${n}`;
      if (await exists(`refs/remotes/origin/${name}`)) continue;
      if (await pushRef(commit, `refs/heads/${name}`)) return name;
    }
    throw new Error(`git: no free branch name after ${base}-${NAME_TRIES} for ${commit}`);
  }

  async function rebaseInProgress(): Promise<boolean> {
    const gitDir = (await git(["rev-parse", "--absolute-git-dir"])).stdout.trim();
    return existsSync(path.join(gitDir, "rebase-merge")) || existsSync(path.join(gitDir, "rebase-apply"));
  }

  async function configure(): Promise<void> {
    // Only the branch and the kept-aside branches: a developer's other branches are none of the service's.
    await git(["config", "--replace-all", "remote.origin.fetch", `+${local}:${tracking}`]);
    await git(["config", "--add", "remote.origin.fetch", `+refs/heads/${KEPT}/*:refs/remotes/origin/${KEPT}/*`]);
  }

  return {
    async open() {
      if (!existsSync(path.join(dir, ".git"))) {
        await mkdir(dir, { recursive: true });
        await git(["clone", "--quiet", "--no-tags", "--single-branch", "--branch", branch, "--", remote, dir], {}, dir);
        await configure();
        return;
      }
      const top = (await git(["rev-parse", "--show-toplevel"])).stdout.trim();
      if ((await realpath(top)) !== (await realpath(dir))) throw new Error(`git: ${dir} is inside ${top}, not a clone`);
      const url = (await git(["remote", "get-url", "origin"])).stdout.trim();
      if (url !== remote) throw new Error(redact(`git: ${dir} is a clone of ${url}, not of ${remote}`));
      const gitDir = (await git(["rev-parse", "--absolute-git-dir"])).stdout.trim();
      // Nothing of the service's runs in the clone before open() returns, so a lock is a stopped save's.
      await rm(path.join(gitDir, "index.lock"), { force: true });
      // A service stopped mid-push leaves its rebase; aborting puts the save back on the branch for the next push.
      if (await rebaseInProgress()) await git(["rebase", "--abort"]);
      const current = (await git(["symbolic-ref", "--quiet", "--short", "HEAD"], { ok: [1] })).stdout.trim();
      if (current !== branch) throw new Error(`git: ${dir} has ${current || "no branch"} checked out, not ${branch}`);
      await configure();
    },

    async sync() {
      const before = await rev(local);
      try {
        await git(["fetch", "--quiet", "--prune", "origin"], { timeout: FETCH_TIMEOUT });
      } catch (error) {
        // The save goes on from what the clone knows; its push waits for the remote (save-pipeline.ts).
        console.error(`the remote could not be fetched; going on from the branch as last known: ${String(error)}`);
        return [];
      }
      const after = await rev(tracking);
      if (before === after || !(await isAncestor(before, after))) return [];
      await git(["merge", "--ff-only", "--quiet", tracking]);
      return split0((await git(["diff", "--name-only", "-z", before, after])).stdout);
    },

    head() {
      return rev(local);
    },

    blobShas: history.blobShas,

    lastChange: history.lastChange,

    async commit(files, author, subject, body) {
      if (files.length === 0) throw new Error("git: a commit needs at least one file");
      landable(files);
      // The index back to the branch's commit: a save stopped after staging must not ride along under another name.
      await git(["reset", "--quiet"]);
      // update-index, unlike add, takes a deleted file's path and a file .gitignore names (media outputs
      // committed where no bucket is set): the caller lists exactly what the save wrote.
      await git(["update-index", "--add", "--remove", "--", ...files]);
      if ((await git(["diff", "--cached", "--quiet"], { ok: [1] })).code === 0) return rev(local);
      const message = `${subject.replace(/\s+/g, " ").trim()}${body ? `\n\n${body.trim()}` : ""}\n`;
      await git(["commit", "--quiet", "--no-verify", "--cleanup=whitespace", "-F", "-"], {
        input: message,
        env: identity(author, "AUTHOR"),
      });
      return rev(local);
    },

    async push(editor) {
      let reason = `${branch} on the remote kept moving: ${PUSH_TRIES} pushes refused`;
      for (let attempt = 1; attempt <= PUSH_TRIES; attempt++) {
        if (await pushRef(local, local)) return { pushed: await rev(local) };
        await git(["fetch", "--quiet", "--prune", "origin"], { timeout: FETCH_TIMEOUT });
        // --autostash: changes outside the save (files still being written) do not stop the rebase.
        const rebase = await git(["rebase", "--quiet", "--autostash", tracking], { ok: [1] });
        if (rebase.code === 0) continue;
        if (!(await rebaseInProgress())) throw new Error(`git rebase onto ${tracking} failed:\n${rebase.stdout}`);
        const conflicted = split0((await git(["diff", "--name-only", "-z", "--diff-filter=U"])).stdout);
        await git(["rebase", "--abort"]);
        reason = `${conflicted.join(", ")} changed on ${branch} meanwhile, and this save changed the same lines`;
        break;
      }
      const keptOn = await keep(editor, await rev(local));
      // --keep, not --hard: another save's files still being made (a film's entry, its outputs) stay as they are.
      await git(["reset", "--quiet", "--keep", tracking]);
      return { keptOn, reason };
    },

    async keepAside(base, changes, author, subject) {
      landable(changes.keys());
      const scratch = await mkdtemp(path.join(tmpdir(), "keep-aside-"));
      // Its own index: the working copy's stays as it is, and so does a save running beside it.
      const index = { GIT_INDEX_FILE: path.join(scratch, "index") };
      try {
        await git(["read-tree", base], { env: index });
        const lines: string[] = [];
        const deleted: string[] = [];
        for (const [file, bytes] of changes) {
          if (bytes === null) {
            deleted.push(file);
            continue;
          }
          const sha = (await git(["hash-object", "-w", "--stdin", `--path=${file}`], { input: bytes })).stdout.trim();
          // Her bytes as a plain file: a symlink or an executable at that path in `base` must not carry over.
          lines.push(`100644 ${sha}\t${file}\0`);
        }
        if (lines.length > 0) await git(["update-index", "-z", "--index-info"], { input: lines.join(""), env: index });
        if (deleted.length > 0) await git(["update-index", "--force-remove", "--", ...deleted], { env: index });
        const tree = (await git(["write-tree"], { env: index })).stdout.trim();
        const commit = await git(["commit-tree", tree, "-p", base, "-F", "-"], {
          input: `${subject.replace(/\s+/g, " ").trim()}\n`,
          env: identity(author, "AUTHOR"),
        });
        return await keep(author, commit.stdout.trim());
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    },

    onBranch: history.onBranch,

    unpushed: history.unpushed,

    recentSaves: history.recentSaves,
  };
}
