import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import type { ChildProcess } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import autocannon from "autocannon";

import { artists } from "#app/content/index.ts";
import { artistViewsIn, postPageView } from "#tests/support/page-views.ts";
import { descendantCommands } from "#tests/support/process-tree.ts";
import { startCluster, startStaticServer, stopProcess } from "#tests/support/server-process.mjs";
import { callPushHook, type SiteRemote, siteRemote } from "#tests/support/site-remote.ts";
import { siteHealth, STATUS_TOKEN } from "#tests/support/site-health.ts";
import { SITE_URL } from "#tests/support/site-url.mjs";
import { expect, test } from "#tests/support/fixtures.ts";

/**
 * The public site following a branch (SITE_FOLLOW, docs/deploy.md) as `npm run start:cluster` runs
 * it: one follower serving two instances behind Varnish, told of each push by a signed webhook
 * (GitHub's shape) and asking the remote on its own only once an hour, so that every release here
 * is one the test asked for. The remote is a bare repository seeded with this project's files; the
 * media come from a static server standing in for the bucket. Its own project ("follow"), after the
 * cluster's: it builds the site several times. Analytics are at their defaults: page views counted
 * through every release and the restart are all in the store at the end.
 */

const PORT = Number(process.env.FOLLOW_PORT ?? 8280);
/** The two instances the cluster runs behind Varnish, asked straight. */
const INSTANCES = [PORT + 1, PORT + 2];
const HOOK_PORT = PORT + 5;
const MEDIA_PORT = PORT + 9;
const MEDIA_ORIGIN = `http://127.0.0.1:${MEDIA_PORT}`;
const SECRET = "a webhook secret the git host and the site share";
const [DIRECTOR, NEIGHBOUR] = artists.directors;
const DIRECTOR_FILE = `app/content/artists/directors/${DIRECTOR.id}.md`;
/** The page whose content no commit here changes but the code one: it stays in Varnish until then. */
const UNTOUCHED = "/clients";
/** A page the director's new name leaves as it was, asked by none of the visitors while the release goes live. */
const ASIDE = "/contact";

test.describe.configure({ mode: "serial" });

let scratch: string;
let remote: SiteRemote;
let cluster: Awaited<ReturnType<typeof startCluster>>;
let mediaServer: ChildProcess;

/** What the instance on `port` says of the releases to the token's holder (the editing service), or to anyone. */
const health = (port = PORT + 1, asking: "holder" | "public" = "holder") =>
  siteHealth(`http://127.0.0.1:${port}`, asking);

/** The git host's push webhook for the branch's newest commit, signed with `secret`. */
const callHook = (commit: string, secret = SECRET) => callPushHook(HOOK_PORT, commit, secret);

/** A page through Varnish as a browser asks for it: its text and how long Varnish has held it. */
async function throughVarnish(page: string) {
  const response = await fetch(`${cluster.origin}${page}`, { headers: { "Accept-Encoding": "br" } });
  return { text: await response.text(), age: Number(response.headers.get("age") ?? 0) };
}

/** Pushes, calls the webhook, and waits until both instances serve the commit. */
async function release(changes: Parameters<SiteRemote["push"]>[0], subject: string): Promise<string> {
  const commit = await remote.push(changes, subject);
  expect((await callHook(commit)).status).toBe(202);
  for (const port of INSTANCES)
    await expect.poll(async () => (await health(port)).commit, { timeout: 60_000 }).toBe(commit);
  return commit;
}

/** `env` as `npm run build` is run by hand: NODE_ENV, which names the browser's scripts otherwise, unset. */
const withoutNodeEnv = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(env).filter(([name]) => name !== "NODE_ENV")) as NodeJS.ProcessEnv;

/** Each file under `folder`, by its path, with its bytes. */
async function filesOf(folder: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      files.set(path.relative(folder, file), await readFile(file));
    }
  return files;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  scratch = await mkdtemp(path.join(tmpdir(), "site-follow-"));
  remote = await siteRemote(scratch);
  mediaServer = (await startStaticServer("public", MEDIA_PORT, { media: true })).child;
  cluster = await startFollowing(180);
});

/** Page views of NEIGHBOUR's page posted so far, as its script posts them. */
let viewsPosted = 0;

/** One page view of NEIGHBOUR's page posted to each instance, as the page's script posts it. */
async function countViews() {
  for (const port of INSTANCES) {
    expect(await postPageView(`http://127.0.0.1:${port}`, NEIGHBOUR.url)).toBe(202);
    viewsPosted++;
  }
}

/** `npm run start:cluster` following the remote, given `seconds` to answer. */
function startFollowing(seconds: number) {
  return startCluster(PORT, {
    env: {
      SITE_FOLLOW: remote.remote,
      SITE_DATA: path.join(scratch, "site-data"),
      SITE_FOLLOW_INTERVAL: "3600",
      SITE_FOLLOW_SECRET: SECRET,
      SITE_FOLLOW_HOOK_PORT: String(HOOK_PORT),
      SITE_STATUS_TOKEN: STATUS_TOKEN,
      MEDIA_ORIGIN,
      SITE_URL,
      // The analytics' defaults, not the temporary store the test servers count into otherwise.
      ANALYTICS_DB: "",
    },
    startSeconds: seconds,
  });
}

test.afterAll(async () => {
  mediaServer?.kill();
  await stopProcess(cluster?.child);
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

test("serves the branch's commit, and a content change shows through Varnish with no request failing", async () => {
  test.setTimeout(180_000);
  expect((await health()).commit).toBe(remote.git("rev-parse", "HEAD"));
  await countViews();
  for (const page of [DIRECTOR.url, NEIGHBOUR.url, UNTOUCHED]) await throughVarnish(page);
  const cachedAt = Date.now();
  // A page no visitor below asks, asked of each instance straight: kept in its worker's cache.
  const straight = (port: number) => fetch(`http://127.0.0.1:${port}${ASIDE}`);
  for (const port of INSTANCES) expect((await straight(port)).status).toBe(200);

  // Clients keep asking, of Varnish and of an instance straight, while the release goes live.
  const load = (url: string) =>
    autocannon({
      url,
      connections: 4,
      duration: 10,
      requests: [DIRECTOR.url, NEIGHBOUR.url, UNTOUCHED, "/artists/directors"].map((page) => ({ path: page })),
      headers: { "accept-encoding": "br" },
    });
  const loads = Promise.all([load(cluster.origin), load(`http://127.0.0.1:${PORT + 1}`)]);
  await sleep(1_000);
  const renamed = `${DIRECTOR.name} Followed`;
  const commit = await release(
    { [DIRECTOR_FILE]: (text) => text.replace(/^name: .*$/m, `name: ${renamed}`) },
    "A director's new name",
  );
  await expect.poll(async () => (await throughVarnish(DIRECTOR.url)).text).toContain(renamed);
  await countViews();
  for (const result of await loads) {
    expect(result.requests.total).toBeGreaterThan(100);
    expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({
      errors: 0,
      timeouts: 0,
      non2xx: 0,
    });
  }

  // Each new worker started warm, with the page kept by the one it replaced (the release did not change it):
  // answered from its cache at its first asking, before any visitor asked it of that worker.
  for (const port of INSTANCES) expect((await straight(port)).headers.get("x-page-cache"), `port ${port}`).toBe("hit");

  // Only the pages it changed were dropped: the others are the copies Varnish held before.
  const held = Math.floor((Date.now() - cachedAt) / 1000);
  for (const page of [NEIGHBOUR.url, UNTOUCHED])
    expect((await throughVarnish(page)).age).toBeGreaterThanOrEqual(held - 1);
  expect((await throughVarnish(DIRECTOR.url)).age).toBeLessThan(held - 1);

  // What serves is a build of that commit: its builds are byte for byte those of `npm run build` in a clean clone.
  const serving = JSON.parse(await readFile(path.join(scratch, "site-data", "serving.json"), "utf8"));
  expect(serving.commit).toBe(commit);
  // A clone as deep as the release folders: esbuild names the browser's scripts from their paths,
  // node_modules' (a link to this checkout's) included.
  const fresh = path.join(scratch, "clean", "releases", "clone");
  execFileSync("git", ["clone", "-q", remote.remote, fresh]);
  await symlink(path.join(process.cwd(), "node_modules"), path.join(fresh, "node_modules"));
  execFileSync("npm", ["run", "--silent", "build"], {
    cwd: fresh,
    env: withoutNodeEnv({ ...process.env, MEDIA_ORIGIN }),
    stdio: "pipe",
  });
  for (const build of ["build", "public/build"]) {
    const [kept, built] = await Promise.all([
      filesOf(path.join(serving.folder, build)),
      filesOf(path.join(fresh, build)),
    ]);
    // The compiler's metafiles (its inputs' sizes, for the budgets test) are not part of a release.
    for (const file of built.keys()) if (/^metafile\./.test(file)) built.delete(file);
    expect([...kept.keys()].sort()).toEqual([...built.keys()].sort());
    for (const [file, bytes] of built) expect(kept.get(file)?.equals(bytes), file).toBe(true);
  }

  // A word of her text: her page is fetched again; her list, which shows her card and not her text, is kept.
  const grid = "/artists/directors";
  await throughVarnish(grid);
  const gridCachedAt = Date.now();
  // Long enough for a page fetched again after the ban to be told from one held since (Age is in whole seconds).
  await sleep(2_000);
  const word = "followedword";
  await release(
    {
      [DIRECTOR_FILE]: (text) => {
        const body = text.indexOf("\n---\n", 3) + "\n---\n".length;
        return text.slice(0, body) + text.slice(body).replace(/\b[a-z][a-z0-9]{3,}\b/, word);
      },
    },
    "A word of a director's text",
  );
  await expect.poll(async () => (await throughVarnish(DIRECTOR.url)).text).toContain(word);
  const gridHeld = Math.floor((Date.now() - gridCachedAt) / 1000);
  expect((await throughVarnish(grid)).age).toBeGreaterThanOrEqual(gridHeld - 1);
});

test("a commit whose content fails the check never goes live; /healthz names it; the next good one does", async () => {
  const served = (await health()).commit;
  const lines = (await readFile(path.join(remote.clone, DIRECTOR_FILE), "utf8")).split("\n");
  const nameLine = lines.findIndex((line) => line.startsWith("name:")) + 1;
  const bad = await remote.push({ [DIRECTOR_FILE]: (text) => text.replace(/^name: .*$/m, "name:") }, "No name");
  expect((await callHook(bad)).status).toBe(202);
  await expect.poll(async () => (await health()).refused?.commit, { timeout: 60_000 }).toBe(bad);
  const { commit, refused } = await health();
  expect(commit).toBe(served);
  expect(refused!.reason).toMatch(new RegExp(`^${DIRECTOR_FILE.replaceAll(".", "\\.")}:${nameLine}: name: `));
  // Anyone else, through the edge too, is told only the commit served: the reason names a file not yet public.
  expect(await health(PORT + 1, "public")).toEqual({ status: "ok", commit: served });
  expect(await (await fetch(`${cluster.origin}/healthz`)).json()).toEqual({ status: "ok", commit: served });
  expect((await throughVarnish(DIRECTOR.url)).text).toContain(`${DIRECTOR.name} Followed`);

  const fixed = await release(
    { [DIRECTOR_FILE]: (text) => text.replace(/^name:$/m, `name: ${DIRECTOR.name}`) },
    "Named again",
  );
  expect(await health()).toEqual({ status: "ok", commit: fixed });
  await countViews();
  await expect.poll(async () => (await throughVarnish(DIRECTOR.url)).text).not.toContain(`${DIRECTOR.name} Followed`);
});

test("a code change goes the full way: built, and every page dropped from Varnish", async () => {
  test.setTimeout(120_000);
  expect((await throughVarnish(UNTOUCHED)).text).toContain("All rights reserved.");
  await release(
    {
      "app/components/site-footer.tsx": (text) =>
        text.replace("All rights reserved.", "All rights reserved, followed."),
    },
    "The footer's words",
  );
  await expect.poll(async () => (await throughVarnish(UNTOUCHED)).text).toContain("All rights reserved, followed.");
  expect((await throughVarnish(NEIGHBOUR.url)).text).toContain("All rights reserved, followed.");
  await countViews();
});

test("a webhook with a bad signature is refused and changes nothing; the follower killed mid-build goes on", async () => {
  const served = (await health()).commit;
  const commit = await remote.push(
    { [`app/content/artists/directors/${NEIGHBOUR.id}.md`]: (text) => text.replace(/^name: .*$/m, "name: Unsigned") },
    "Told by a forged call",
  );
  const forged = await callHook(commit, "not the secret");
  expect(forged.status).toBe(401);
  await sleep(3_000);
  expect((await health()).commit).toBe(served);
  expect((await callHook(commit)).status).toBe(202);

  // Killed (SIGKILL) once the commit is checked out in the folder not serving, its content build under way.
  const data = path.join(scratch, "site-data");
  const { folder } = JSON.parse(await readFile(path.join(data, "serving.json"), "utf8")) as { folder: string };
  const building = path.join(data, "releases", path.basename(folder) === "a" ? "b" : "a");
  const checkedOut = () => {
    try {
      return execFileSync("git", ["rev-parse", "HEAD"], { cwd: building, encoding: "utf8", stdio: "pipe" }).trim();
    } catch {
      return undefined;
    }
  };
  await expect.poll(checkedOut, { intervals: [50], timeout: 30_000 }).toBe(commit);
  const exited = new Promise((resolve) => cluster.child.once("exit", resolve));
  process.kill(cluster.instances[0]!.pid, "SIGKILL");
  await exited;
  // Started again, it serves at once (no build to wait for), then builds the commit afresh.
  cluster = await startFollowing(10);
  expect([served, commit]).toContain((await health()).commit);
  await expect.poll(async () => (await health()).commit, { timeout: 60_000 }).toBe(commit);
});

test("the follower killed in the middle of a switch serves a whole release at once, then goes on", async () => {
  const served = (await health()).commit;
  const data = path.join(scratch, "site-data");
  const { folder } = JSON.parse(await readFile(path.join(data, "serving.json"), "utf8")) as { folder: string };
  const switchingTo = path.join(data, "releases", path.basename(folder) === "a" ? "b" : "a");
  const commit = await remote.push(
    { [`app/content/artists/directors/${NEIGHBOUR.id}.md`]: (text) => text.replace(/^name: .*$/m, "name: Switched") },
    "Released while the follower dies",
  );
  expect((await callHook(commit)).status).toBe(202);
  // Killed (SIGKILL) once the new release's server is starting, its build done, the old one still serving.
  const follower = cluster.instances[0]!.pid;
  const newServer = path.join(switchingTo, "build", "server.js");
  await expect
    .poll(async () => (await descendantCommands(follower)).some((command) => command.includes(newServer)), {
      intervals: [20],
      timeout: 60_000,
    })
    .toBe(true);
  const exited = new Promise((resolve) => cluster.child.once("exit", resolve));
  process.kill(follower, "SIGKILL");
  await exited;
  // Started again, it serves a whole release at once (the one before, or the new one if it was recorded), every page
  // answering, then the newest.
  cluster = await startFollowing(10);
  expect([served, commit]).toContain((await health()).commit);
  for (const port of INSTANCES) expect((await fetch(`http://127.0.0.1:${port}${NEIGHBOUR.url}`)).status).toBe(200);
  await expect.poll(async () => (await health()).commit, { timeout: 60_000 }).toBe(commit);
  expect((await throughVarnish(NEIGHBOUR.url)).text).toContain("Switched");
});

test("a restart serves the release it served at once, before asking the remote", async () => {
  const served = await health();
  await stopProcess(cluster.child);
  // Nothing to build: it listens as fast as a plain instance does, well within the 10 s this allows.
  cluster = await startFollowing(10);
  expect(await health()).toEqual(served);
  expect(await health(PORT + 2)).toEqual(served);
  await countViews();
});

test("every page view counted through the releases and the restart is in one store under SITE_DATA", async () => {
  const data = path.join(scratch, "site-data");
  // Each instance writes what it holds every second.
  await expect
    .poll(() => artistViewsIn(path.join(data, "analytics.sqlite"), NEIGHBOUR.id), { timeout: 5_000 })
    .toBe(viewsPosted);
  expect(viewsPosted).toBe(10);
  for (const folder of ["a", "b"]) expect(existsSync(path.join(data, "releases", folder, "data"))).toBe(false);
});
