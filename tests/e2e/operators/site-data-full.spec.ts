import { execFileSync } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, stat, statfs, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { artists } from "#app/content/index.ts";
import { artistViewsIn, postPageView } from "#tests/support/page-views.ts";
import { startCluster, startStaticServer, stopProcess } from "#tests/support/server-process.mjs";
import { type SiteRemote, siteRemote } from "#tests/support/site-remote.ts";
import { siteHealth, STATUS_TOKEN } from "#tests/support/site-health.ts";
import { SITE_URL } from "#tests/support/site-url.mjs";
import { fillUp, mountTmpfs, unmount } from "#tests/support/small-disk.ts";
import { expect, test } from "#tests/support/fixtures.ts";

/**
 * Issue 64's faults for the site following a branch (docs/deploy.md), as `npm run start:cluster`
 * runs it: one follower serving two instances behind Varnish, asking the remote every second. First
 * SITE_DATA full (a small tmpfs, its room then taken by a filler file): a pushed commit waits, what
 * serves goes on serving whole, /healthz tells the token's holder why, page views are taken; once
 * there is room again the commit goes live by itself and every view is in the store once. Then
 * Varnish hung (SIGSTOP) while a release goes live: the instances serve it straight, the follower
 * says the purge failed and tries again, and once Varnish runs again it holds no stale copy.
 * Beside follow.spec.ts in the "follow" project, on ports of its own (SITE_DATA_FULL_PORT).
 */

const PORT = Number(process.env.SITE_DATA_FULL_PORT ?? 8380);
const INSTANCES = [PORT + 1, PORT + 2];
const MEDIA_PORT = PORT + 9;
const MEDIA_ORIGIN = `http://127.0.0.1:${MEDIA_PORT}`;
const [DIRECTOR] = artists.directors;
const DIRECTOR_FILE = `app/content/artists/directors/${DIRECTOR.id}.md`;
/** DIRECTOR's name once the commits pushed while SITE_DATA is full are live. */
const FINAL_NAME = `${DIRECTOR.name} Unbuilt`;
/**
 * The tmpfs SITE_DATA is: the mirror, the first release (checkout, builds, compiler cache) and the
 * store took 7 MiB here; the two releases after it, content only, fit in what is left once the
 * filler is gone. Small, since the filler's pages are memory.
 */
const SITE_DATA_MIB = 32;

test.describe.configure({ mode: "serial" });

let scratch: string;
let data: string;
let mounted = false;
let remote: SiteRemote;
let cluster: Awaited<ReturnType<typeof startCluster>> | undefined;
let mediaServer: ChildProcess | undefined;
/** The follower's log lines (and its workers'), as JSON: pino's `msg` and fields. */
const logLines: { msg: string; commit?: string; err?: { message: string } }[] = [];
/** Page views of DIRECTOR's page posted, each answered 202. */
let viewsPosted = 0;

/** What the instance on `port` says of the releases to the token's holder (the editing service), or to anyone. */
const health = (port = INSTANCES[0]!, asking: "holder" | "public" = "holder") =>
  siteHealth(`http://127.0.0.1:${port}`, asking);

/** A page from `origin` as a browser asks for it in `encoding`: its status, text and how long a cache held it. */
async function page(origin: string, url: string, encoding = "br") {
  const response = await fetch(`${origin}${url}`, { headers: { "Accept-Encoding": encoding } });
  return { status: response.status, text: await response.text(), age: Number(response.headers.get("age") ?? 0) };
}

/** One page view of DIRECTOR's page posted to each instance, as the page's script posts it: each answered 202. */
async function countViews() {
  for (const port of INSTANCES) {
    expect(await postPageView(`http://127.0.0.1:${port}`, DIRECTOR.url)).toBe(202);
    viewsPosted++;
  }
}

/** The follower's log lines saying `message`, of `commit`. */
const logSays = (message: string, commit: string) =>
  logLines.filter((line) => line.msg.includes(message) && line.commit === commit).length;

/** The commit checked out in `folder` (a release folder, a worktree of the mirror). */
const checkedOut = (folder: string) =>
  execFileSync("git", ["rev-parse", "HEAD"], { cwd: folder, encoding: "utf8", stdio: "pipe" }).trim();

test.beforeAll(async () => {
  test.setTimeout(240_000);
  scratch = await mkdtemp(path.join(tmpdir(), "site-data-full-"));
  data = path.join(scratch, "site-data");
  await mkdir(data);
  mounted = mountTmpfs(data, SITE_DATA_MIB);
  test.skip(!mounted, "SITE_DATA's small filesystem is a tmpfs this test mounts: run it as root (CI does)");
  remote = await siteRemote(scratch);
  mediaServer = (await startStaticServer("public", MEDIA_PORT, { media: true })).child;
  cluster = await startCluster(PORT, {
    env: {
      SITE_FOLLOW: remote.remote,
      SITE_DATA: data,
      SITE_FOLLOW_INTERVAL: "1",
      SITE_STATUS_TOKEN: STATUS_TOKEN,
      MEDIA_ORIGIN,
      SITE_URL,
      // The analytics' defaults: the store in SITE_DATA, on the full disk with the releases.
      ANALYTICS_DB: "",
    },
    startSeconds: 180,
  });
  // The follower and its workers log JSON lines on the cluster's standard output (server/log.ts).
  let partial = "";
  cluster.child.stdout!.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split("\n");
    partial = lines.pop()!;
    for (const line of lines) {
      if (!line.includes('"site: ') && !line.includes('"analytics: ')) continue;
      try {
        logLines.push(JSON.parse(line));
      } catch {
        // Not one of pino's lines: Varnish's or npm's own words.
      }
    }
  });
});

test.afterAll(async () => {
  // A Varnish left stopped would hold the cluster's stop for its whole deadline.
  if (cluster)
    try {
      process.kill(-cluster.varnishPid, "SIGCONT");
    } catch {
      // Gone already.
    }
  await stopProcess(cluster?.child);
  await stopProcess(mediaServer);
  if (mounted) unmount(data);
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/**
 * The release `served` serves on whole while `commit` waits: its record as `before`, its folder at its
 * commit with its build, its pages (not yet `renamed`) straight from each instance and through
 * Varnish; /healthz tells the token's holder that SITE_DATA is full, in words naming no folder of the
 * host (the editing service shows them to editors), and anyone else only the commit served.
 */
async function expectServingWhole(served: string, before: unknown, commit: string, renamed: string) {
  // The commit is refused (not merely not yet built): whatever follows holds while it waits.
  await expect.poll(async () => (await health()).refused?.commit, { timeout: 60_000 }).toBe(commit);
  const { refused } = await health();
  expect(refused!.reason).toMatch(/^SITE_DATA is full/);
  expect(refused!.reason).not.toContain(data);
  expect(await health(INSTANCES[1], "public")).toEqual({ status: "ok", commit: served });
  const record = JSON.parse(await readFile(path.join(data, "serving.json"), "utf8"));
  expect(record).toEqual(before);
  expect(checkedOut(record.folder)).toBe(served);
  expect(existsSync(path.join(record.folder, "build", "server.js"))).toBe(true);
  for (const origin of [...INSTANCES.map((port) => `http://127.0.0.1:${port}`), cluster!.origin]) {
    const answer = await page(origin, DIRECTOR.url);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(DIRECTOR.name);
    expect(answer.text).not.toContain(renamed);
  }
  for (const port of INSTANCES) expect((await health(port)).commit).toBe(served);
}

test("SITE_DATA full: the release serving goes on whole, /healthz says why, and the commit goes live once there is room", async () => {
  test.setTimeout(180_000);
  const served = (await health()).commit;
  expect(served).toBe(remote.git("rev-parse", "HEAD"));
  await countViews();
  const before = JSON.parse(await readFile(path.join(data, "serving.json"), "utf8"));

  // Every byte left taken: a write under SITE_DATA now fails as a full disk fails it.
  const filler = path.join(data, "filler");
  await fillUp(filler);
  expect((await statfs(data)).bavail).toBe(0);
  await expect(writeFile(path.join(data, "probe"), "x".repeat(65_536))).rejects.toMatchObject({ code: "ENOSPC" });

  // The commit cannot even be fetched into the mirror.
  const commit = await remote.push(
    { [DIRECTOR_FILE]: (text) => text.replace(/^name: .*$/m, `name: ${DIRECTOR.name} Unfetched`) },
    "A director's new name, pushed while SITE_DATA is full",
  );
  await expectServingWhole(served, before, commit, "Unfetched");
  const fetchRefusal = logLines.find(
    (line) => line.commit === commit && line.msg.includes("refused: SITE_DATA is full"),
  );
  expect(fetchRefusal?.err?.message).toMatch(/^git fetch: .*No space left on device/);

  // Page views are taken (202) while the store cannot write them: the instances hold them.
  await countViews();
  await expect
    .poll(() => logLines.filter((line) => line.msg.startsWith("analytics: the store failed")).length, {
      timeout: 10_000,
    })
    .toBeGreaterThan(0);

  // Room for a fetch (a few objects), not for the release folder's checkout (megabytes): the next
  // commit is in the mirror, then refused for the disk in its turn.
  const { size } = await stat(filler);
  await truncate(filler, size - 1024 * 1024);
  const next = await remote.push(
    { [DIRECTOR_FILE]: (text) => text.replace(/^name: .*$/m, `name: ${FINAL_NAME}`) },
    "Renamed again, pushed while SITE_DATA has room for its objects only",
  );
  await expectServingWhole(served, before, next, FINAL_NAME);
  const inMirror = execFileSync("git", ["cat-file", "-t", next], {
    cwd: path.join(data, "repo.git"),
    encoding: "utf8",
  });
  expect(inMirror).toBe("commit\n");
  // Its checkout or build had no room, not its fetch: the log keeps the error behind the reason.
  const refusals = logLines.filter((line) => line.commit === next && line.msg.includes("refused: SITE_DATA is full"));
  expect(refusals).toHaveLength(1);
  expect(refusals[0]!.err?.message).not.toMatch(/^git fetch/);
  await countViews();

  // Room again: the newest commit goes live with no push nor call, and what was held is written.
  await rm(filler);
  for (const port of INSTANCES)
    await expect.poll(async () => (await health(port)).commit, { timeout: 90_000 }).toBe(next);
  expect((await health()).refused).toBeUndefined();
  expect(JSON.parse(await readFile(path.join(data, "serving.json"), "utf8")).commit).toBe(next);
  await expect.poll(async () => (await page(cluster!.origin, DIRECTOR.url)).text).toContain(FINAL_NAME);
  await countViews();
  // Each instance writes what it holds every second: every view once, none lost, none twice.
  await expect
    .poll(() => artistViewsIn(path.join(data, "analytics.sqlite"), DIRECTOR.id), { timeout: 10_000 })
    .toBe(viewsPosted);
  expect(viewsPosted).toBe(8);
});

test("Varnish hung: the instances serve the release straight, the purge is tried again, and no stale page is left", async () => {
  test.setTimeout(180_000);
  const before = (await health()).commit;
  const old = (await page(cluster!.origin, DIRECTOR.url)).text;
  expect(old).toContain(FINAL_NAME);
  // Held by Varnish in both the encodings it keeps.
  for (const encoding of ["br", "gzip"])
    await expect.poll(async () => (await page(cluster!.origin, DIRECTOR.url, encoding)).age).toBeGreaterThan(0);

  // varnishd's whole process group: the manager and its cache process, which answers.
  process.kill(-cluster!.varnishPid, "SIGSTOP");
  const renamed = `${DIRECTOR.name} Unpurged`;
  const commit = await remote.push(
    { [DIRECTOR_FILE]: (text) => text.replace(/^name: .*$/m, `name: ${renamed}`) },
    "A director's new name, released while Varnish hangs",
  );
  expect(commit).not.toBe(before);
  for (const port of INSTANCES) {
    await expect.poll(async () => (await health(port)).commit, { timeout: 60_000 }).toBe(commit);
    expect((await page(`http://127.0.0.1:${port}`, DIRECTOR.url)).text).toContain(renamed);
  }
  // The ban waits its 10 s for an answer, then the follower says it will try again.
  await expect
    .poll(() => logSays("site: Varnish was not purged; trying again in", commit), { timeout: 60_000 })
    .toBeGreaterThan(0);

  process.kill(-cluster!.varnishPid, "SIGCONT");
  await expect.poll(() => logSays("site: Varnish dropped", commit), { timeout: 60_000 }).toBeGreaterThan(0);
  for (const encoding of ["br", "gzip"]) {
    const answer = await page(cluster!.origin, DIRECTOR.url, encoding);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(renamed);
  }
});
