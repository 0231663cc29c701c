/**
 * Whether the public site shows a save, as git decides it (edit/service/live-check.ts for the team's
 * service, edit/server/local-live.ts for `npm run edit`), on real repositories made here: a bare one
 * playing the remote, the service's clone, and a developer's clone that pushes commits the service
 * has not fetched yet.
 */
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdir, mkdtemp, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import express from "express";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import { localLiveCheck, watchSavedFiles } from "#edit/server/local-live.ts";
import type { SaveRecord } from "#edit/server/save-log.ts";
import { saveQueue } from "#edit/server/save-queue.ts";
import { liveCheck, watchPushedSaves } from "#edit/service/live-check.ts";
import { healthz } from "#server/healthz.ts";

const SERVICE = { name: "Editing Service", email: "edit@agency.example" };
const FILE = "app/content/contact.yaml";
const REASON = 'app/content/contact.yaml:3: email: "nobody" must be an e-mail address';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "site-live-"));
  // Neither this machine's git config nor the user's reaches the test's git or the code's.
  vi.stubEnv("GIT_CONFIG_NOSYSTEM", "1");
  vi.stubEnv("HOME", root);
  vi.stubEnv("XDG_CONFIG_HOME", root);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await rm(root, { recursive: true, force: true });
});

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=Dev", "-c", "user.email=dev@agency.example", ...args], {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  }).trim();

/** Writes `text` to FILE in `clone`, commits it, and returns the commit. */
async function commit(clone: string, text: string): Promise<string> {
  await writeFile(path.join(clone, FILE), text);
  git(clone, "add", "-A");
  git(clone, "commit", "-qm", text);
  return git(clone, "rev-parse", "HEAD");
}

/** A bare remote with one commit, and `names` clones of it. */
async function repositories(name: string, ...names: string[]) {
  const base = path.join(root, name);
  const seed = path.join(base, "seed");
  git(root, "init", "-q", "-b", "main", seed);
  await mkdir(path.join(seed, "app/content"), { recursive: true });
  const first = await commit(seed, "phone: 1\n");
  git(base, "clone", "-q", "--bare", seed, "remote.git");
  const clones = names.map((clone) => {
    git(base, "clone", "-q", "remote.git", clone);
    return path.join(base, clone);
  });
  return { first, clones };
}

describe("the service: live, not live, from what the site serves and refused", () => {
  test("live once the served commit is the save's or a descendant; not before", async () => {
    const {
      first,
      clones: [clone],
    } = await repositories("descendants", "service");
    const second = await commit(clone, "phone: 2\n");
    const third = await commit(clone, "phone: 3\n");
    const verdict = liveCheck({ dir: clone, committer: SERVICE, lock: saveQueue() });

    const servesSecond = { commit: second };
    expect(await verdict(first, servesSecond)).toEqual({ live: true });
    expect(await verdict(second, servesSecond)).toEqual({ live: true });
    expect(await verdict(third, servesSecond)).toBeUndefined();
    // A site that serves nothing yet, and says nothing refused: nothing is known.
    expect(await verdict(first, { commit: null })).toBeUndefined();
  });

  test("not live when the refused commit holds the save and the served one does not", async () => {
    const {
      first,
      clones: [clone],
    } = await repositories("refused", "service");
    const second = await commit(clone, "phone: 2\n");
    const third = await commit(clone, "phone: 3\n");
    const verdict = liveCheck({ dir: clone, committer: SERVICE, lock: saveQueue() });
    const health = { commit: first, refused: { commit: third, reason: REASON } };

    // The refused commit itself, and a save it holds that the site does not serve.
    expect(await verdict(third, health)).toEqual({ live: false, reason: REASON });
    expect(await verdict(second, health)).toEqual({ live: false, reason: REASON });
    // The served commit holds the first save: a refusal of a later one takes nothing from it.
    expect(await verdict(first, health)).toEqual({ live: true });
    // A refusal of an older commit says nothing of a newer save.
    expect(await verdict(third, { commit: null, refused: { commit: second, reason: REASON } })).toBeUndefined();
  });

  test("a served commit the clone has not seen is fetched, once", async () => {
    const {
      clones: [service, developer],
    } = await repositories("fetch", "service", "developer");
    const save = await commit(service, "phone: saved\n");
    git(service, "push", "-q", "origin", "main");
    git(developer, "pull", "-q", "--ff-only");
    const theirs = await commit(developer, "phone: developer's\n");
    git(developer, "push", "-q", "origin", "main");
    const lock = saveQueue();
    const fetches = vi.spyOn(lock, "run");
    const verdict = liveCheck({ dir: service, committer: SERVICE, lock });

    expect(await verdict(save, { commit: theirs })).toEqual({ live: true });
    expect(fetches).toHaveBeenCalledTimes(1);
    // A commit the remote does not have either: fetched for once, then taken as unknown without asking again.
    const nowhere = "0123456789abcdef0123456789abcdef01234567";
    expect(await verdict(save, { commit: nowhere })).toBeUndefined();
    expect(await verdict(save, { commit: nowhere })).toBeUndefined();
    expect(fetches).toHaveBeenCalledTimes(2);
  });

  test("the site's own /healthz tells the service why only with EDIT_SITE_TOKEN, its SITE_STATUS_TOKEN", async () => {
    const TOKEN = "the-public-site's-status-token-0123456789";
    const {
      first,
      clones: [clone],
    } = await repositories("token", "service");
    const refused = await commit(clone, "phone: refused\n");
    const asked: (string | undefined)[] = [];
    const site = express()
      .use((request, _response, next) => next(void asked.push(request.headers.authorization)))
      .get(
        "/healthz",
        healthz({ status: () => ({ commit: first, refused: { commit: refused, reason: REASON } }), token: TOKEN }),
      );
    const server = site.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const record = (): SaveRecord => ({
      author: SERVICE,
      entry: { collection: "contact", action: "update" },
      subject: "contact: update",
      step: "pushed",
      date: "",
      commit: refused,
    });
    const [told, untold] = [record(), record()];
    const options = { dir: clone, committer: SERVICE, lock: saveQueue() };
    const watches = [
      watchPushedSaves(origin, () => [told], { ...options, siteToken: TOKEN }),
      watchPushedSaves(origin, () => [untold], options),
    ];
    try {
      for (const watch of watches) watch.wake();
      await expect.poll(() => told.step, { timeout: 15_000 }).toBe("not live");
      expect(told.message).toBe(REASON);
      // Asked as often, the other is told nothing of the refusal: its save waits, as for a site still building.
      await expect.poll(() => asked.includes(undefined)).toBe(true);
      await sleep(500);
      expect(asked).toContain(`Bearer ${TOKEN}`);
      expect(untold).toMatchObject({ step: "pushed" });
      expect(untold.message).toBeUndefined();
    } finally {
      for (const watch of watches) watch.stop();
      server.close();
    }
  }, 40_000);
});

describe("npm run edit: live once the served commit holds the saved files as the working copy has them", () => {
  test("the same bytes: live; different or missing: not yet; a deletion absent from both: live", async () => {
    const {
      clones: [working, developer],
    } = await repositories("local", "working", "developer");
    const shows = localLiveCheck(working);
    // The editor's save, written in the working copy, not committed yet.
    await writeFile(path.join(working, FILE), "phone: edited\n");
    const before = git(working, "rev-parse", "HEAD");
    expect(await shows([FILE], { commit: before })).toBe(false);

    // Someone commits and pushes it elsewhere, and the site serves that: a commit this copy has never seen.
    git(developer, "pull", "-q", "--ff-only");
    const deployed = await commit(developer, "phone: edited\n");
    git(developer, "push", "-q", "origin", "main");
    expect(await shows([FILE], { commit: deployed })).toBe(true);
    // The working copy changed again since: that save is not what the site shows.
    await writeFile(path.join(working, FILE), "phone: edited again\n");
    expect(await shows([FILE], { commit: deployed })).toBe(false);

    // A deleted entry: live once the served commit lacks it too, not while it still has it.
    const gone = "app/content/artists/directors/ada-rowe.md";
    expect(await shows([gone], { commit: deployed })).toBe(true);
    await unlink(path.join(working, FILE));
    expect(await shows([FILE], { commit: deployed })).toBe(false);
    // Nothing served yet, or nothing saved: never live.
    expect(await shows([FILE], { commit: null })).toBe(false);
    expect(await shows([], { commit: deployed })).toBe(false);
  });

  test("the watch: a saved save turns live once the site serves a commit with its file", async () => {
    const {
      clones: [working],
    } = await repositories("local-watch", "working");
    await writeFile(path.join(working, FILE), "phone: deployed\n");
    let served = git(working, "rev-parse", "HEAD");
    let asked = 0;
    const server = createServer((_request, response) => {
      asked += 1;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ status: "ok", commit: served }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const record: SaveRecord = {
      author: { name: "You", email: "local" },
      entry: { collection: "contact", action: "update" },
      subject: "contact: update",
      step: "saved",
      date: "",
    };
    const watch = watchSavedFiles(origin, working, () => [record]);
    try {
      watch.follow(record, [FILE]);
      watch.wake();
      // Asked twice, and the site serves no commit with her file yet: still only saved.
      await expect.poll(() => asked, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
      expect(record.step).toBe("saved");
      // Someone commits the working copy as it is, and the site deploys that commit.
      served = await commit(working, "phone: deployed\n");
      await expect.poll(() => record.step, { timeout: 15_000 }).toBe("live");
      expect(record.link).toBe(`${origin}/contact`);
    } finally {
      watch.stop();
      server.close();
    }
  }, 40_000);
});
