/**
 * Saves through faults (issue 64, decision 12): the git remote away while editors save, and the
 * service's landing started again from EDIT_DATA (edit/server/save-pipeline.ts with
 * edit/service/git-landing.ts and git-store.ts), on real repositories: a bare one plays the remote,
 * made unreachable by moving its folder away and back. A kept-aside save's modes, on the same.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, cp, mkdir, mkdtemp, rename, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import { mayLand } from "#edit/server/save-paths.ts";
import { saveLog, type SaveRecord } from "#edit/server/save-log.ts";
import { savePipeline } from "#edit/server/save-pipeline.ts";
import { saveQueue } from "#edit/server/save-queue.ts";
import { gitLanding } from "#edit/service/git-landing.ts";
import { baseEnv, gitRunner } from "#edit/service/git-cli.ts";
import { type Author, gitStore } from "#edit/service/git-store.ts";
import { ADA_FILE, director, seedContentRemote, SITE_FILE, THEO_FILE } from "#tests/support/content-remote.ts";

const SERVICE: Author = { name: "Editing Service", email: "edit@agency.example" };
const ADA: Author = { name: "Ada Rowe", email: "ada@agency.example" };
const BEN: Author = { name: "Ben Okafor", email: "ben@agency.example" };

let root: string;
let template: string;
let cases = 0;

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, { cwd, stdio: ["ignore", "pipe", "pipe"] })
    .toString()
    .trimEnd();

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "save-faults-"));
  // Neither this machine's git config nor the user's reaches the test's git or the store's.
  vi.stubEnv("GIT_CONFIG_NOSYSTEM", "1");
  vi.stubEnv("HOME", root);
  vi.stubEnv("XDG_CONFIG_HOME", root);
  template = await seedContentRemote(root);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await rm(root, { recursive: true, force: true });
});

/** The service's landing as service-server.ts puts it together, on the clone and journal under `data`. */
async function landingOn(remote: string, data: string) {
  const store = gitStore({
    dir: path.join(data, "site"),
    remote,
    branch: "main",
    committer: SERVICE,
    mayLand: (file) => mayLand(file, { outputs: false }),
  });
  await store.open();
  await store.sync();
  const lock = saveQueue();
  const log = saveLog();
  const pipeline = savePipeline({
    root: path.join(data, "site"),
    landing: gitLanding({ checkout: path.join(data, "site"), branch: "main", git: store }),
    lock,
    bucket: undefined,
    journal: path.join(data, "saves"),
    retry: { first: 50, most: 200 },
    changed: () => undefined,
    landed: () => undefined,
  });
  return { store, lock, log, pipeline, checkout: path.join(data, "site") };
}

/** A text save as the service's update() makes one, under the lock: fetched, written, answered, landed. */
async function textSave(
  { store, lock, log, pipeline, checkout }: Awaited<ReturnType<typeof landingOn>>,
  author: Author,
  file: string,
  text: string,
): Promise<SaveRecord> {
  return lock.run(async () => {
    await store.sync();
    await writeFile(path.join(checkout, file), text);
    const record = log.add(author, { collection: "directors", id: path.basename(file, ".md"), action: "update" });
    await pipeline.land({ record, author, save: { additions: [], deletions: [] }, touched: [file], jobs: undefined });
    return record;
  });
}

async function until(what: string, ready: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > end) throw new Error(`still not ${what} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const subjectsOn = (remote: string) => git(remote, "log", "--format=%an|%s", "main").split("\n");

describe("the git remote away while editors save", { timeout: 60_000 }, () => {
  test("saves are answered and kept, survive a restart, and reach the remote in order once it is back", async () => {
    const base = path.join(root, `case-${++cases}`);
    const remote = path.join(base, "remote.git");
    const away = path.join(base, "remote-away.git");
    await cp(template, remote, { recursive: true });
    const data = path.join(base, "data");
    const first = await landingOn(remote, data);

    await rename(remote, away);
    const ada = await textSave(first, ADA, ADA_FILE, director("ada-rowe", "Written while the remote was away."));
    const ben = await textSave(first, BEN, THEO_FILE, director("theo-marchand", "His, also away."));
    expect([ada.step, ben.step]).toEqual(["waiting for the remote", "waiting for the remote"]);
    expect(first.log.statusOf(ADA.email)).toEqual({
      state: "idle",
      message:
        "Saved here, waiting for the git remote: directors/ada-rowe: update. It is pushed as soon as the remote answers.",
      waiting: true,
    });
    // Kept in the clone, not only in memory.
    expect(git(first.checkout, "log", "--format=%an|%s", "-2", "main").split("\n")).toEqual([
      "Ben Okafor|directors/theo-marchand: update",
      "Ada Rowe|directors/ada-rowe: update",
    ]);

    // The service stops and starts again (its memory gone) while the remote is still away; meanwhile
    // a developer's push reaches the remote, so the saves go on top of it.
    first.pipeline.stop();
    const developer = path.join(base, "developer");
    git(base, "clone", "-q", away, developer);
    await writeFile(path.join(developer, SITE_FILE), "title: The Agency\n");
    git(developer, "-c", "user.name=Dev", "-c", "user.email=dev@agency.example", "commit", "-qam", "title");
    git(developer, "push", "-q", "origin", "main");
    const again = await landingOn(remote, data);
    await again.pipeline.resume(again.log);
    const waiting = again.log.unlanded();
    expect(waiting.map(({ author, subject, step }) => [author.name, subject, step])).toEqual([
      ["Ben Okafor", "directors/theo-marchand: update", "waiting for the remote"],
      ["Ada Rowe", "directors/ada-rowe: update", "waiting for the remote"],
    ]);
    expect(again.log.statusOf(BEN.email).message).toMatch(/^Saved here, waiting for the git remote/);

    await rename(away, remote);
    await until("pushed", () => waiting.every(({ step }) => step === "pushed"));
    expect(subjectsOn(remote)).toEqual([
      "Ben Okafor|directors/theo-marchand: update",
      "Ada Rowe|directors/ada-rowe: update",
      "Dev|title",
      "Seed|seed",
    ]);
    // Each record names its own commit on the remote (rebased on the developer's), as the site will show it.
    const [benRecord, adaRecord] = waiting;
    expect(benRecord.commit).toBe(git(remote, "rev-parse", "main"));
    expect(adaRecord.commit).toBe(git(remote, "rev-parse", "main~1"));
    expect(git(remote, "show", `main:${ADA_FILE}`)).toBe(
      director("ada-rowe", "Written while the remote was away.").trimEnd(),
    );
    again.pipeline.stop();
  });

  test("a save interrupted before it landed (its journal entry left) lands after a restart", async () => {
    const base = path.join(root, `case-${++cases}`);
    const remote = path.join(base, "remote.git");
    await cp(template, remote, { recursive: true });
    const data = path.join(base, "data");
    const first = await landingOn(remote, data);
    // As a stop leaves it: the save written and answered, its journal entry there, nothing committed.
    const record = first.log.add(ADA, { collection: "directors", id: "ada-rowe", action: "update" });
    first.pipeline.stop();
    await writeFile(path.join(first.checkout, ADA_FILE), director("ada-rowe", "Answered, then the power went."));
    await mkdir(path.join(data, "saves"));
    await writeFile(
      path.join(data, "saves", "1760000000000-000001.json"),
      JSON.stringify({ ...record, save: { additions: [], deletions: [] }, touched: [ADA_FILE], media: false }),
    );
    // A half-written entry is what a stop cut short while it was written: cleared, nothing landed of it.
    await writeFile(path.join(data, "saves", "1760000000001-000002.json.tmp"), '{"author":');

    const again = await landingOn(remote, data);
    await again.pipeline.resume(again.log);
    const [taken] = [...again.log.unlanded(), ...again.log.landed()];
    await until("pushed", () => taken.step === "pushed");
    expect(taken.date).toBe(record.date);
    expect(subjectsOn(remote)).toEqual(["Ada Rowe|directors/ada-rowe: update", "Seed|seed"]);
    expect(existsSync(path.join(data, "saves", "1760000000000-000001.json"))).toBe(false);
    expect(existsSync(path.join(data, "saves", "1760000000001-000002.json.tmp"))).toBe(false);
    again.pipeline.stop();
  });
});

describe("a save kept aside on edits/…", { timeout: 60_000 }, () => {
  test("is a plain file (100644) where the base has a symlink or an executable at its path", async () => {
    const base = path.join(root, `case-${++cases}`);
    const remote = path.join(base, "remote.git");
    await cp(template, remote, { recursive: true });
    const developer = path.join(base, "developer");
    git(base, "clone", "-q", remote, developer);
    await rm(path.join(developer, ADA_FILE));
    await symlink("/etc/passwd", path.join(developer, ADA_FILE));
    git(developer, "update-index", "--chmod=+x", "--add", THEO_FILE);
    git(developer, "-c", "user.name=Dev", "-c", "user.email=dev@agency.example", "commit", "-qam", "modes");
    git(developer, "push", "-q", "origin", "main");
    const { store } = await landingOn(remote, path.join(base, "data"));

    const changes = new Map<string, Uint8Array>([
      [ADA_FILE, Buffer.from(director("ada-rowe", "Her words."))],
      [THEO_FILE, Buffer.from(director("theo-marchand", "Hers too."))],
    ]);
    const branch = await store.keepAside(await store.head(), changes, ADA, "directors/ada-rowe: update (kept aside)");
    const modes = git(remote, "ls-tree", branch, "--", ADA_FILE, THEO_FILE)
      .split("\n")
      .map((line) => `${line.split(" ")[0]} ${line.split("\t")[1]}`);
    expect(modes).toEqual([`100644 ${ADA_FILE}`, `100644 ${THEO_FILE}`]);
    expect(git(remote, "show", `${branch}:${ADA_FILE}`)).toBe(director("ada-rowe", "Her words.").trimEnd());
  });
});

describe("a git remote that hangs", { timeout: 30_000 }, () => {
  test("is given up after the call's timeout, with the command named; ssh gets a connect timeout unless the operator set one", async () => {
    // An ssh that never answers, as a host that takes the connection and says nothing.
    const silentSsh = path.join(root, "silent-ssh");
    // A duration of its own, so that the process list finds this test's and no other.
    const sleeping = `sleep 30.${Date.now() % 100_000}`;
    await writeFile(silentSsh, `#!/bin/sh\nexec ${sleeping}\n`);
    await chmod(silentSsh, 0o755);
    const git = gitRunner(root, { ...baseEnv(SERVICE), GIT_SSH_COMMAND: silentSsh });
    const started = Date.now();
    await expect(git(["ls-remote", "ssh://git.agency.example/site.git"], { timeout: 500 })).rejects.toThrow(
      "git ls-remote ssh://git.agency.example/site.git timed out after 0.5 s",
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    // Its ssh stopped with it, not left behind.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(execFileSync("ps", ["-eo", "args"]).toString()).not.toContain(sleeping);

    vi.stubEnv("GIT_SSH_COMMAND", undefined);
    expect(baseEnv(SERVICE).GIT_SSH_COMMAND).toMatch(/^ssh .*-o ConnectTimeout=10 /);
    vi.stubEnv("GIT_SSH_COMMAND", "ssh -i /keys/deploy");
    expect(baseEnv(SERVICE).GIT_SSH_COMMAND).toBe("ssh -i /keys/deploy");
  });
});
