/**
 * The two release folders under SITE_DATA (`releases/a`, `releases/b`), worktrees of the mirror
 * taken in turn: the one serving is never touched, the other becomes the next commit's. Git's own
 * checkout rewrites only the files that differ, and a clean of every ignored file (the last build
 * with them) leaves exactly the commit, so a build there is a build of that commit alone.
 *
 * Their packages: `node_modules` is a link to the folder installed for the commit's lockfile, the
 * running checkout's own when the lockfile is the same (then nothing is installed at all), or one
 * `npm ci` made under `modules/{lockfile's SHA-256}` the first time a lockfile is seen.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdir, readFile, readlink, rename, rm, symlink } from "node:fs/promises";
import path from "node:path";

import type { Mirror } from "./git-mirror.ts";
import { runningFolder } from "./leftover-processes.ts";
import { runToEnd } from "./run-to-end.ts";

/** How long `npm ci` may take: 3 minutes here with an empty cache; past it, the commit is refused. */
const INSTALL_TIMEOUT_MS = 30 * 60_000;

/** The folder that is not `serving`'s. */
export function otherFolder(data: string, serving: string | undefined): string {
  const a = path.join(data, "releases", "a");
  return serving === a ? path.join(data, "releases", "b") : a;
}

/** `folder`, a worktree at `commit` and nothing else: no file of an earlier build, no stray file. */
export async function checkOut(mirror: Mirror, folder: string, commit: string): Promise<void> {
  if (existsSync(path.join(folder, ".git"))) {
    try {
      await mirror.git(folder, "checkout", "--quiet", "--force", "--detach", commit);
      // node_modules is the link made below; .cache is Remix's compiler cache, keyed by its inputs.
      await mirror.git(folder, "clean", "-ffdxq", "-e", "/node_modules", "-e", "/.cache");
      return;
    } catch {
      // A worktree git no longer takes (its add or a checkout killed halfway): made again below.
    }
  }
  // A folder left without its worktree (a stop halfway through an add) is made again.
  await rm(folder, { recursive: true, force: true });
  await mirror.git(mirror.repo, "worktree", "prune");
  await mkdir(path.dirname(folder), { recursive: true });
  await mirror.git(mirror.repo, "worktree", "add", "--quiet", "--force", "--detach", folder, commit);
}

const lockHash = async (folder: string) =>
  createHash("sha256")
    .update(await readFile(path.join(folder, "package-lock.json")))
    .digest("hex");

/**
 * Links `folder/node_modules` to packages installed for its lockfile; whether `npm ci` had to run.
 * `checkout` is the project this process runs from, whose node_modules serve a commit with its lockfile.
 */
export async function linkModules(
  folder: string,
  data: string,
  checkout: string,
  env: NodeJS.ProcessEnv,
): Promise<boolean> {
  const hash = await lockHash(folder);
  const own = path.join(checkout, "node_modules");
  const installed = path.join(data, "modules", hash);
  let target = path.join(installed, "node_modules");
  let ran = false;
  if (existsSync(own) && (await lockHash(checkout).catch(() => "")) === hash) target = own;
  else if (!existsSync(target)) {
    await install(folder, installed, env, runningFolder(data));
    ran = true;
  }
  const link = path.join(folder, "node_modules");
  if ((await readlink(link).catch(() => undefined)) !== target) {
    await rm(link, { recursive: true, force: true });
    await symlink(target, link);
  }
  return ran;
}

/** `npm ci` for the lockfile in `folder`, in a folder of its own (renamed into place once whole). */
async function install(folder: string, installed: string, env: NodeJS.ProcessEnv, record: string) {
  const partial = `${installed}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  for (const name of ["package.json", "package-lock.json", "vendor"])
    if (existsSync(path.join(folder, name)))
      await cp(path.join(folder, name), path.join(partial, name), { recursive: true });
  // No package's install script: it would run code of the commit's choosing during the install.
  const args = ["ci", "--ignore-scripts", "--include=dev", "--no-audit", "--no-fund"];
  await runToEnd("npm", args, partial, env, { record, timeoutMs: INSTALL_TIMEOUT_MS });
  await rename(partial, installed);
}
