/**
 * The working copy's listing as Keystatic's local API answers `GET /api/keystatic/tree` (every file
 * git does not ignore, and every folder, each with its git object id), made by git from an index of
 * the listing's own instead of by reading and hashing every file: git re-hashes only the files whose
 * size or time changed since the last listing, so a save's answer costs milliseconds, not the
 * 0.4–0.7 s of hashing the whole checkout (issue 55). Keystatic lists a file as mode 100644 whatever
 * its bits, and skips symbolic links and node_modules: so does this, so both give the same ids.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface TreeEntry {
  path: string;
  mode: string;
  type: "blob" | "tree";
  sha: string;
}

/** The index the listing keeps up to date, beside the repository's own (which a save's commit uses). */
const LISTING_INDEX = "keystatic-listing-index";

async function list(root: string): Promise<TreeEntry[]> {
  const gitDir = (await run("git", ["rev-parse", "--absolute-git-dir"], { cwd: root })).stdout.trim();
  const options = {
    cwd: root,
    env: { ...process.env, GIT_INDEX_FILE: path.join(gitDir, LISTING_INDEX), GIT_LITERAL_PATHSPECS: "0" },
    maxBuffer: 256 * 1024 * 1024,
  };
  const git = async (...args: string[]) => (await run("git", ["-c", "core.autocrlf=false", ...args], options)).stdout;
  await git("add", "--all", "--", ".", ":(exclude,glob)**/node_modules", ":(exclude,glob)**/node_modules/**");
  const staged = (await git("ls-files", "--stage", "-z"))
    .split("\0")
    .filter(Boolean)
    .map((line) => ({ mode: line.slice(0, 6), file: line.slice(line.indexOf("\t") + 1) }));
  const executable = staged.filter(({ mode }) => mode === "100755").map(({ file }) => file);
  const skipped = staged.filter(({ mode }) => mode === "120000" || mode === "160000").map(({ file }) => file);
  if (executable.length > 0) await git("update-index", "--chmod=-x", "--", ...executable);
  if (skipped.length > 0) await git("rm", "--cached", "--quiet", "--", ...skipped);
  const tree = (await git("write-tree")).trim();
  return (await git("ls-tree", "-r", "-t", "-z", "--full-tree", tree))
    .split("\0")
    .filter(Boolean)
    .map((line) => {
      const tab = line.indexOf("\t");
      const [mode, type, sha] = line.slice(0, tab).split(" ");
      return { path: line.slice(tab + 1), mode, type: type as TreeEntry["type"], sha };
    });
}

/** Listings one after another: two at once would race on the listing index's lock. */
let last: Promise<unknown> = Promise.resolve();

export function workingTree(root: string): Promise<TreeEntry[]> {
  const next = last.then(() => list(root));
  last = next.catch(() => undefined);
  return next;
}
