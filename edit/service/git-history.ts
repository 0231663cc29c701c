/**
 * What the editing service reads back from its clone's history (git-store.ts): each file's blob sha
 * on the branch (the stale check), who last changed a file since a commit (the 409's words), where
 * its commits are on the branch after a rebase, and the recent saves (the screen's list). Reads only: they
 * read the branch's refs, not HEAD, so they may run beside a save and never see a rebase halfway.
 */
import { type Author, FIELDS, type gitRunner, identity, RECORDS, split0, unbracket, utc } from "./git-cli.ts";

/** The remote's branches where saves that could not land are kept: `edits/{editor}/{time}`. */
export const KEPT = "edits";

export interface Change {
  commit: string;
  author: Author;
  /** The author's date, ISO 8601 in UTC. */
  date: string;
  /** Which of the paths asked about it changed. */
  paths: string[];
}

export interface Save {
  commit: string;
  author: Author;
  /** The author's date, ISO 8601 in UTC. */
  date: string;
  subject: string;
  state: "pushed" | "kept aside";
  /** The `edits/…` branch a save kept aside is on. */
  branch?: string;
}

/** A save the service committed in its clone and could not push yet (its remote was away). */
export interface Unpushed {
  commit: string;
  author: Author;
  /** The author's date, ISO 8601 in UTC. */
  date: string;
  subject: string;
}

/** The reads, on the clone's `local` branch and its remote-tracking `tracking` ref; `committer` is the service. */
export function gitHistory(
  git: ReturnType<typeof gitRunner>,
  { local, tracking, committer }: { local: string; tracking: string; committer: Author },
) {
  async function lastChange(since: string, paths: string[]): Promise<Change | undefined> {
    if (paths.length === 0) return undefined;
    const format = ["%H", "%an", "%ae", "%aI"].join("%x1f");
    const { stdout } = await git([
      "log",
      "-1",
      "-z",
      "--name-only",
      // A merge's files are those it brought to the branch.
      "--diff-merges=first-parent",
      `--format=${format}`,
      `${since}..${local}`,
      "--",
      ...paths,
    ]);
    if (!stdout) return undefined;
    const [header, ...names] = stdout.split("\0");
    const [commit, name, email, date] = header.split(FIELDS);
    const touched = new Set(names.map((file) => file.replace(/^\n/, "")));
    return { commit, author: { name, email }, date: utc(date), paths: paths.filter((file) => touched.has(file)) };
  }

  async function recentSaves(n: number): Promise<Save[]> {
    // for-each-ref reads a count of 0 as no limit.
    if (n <= 0) return [];
    const format = ["%H", "%an", "%ae", "%aI", "%s"].join("%x1f") + "%x1e";
    const log = await git([
      "log",
      `-n${n}`,
      // The service's commits are the saves; -F: the email is a string, not a pattern.
      "-F",
      `--committer=<${identity(committer, "COMMITTER").GIT_COMMITTER_EMAIL}>`,
      `--format=${format}`,
      tracking,
    ]);
    const refs = await git([
      "for-each-ref",
      "--sort=-authordate",
      `--count=${n}`,
      "--format=%(objectname)%1f%(authorname)%1f%(authoremail)%1f%(authordate:iso-strict)%1f%(subject)%1f%(refname:strip=3)%1e",
      `refs/remotes/origin/${KEPT}/`,
    ]);
    const records = (text: string) =>
      text
        .split(RECORDS)
        .map((record) => record.trim())
        .filter(Boolean)
        .map((record) => record.split(FIELDS));
    const saves: Save[] = records(log.stdout).map(([commit, name, email, date, subject]) => ({
      commit,
      author: { name, email },
      date: utc(date),
      subject,
      state: "pushed",
    }));
    const kept: Save[] = records(refs.stdout).map(([commit, name, email, date, subject, branchName]) => ({
      commit,
      author: { name, email: unbracket(email) },
      date: utc(date),
      subject,
      state: "kept aside",
      branch: branchName,
    }));
    return [...saves, ...kept].sort((a, b) => Date.parse(b.date) - Date.parse(a.date)).slice(0, n);
  }

  async function unpushed(): Promise<Unpushed[]> {
    const format = ["%H", "%an", "%ae", "%aI", "%s"].join("%x1f") + "%x1e";
    const { stdout } = await git([
      "log",
      "--reverse",
      "-F",
      `--committer=<${identity(committer, "COMMITTER").GIT_COMMITTER_EMAIL}>`,
      `--format=${format}`,
      `${tracking}..${local}`,
    ]);
    return stdout
      .split(RECORDS)
      .map((record) => record.trim())
      .filter(Boolean)
      .map((record) => {
        const [commit, name, email, date, subject] = record.split(FIELDS);
        return { commit, author: { name, email }, date: utc(date), subject };
      });
  }

  /** `ls-tree` of `paths` in `treeish`: each path present → its mode and blob sha. */
  async function entries(treeish: string, paths: string[]): Promise<Map<string, { mode: string; sha: string }>> {
    const found = new Map<string, { mode: string; sha: string }>();
    if (paths.length === 0) return found;
    const { stdout } = await git(["ls-tree", "-z", "--full-tree", treeish, "--", ...paths]);
    for (const line of split0(stdout)) {
      const tab = line.indexOf("\t");
      const [mode, type, sha] = line.slice(0, tab).split(" ");
      if (type === "blob") found.set(line.slice(tab + 1), { mode, sha });
    }
    return found;
  }

  async function blobShas(paths: string[]): Promise<Map<string, string | undefined>> {
    const found = await entries(local, paths);
    return new Map(paths.map((file) => [file, found.get(file)?.sha]));
  }

  async function onBranch(commits: string[]): Promise<Map<string, string | undefined>> {
    const key = ["%H", "%ae", "%at", "%s"].join("%x1f");
    const keyOf = (line: string) => line.slice(line.indexOf(FIELDS) + 1);
    const onIt = new Map<string, string>();
    const ids = new Set<string>();
    // The saves waiting for a remote: a few hundred at the very most, never the whole history.
    const log = (await git(["log", "-n500", `--format=${key}`, local])).stdout.split("\n").filter(Boolean);
    for (const line of log) {
      ids.add(line.split(FIELDS)[0]);
      if (!onIt.has(keyOf(line))) onIt.set(keyOf(line), line.split(FIELDS)[0]);
    }
    const found = new Map<string, string | undefined>();
    for (const commit of commits) {
      if (ids.has(commit)) found.set(commit, commit);
      else {
        const own = (await git(["show", "-s", `--format=${key}`, commit, "--"], { ok: [128] })).stdout.trim();
        found.set(commit, own ? onIt.get(keyOf(own)) : undefined);
      }
    }
    return found;
  }

  return { blobShas, lastChange, onBranch, recentSaves, unpushed };
}
