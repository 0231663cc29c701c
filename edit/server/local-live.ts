/**
 * Whether the public site shows a save of `npm run edit` (site-watch.ts asks the site; this asks
 * git). `npm run edit` makes no commits of its own: someone commits and deploys later. So a save is
 * live once the commit the site serves has each file the save wrote as the working copy now has it
 * (a deleted file absent from both). Never "not live": a refusal names a commit this screen never
 * made. A working copy that is no repository, or lacks the commit after one fetch, stays "saved".
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

import type { SaveRecord } from "./save-log.ts";
import type { SiteHealth } from "./site-health.ts";
import { siteWatch } from "./site-watch.ts";

const run = promisify(execFile);

/** Whether the served commit of `health` holds `files` as the working copy at `root` has them. */
export function localLiveCheck(root: string) {
  // A fetch that would ask for a password has no one to ask: it fails, and the save stays "saved".
  const env = { ...process.env, GIT_TERMINAL_PROMPT: "0", LC_ALL: "C" };
  const git = (args: string[]) =>
    run("git", args, { cwd: root, env, encoding: "buffer", maxBuffer: 256 * 1024 * 1024 }).then(({ stdout }) => stdout);
  /** Commits fetched for once already: one the remote lacks is not fetched again every 2 s. */
  const fetched = new Set<string>();

  const has = (commit: string) =>
    git(["rev-parse", "--verify", "--quiet", `${commit}^{commit}`]).then(
      () => true,
      () => false,
    );

  async function known(commit: string): Promise<boolean> {
    if (await has(commit)) return true;
    if (fetched.has(commit)) return false;
    fetched.add(commit);
    await git(["fetch", "--quiet"]).catch(() => undefined);
    return has(commit);
  }

  /** The served commit's copy of a file; null where it has none. */
  const servedCopy = (commit: string, file: string) => git(["cat-file", "-p", `${commit}:${file}`]).catch(() => null);
  const workingCopy = (file: string) => readFile(path.join(root, file)).catch(() => null);

  return async function shows(files: string[], { commit }: SiteHealth): Promise<boolean> {
    if (commit === null || files.length === 0 || !(await known(commit))) return false;
    for (const file of files) {
      const [served, working] = await Promise.all([servedCopy(commit, file), workingCopy(file)]);
      if (served === null ? working !== null : working === null || !served.equals(working)) return false;
    }
    return true;
  };
}

/** `npm run edit`'s watch: each save's content files (`follow`), followed to the site at `origin`. */
export function watchSavedFiles(origin: string, root: string, saves: () => SaveRecord[]) {
  const shows = localLiveCheck(root);
  const filesOf = new WeakMap<SaveRecord, string[]>();
  const watch = siteWatch({
    origin,
    saves,
    from: "saved",
    verdict: async (record, health) => ((await shows(filesOf.get(record) ?? [], health)) ? { live: true } : undefined),
  });
  return {
    ...watch,
    /** The content files `record`'s save wrote or deleted: what the site's commit must hold. */
    follow(record: SaveRecord, files: string[]) {
      filesOf.set(record, files);
    },
  };
}
