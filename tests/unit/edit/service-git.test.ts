/**
 * The editing service's git side (edit/service/git-store.ts, edit/server/save-queue.ts), on a bare repository
 * playing the remote, the service's own clone, and a second clone playing a developer who pushes
 * while editors save. The remote refuses non-fast-forward pushes and deletions, so a force push
 * anywhere would fail the test rather than pass unseen.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import { mayLand } from "#edit/server/save-paths.ts";
import { gitStore, type Author } from "#edit/service/git-store.ts";
import { saveQueue } from "#edit/server/save-queue.ts";
import { ADA_FILE, director, seedContentRemote, SITE_FILE, THEO_FILE } from "#tests/support/content-remote.ts";

const SERVICE: Author = { name: "Editing Service", email: "edit@agency.example" };
const ADA: Author = { name: "Ada Rowe", email: "ada@agency.example" };
const BEN: Author = { name: "Ben Okafor", email: "ben.okafor@agency.example" };
const DEV: Author = { name: "Dev Eloper", email: "dev@agency.example" };

const JUNO_FILE = "app/content/artists/directors/juno-adeyemi.md";
/** What the service lets land when a bucket holds the media: the content and the manifest. */
const contentOnly = (file: string) => mayLand(file, { outputs: false });

const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/;
const KEPT_NAME = /^edits\/ada\/\d{8}-\d{6}(-\d+)?$/;

let root: string;
let template: string;
let cases = 0;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "service-git-"));
  // Neither this machine's git config (init.defaultBranch, user.*, signing) nor the user's reaches the
  // test's git or the store's: both inherit this environment.
  vi.stubEnv("GIT_CONFIG_NOSYSTEM", "1");
  vi.stubEnv("HOME", root);
  vi.stubEnv("XDG_CONFIG_HOME", root);
  template = await seedContentRemote(root);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await rm(root, { recursive: true, force: true });
});

function gitBytes(cwd: string, args: string[], env: Record<string, string> = {}): Buffer {
  return execFileSync("git", args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
}

function git(cwd: string, ...args: string[]): string {
  return gitBytes(cwd, args).toString().trimEnd();
}

function isAncestor(repo: string, older: string, newer: string): boolean {
  try {
    gitBytes(repo, ["merge-base", "--is-ancestor", older, newer]);
    return true;
  } catch {
    return false;
  }
}

/** The developer brings the branch up to date, commits `text` to `file` at `date` and pushes; the commit. */
async function developerPushes(developer: string, file: string, text: string, date: string, subject: string) {
  git(developer, "pull", "-q", "--ff-only", "origin", "main");
  await writeFile(path.join(developer, file), text);
  git(developer, "add", "--", file);
  const who = {
    GIT_AUTHOR_NAME: DEV.name,
    GIT_AUTHOR_EMAIL: DEV.email,
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_NAME: DEV.name,
    GIT_COMMITTER_EMAIL: DEV.email,
    GIT_COMMITTER_DATE: date,
  };
  gitBytes(developer, ["commit", "-q", "-m", subject], who);
  git(developer, "push", "-q", "origin", "main");
  return git(developer, "rev-parse", "HEAD");
}

/** A remote of its own, a developer's clone of it, and the service's store, opened and synced. */
async function world() {
  const base = path.join(root, `case-${++cases}`);
  const remote = path.join(base, "remote.git");
  await cp(template, remote, { recursive: true });
  const developer = path.join(base, "developer");
  git(base, "clone", "-q", remote, developer);
  const service = path.join(base, "service");
  const store = gitStore({ dir: service, remote, branch: "main", committer: SERVICE, mayLand: contentOnly });
  await store.open();
  await store.sync();
  return { remote, developer, service, store, seedTip: git(remote, "rev-parse", "main") };
}

// git, and hundreds of megabytes through a socket: seconds each on a quiet machine, more on a loaded CI one.
describe("the editing service's clone", { timeout: 60_000 }, () => {
  test("a save is one commit of exactly its files, by its editor, committed by the service, and pushed", async () => {
    const { remote, service, store } = await world();
    await writeFile(path.join(service, ADA_FILE), director("ada-rowe", "New words."));
    await writeFile(path.join(service, JUNO_FILE), director("juno-adeyemi", "Hello."));
    await rm(path.join(service, THEO_FILE));
    await writeFile(path.join(service, SITE_FILE), "title: Not part of the save\n");

    const commit = await store.commit([ADA_FILE, JUNO_FILE, THEO_FILE], ADA, "directors/ada-rowe: update", "Bio.");

    expect(git(service, "show", "--name-status", "--format=", commit).split("\n").sort()).toEqual([
      `A\t${JUNO_FILE}`,
      `D\t${THEO_FILE}`,
      `M\t${ADA_FILE}`,
    ]);
    expect(git(service, "show", "-s", "--format=%an <%ae>|%cn <%ce>|%s|%b", commit)).toBe(
      "Ada Rowe <ada@agency.example>|Editing Service <edit@agency.example>|directors/ada-rowe: update|Bio.",
    );
    expect(git(service, "status", "--porcelain")).toBe(` M ${SITE_FILE}`);
    // Saving the same bytes again makes no commit.
    expect(await store.commit([ADA_FILE], ADA, "directors/ada-rowe: update")).toBe(commit);

    expect(await store.push(ADA)).toEqual({ pushed: commit });
    expect(git(remote, "rev-parse", "main")).toBe(commit);
  });

  test("open() checks the folder is a clone of the remote, and opens it again as it is", async () => {
    const { service, store } = await world();
    const head = await store.head();
    const other = gitStore({
      dir: service,
      remote: path.join(root, "elsewhere.git"),
      branch: "main",
      committer: SERVICE,
      mayLand: contentOnly,
    });
    await expect(other.open()).rejects.toThrow(/is a clone of .*remote\.git, not of .*elsewhere\.git/);
    await store.open();
    expect(await store.head()).toBe(head);
  });

  test("open() after a service stopped mid-push: the lock cleared, the rebase undone, the save kept aside next", async () => {
    const { developer, service, store } = await world();
    await developerPushes(developer, ADA_FILE, director("ada-rowe", "Theirs."), "2026-11-28T09:15:03Z", "ada: bio");
    await writeFile(path.join(service, ADA_FILE), director("ada-rowe", "Hers."));
    const hers = await store.commit([ADA_FILE], ADA, "directors/ada-rowe: update");
    git(service, "fetch", "-q", "origin");
    expect(() => gitBytes(service, ["-c", "user.name=x", "-c", "user.email=x@x", "rebase", "origin/main"])).toThrow();
    await writeFile(path.join(service, ".git/index.lock"), "");

    await store.open();

    expect(git(service, "symbolic-ref", "--short", "HEAD")).toBe("main");
    expect(await store.head()).toBe(hers);
    expect(await store.push(ADA)).toEqual({ keptOn: expect.stringMatching(KEPT_NAME), reason: expect.any(String) });
  });

  test("a git command that fails says so with git's own words", async () => {
    const { store } = await world();
    await expect(store.lastChange("0".repeat(40), [ADA_FILE])).rejects.toThrow(
      /^git log .* failed \(exit 128\)[^]*fatal: /,
    );
  });

  test("a developer pushes meanwhile: the save's push is rebased and lands on top, nothing lost", async () => {
    const { remote, developer, service, store, seedTip } = await world();
    const developerTip = await developerPushes(
      developer,
      SITE_FILE,
      "title: Agency & Co\n",
      "2026-11-28T09:15:03Z",
      "site: title",
    );
    await writeFile(path.join(service, ADA_FILE), director("ada-rowe", "New words."));
    const local = await store.commit([ADA_FILE], ADA, "directors/ada-rowe: update");

    const result = await store.push(ADA);

    expect(result).toEqual({ pushed: expect.any(String) });
    const { pushed } = result as { pushed: string };
    expect(pushed).not.toBe(local);
    expect(git(remote, "rev-parse", "main")).toBe(pushed);
    expect(git(remote, "rev-parse", "main^")).toBe(developerTip);
    expect(git(remote, "log", "--format=%an|%cn|%s", "main").split("\n")).toEqual([
      "Ada Rowe|Editing Service|directors/ada-rowe: update",
      "Dev Eloper|Dev Eloper|site: title",
      "Seed|Seed|seed",
    ]);
    expect([seedTip, developerTip].every((tip) => isAncestor(remote, tip, "main"))).toBe(true);
    expect(await store.head()).toBe(pushed);
    expect(await readFile(path.join(service, SITE_FILE), "utf8")).toBe("title: Agency & Co\n");
  });

  test("a save that cannot be rebased is kept on edits/… with her version; the clone is reset; nothing forced", async () => {
    const { remote, developer, service, store, seedTip } = await world();
    const view = await store.head();
    const developerTip = await developerPushes(
      developer,
      ADA_FILE,
      director("ada-rowe", "The developer's words."),
      "2026-11-28T09:15:03Z",
      "ada-rowe: bio",
    );
    await writeFile(path.join(service, ADA_FILE), director("ada-rowe", "Her words."));
    await store.commit([ADA_FILE], ADA, "directors/ada-rowe: update");

    const result = await store.push(ADA);

    expect(result).toEqual({ keptOn: expect.stringMatching(KEPT_NAME), reason: expect.stringContaining(ADA_FILE) });
    const { keptOn } = result as { keptOn: string };
    expect(git(root, "check-ref-format", `refs/heads/${keptOn}`)).toBe("");
    expect(git(remote, "show", `${keptOn}:${ADA_FILE}`)).toBe(director("ada-rowe", "Her words.").trimEnd());
    expect(git(remote, "rev-parse", `${keptOn}^`)).toBe(view);
    expect(git(remote, "log", "-1", "--format=%an <%ae>|%s", keptOn)).toBe(
      "Ada Rowe <ada@agency.example>|directors/ada-rowe: update",
    );
    // The branch only grew: the developer's commit is the tip, every earlier tip beneath it.
    expect(git(remote, "rev-parse", "main")).toBe(developerTip);
    expect(isAncestor(remote, seedTip, "main")).toBe(true);

    expect(await store.head()).toBe(developerTip);
    expect(await readFile(path.join(service, ADA_FILE), "utf8")).toBe(director("ada-rowe", "The developer's words."));
    expect(git(service, "status", "--porcelain")).toBe("");
    expect(existsSync(path.join(service, ".git/rebase-merge"))).toBe(false);
  });

  test("a save kept aside while another's film is being made leaves that save's written files as they are", async () => {
    const { developer, service, store } = await world();
    await developerPushes(developer, ADA_FILE, director("ada-rowe", "Theirs."), "2026-11-28T09:15:03Z", "ada: bio");
    // Ben's entry and the manifest, written by a save whose media are still being made: not committed yet.
    const bens = director("theo-marchand", "Ben's words, waiting for his film.");
    await writeFile(path.join(service, THEO_FILE), bens);
    await writeFile(path.join(service, SITE_FILE), "title: Not Ada's either\n");
    await writeFile(path.join(service, ADA_FILE), director("ada-rowe", "Hers."));
    await store.commit([ADA_FILE], ADA, "directors/ada-rowe: update");

    expect(await store.push(ADA)).toMatchObject({ keptOn: expect.stringMatching(KEPT_NAME) });

    expect(await readFile(path.join(service, THEO_FILE), "utf8")).toBe(bens);
    expect(await readFile(path.join(service, SITE_FILE), "utf8")).toBe("title: Not Ada's either\n");
    expect(await readFile(path.join(service, ADA_FILE), "utf8")).toBe(director("ada-rowe", "Theirs."));
  });

  test("keepAside commits exactly her bytes on her base, pushed to edits/…, the working copy untouched", async () => {
    const { remote, developer, service, store } = await world();
    const base = await store.head();
    await developerPushes(developer, ADA_FILE, director("ada-rowe", "Theirs."), "2026-11-28T09:15:03Z", "ada: bio");
    await writeFile(path.join(service, SITE_FILE), "title: Being saved by someone else\n");
    const status = git(service, "status", "--porcelain");
    const hers = Buffer.from(director("ada-rowe", "Her words.\r\nWith a CRLF, kept as is."));
    const juno = Buffer.from(director("juno-adeyemi", "Hello."));

    const branch = await store.keepAside(
      base,
      new Map([
        [ADA_FILE, hers],
        [JUNO_FILE, juno],
        [THEO_FILE, null],
      ]),
      ADA,
      "directors/ada-rowe: update",
    );

    expect(branch).toMatch(KEPT_NAME);
    expect(git(remote, "rev-parse", `${branch}^`)).toBe(base);
    expect(git(remote, "diff", "--name-status", base, branch).split("\n").sort()).toEqual([
      `A\t${JUNO_FILE}`,
      `D\t${THEO_FILE}`,
      `M\t${ADA_FILE}`,
    ]);
    expect(gitBytes(remote, ["show", `${branch}:${ADA_FILE}`])).toEqual(hers);
    expect(gitBytes(remote, ["show", `${branch}:${JUNO_FILE}`])).toEqual(juno);
    expect(git(remote, "log", "-1", "--format=%an <%ae>|%cn <%ce>|%s", branch)).toBe(
      "Ada Rowe <ada@agency.example>|Editing Service <edit@agency.example>|directors/ada-rowe: update",
    );
    expect(git(service, "status", "--porcelain")).toBe(status);
    expect(await store.head()).toBe(base);

    // A second in the same second gets a name of its own.
    const again = await store.keepAside(base, new Map([[ADA_FILE, hers]]), ADA, "directors/ada-rowe: update");
    expect(again).toMatch(KEPT_NAME);
    expect(again).not.toBe(branch);
  });

  test("code never reaches git: a commit or a kept-aside branch naming a file outside the content is refused whole", async () => {
    const { remote, service, store } = await world();
    const base = await store.head();
    const branches = () => git(remote, "for-each-ref", "--format=%(refname)", "refs/heads/");
    const before = branches();
    await writeFile(path.join(service, ADA_FILE), director("ada-rowe", "New words."));
    await writeFile(path.join(service, "package.json"), "{}\n");

    for (const outside of ["package.json", "app/content/index.ts", "app/content/../../package.json"]) {
      await expect(store.commit([ADA_FILE, outside], ADA, "directors/ada-rowe: update")).rejects.toThrow(
        `not content, never committed: ${outside}`,
      );
      const kept = new Map<string, Uint8Array | null>([
        [ADA_FILE, Buffer.from("x")],
        [outside, null],
      ]);
      await expect(store.keepAside(base, kept, ADA, "directors/ada-rowe: update")).rejects.toThrow(outside);
    }
    expect(await store.head()).toBe(base);
    expect(git(service, "diff", "--cached", "--name-only")).toBe("");
    expect(branches()).toBe(before);
  });

  test("sync() fast-forwards and lists the files; lastChange names who changed a file since a view, and when", async () => {
    const { developer, store } = await world();
    const view = await store.head();
    const bio = await developerPushes(developer, ADA_FILE, director("ada-rowe", "X."), "2026-11-28T09:15:03Z", "bio");
    const title = await developerPushes(developer, SITE_FILE, "title: T\n", "2026-11-28T10:00:00Z", "title");

    expect(await store.sync()).toEqual([ADA_FILE, SITE_FILE]);
    expect(await store.head()).toBe(title);

    expect(await store.lastChange(view, [ADA_FILE, THEO_FILE])).toEqual({
      commit: bio,
      author: DEV,
      date: "2026-11-28T09:15:03.000Z",
      paths: [ADA_FILE],
    });
    expect(await store.lastChange(view, [ADA_FILE, SITE_FILE])).toEqual({
      commit: title,
      author: DEV,
      date: "2026-11-28T10:00:00.000Z",
      paths: [SITE_FILE],
    });
    expect(await store.lastChange(view, [THEO_FILE])).toBeUndefined();
    expect(await store.lastChange(title, [ADA_FILE])).toBeUndefined();
  });

  test("blobShas are git's blob shas of the committed files, as Keystatic computes them from the bytes", async () => {
    const { service, store } = await world();
    const absent = "app/content/artists/directors/nobody.md";
    const keystatic = (bytes: Buffer) =>
      createHash("sha1")
        .update(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes]))
        .digest("hex");
    const expected = new Map([
      [ADA_FILE, git(service, "hash-object", ADA_FILE)],
      [SITE_FILE, git(service, "hash-object", SITE_FILE)],
      [absent, undefined],
    ]);

    expect(await store.blobShas([ADA_FILE, SITE_FILE, absent])).toEqual(expected);
    expect(keystatic(await readFile(path.join(service, ADA_FILE)))).toBe(expected.get(ADA_FILE));
    // A save's files written into the working copy are not yet the branch's.
    await writeFile(path.join(service, ADA_FILE), director("ada-rowe", "Unsaved."));
    expect(await store.blobShas([ADA_FILE])).toEqual(new Map([[ADA_FILE, expected.get(ADA_FILE)]]));
  });

  test("recentSaves lists the saves author by author and the branch kept aside, and no developer's commit", async () => {
    const { remote, developer, service, store } = await world();
    await writeFile(path.join(service, ADA_FILE), director("ada-rowe", "New."));
    await store.commit([ADA_FILE], ADA, "directors/ada-rowe: update");
    await store.push(ADA);
    await developerPushes(developer, SITE_FILE, "title: T\n", "2026-11-28T09:15:03Z", "site: title");
    await writeFile(path.join(service, THEO_FILE), director("theo-marchand", "New."));
    await store.commit([THEO_FILE], BEN, "directors/theo-marchand: update");
    await store.push(BEN);
    const kept = await store.keepAside(
      await store.head(),
      new Map([[ADA_FILE, Buffer.from("Ben's.")]]),
      BEN,
      "directors/ada-rowe: update",
    );

    const saves = await store.recentSaves(10);

    expect(saves).toHaveLength(3);
    expect(saves.filter((save) => save.state === "pushed")).toEqual([
      {
        commit: git(remote, "rev-parse", "main"),
        author: BEN,
        date: expect.stringMatching(ISO_UTC),
        subject: "directors/theo-marchand: update",
        state: "pushed",
      },
      {
        commit: git(remote, "rev-parse", "main~2"),
        author: ADA,
        date: expect.stringMatching(ISO_UTC),
        subject: "directors/ada-rowe: update",
        state: "pushed",
      },
    ]);
    expect(saves.filter((save) => save.state === "kept aside")).toEqual([
      {
        commit: git(remote, "rev-parse", kept),
        author: BEN,
        date: expect.stringMatching(ISO_UTC),
        subject: "directors/ada-rowe: update",
        state: "kept aside",
        branch: kept,
      },
    ]);
    expect(kept).toMatch(/^edits\/ben-okafor\//);
    expect(await store.recentSaves(1)).toHaveLength(1);
  });

  test("two editors saving different entries at once through the queue: two commits, both pushed, each by its author", async () => {
    const { remote, service, store } = await world();
    const queue = saveQueue();
    const save = (file: string, author: Author, subject: string) =>
      queue.run(async () => {
        await writeFile(path.join(service, file), director(path.basename(file, ".md"), `${author.name}'s.`));
        await store.commit([file], author, subject);
        return store.push(author);
      });

    const results = await Promise.all([
      save(ADA_FILE, ADA, "directors/ada-rowe: update"),
      save(THEO_FILE, BEN, "directors/theo-marchand: update"),
    ]);

    expect(results.every((result) => "pushed" in result)).toBe(true);
    expect(git(remote, "log", "--format=%an|%s", "main").split("\n")).toEqual([
      "Ben Okafor|directors/theo-marchand: update",
      "Ada Rowe|directors/ada-rowe: update",
      "Seed|seed",
    ]);
  });
});

describe("the save queue", () => {
  function gate() {
    let open = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { open, opened };
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  test("runs one job at a time, in order, tells how many wait, and goes on after a failure", async () => {
    const queue = saveQueue();
    const events: string[] = [];
    let running = 0;
    let most = 0;
    const job =
      (name: string, until: Promise<void>, fails = false) =>
      async () => {
        most = Math.max(most, ++running);
        events.push(`start ${name}`);
        await until;
        events.push(`end ${name}`);
        running--;
        if (fails) throw new Error(`${name} failed`);
        return name;
      };
    const gates = [gate(), gate(), gate()];

    const a = queue.run(job("a", gates[0].opened));
    const b = queue.run(job("b", gates[1].opened, true));
    const c = queue.run(job("c", gates[2].opened));
    await settle();
    expect(events).toEqual(["start a"]);
    expect(queue.waiting()).toBe(2);

    gates[0].open();
    expect(await a).toBe("a");
    await settle();
    expect(queue.waiting()).toBe(1);

    gates[1].open();
    await expect(b).rejects.toThrow("b failed");
    await settle();
    expect(queue.waiting()).toBe(0);

    gates[2].open();
    expect(await c).toBe("c");
    expect(events).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    expect(most).toBe(1);
    expect(queue.waiting()).toBe(0);
  });
});
