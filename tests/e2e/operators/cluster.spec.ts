import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";

import autocannon from "autocannon";
import pg from "pg";

import { storeSettings } from "#analytics/settings.ts";
import { openStore } from "#analytics/store.ts";
import { artists, reels } from "#app/content/index.ts";
import { SECTION_PAGES } from "#tests/support/pages.mjs";
import { startCluster, startStaticServer, stopProcess } from "#tests/support/server-process.mjs";
import { SITE_URL } from "#tests/support/site-url.mjs";
import { expect, test } from "#tests/support/fixtures.ts";
import { mediaUrlsOf, playNativeThenInHlsEngine } from "#tests/support/media-urls.ts";
import { startPostgres } from "#tests/support/postgres.ts";
import { rawRequest, sendRaw } from "#tests/support/raw-http.ts";

/**
 * The site as it runs at scale (`npm run start:cluster`: Varnish in front of two instances), with
 * its media on another origin (MEDIA_ORIGIN, a static server standing in for object storage). The
 * "cluster" project runs this file alone, after the rest of the suite (playwright.config.ts): it
 * owns its processes, and its load would slow the other tests down. Both instances count events into
 * one PostgreSQL (ANALYTICS_DATABASE_URL), started here as Varnish is, and serve their metrics on
 * METRICS_PORT and the port after it.
 */

const PORT = Number(process.env.CLUSTER_PORT ?? 8180);
const MEDIA_PORT = Number(process.env.CLUSTER_MEDIA_PORT ?? 8190);
const MEDIA_ORIGIN = `http://127.0.0.1:${MEDIA_PORT}`;
/** The first instance's metrics port; the second's is the one after it (scripts/cluster/run-cluster.mjs). */
const METRICS_PORT = Number(process.env.CLUSTER_METRICS_PORT ?? PORT + 3);
const REEL = reels[0];
const MP4 = REEL.sources.find((source) => source.type === "video/mp4")!.src;
const LOAD = { connections: 32, seconds: 15, killAtMs: 5_000 };
const LOAD_PAGES = [...SECTION_PAGES, artists.directors[0].url, artists.photographers[0].url, "/healthz"];

test.describe.configure({ mode: "serial" });

let cluster: Awaited<ReturnType<typeof startCluster>>;
let mediaServer: ChildProcess;
let postgres: Awaited<ReturnType<typeof startPostgres>>;

test.beforeAll(async () => {
  mediaServer = (await startStaticServer("public", MEDIA_PORT, { media: true })).child;
  postgres = await startPostgres();
  cluster = await startCluster(PORT, {
    env: { MEDIA_ORIGIN, SITE_URL, ANALYTICS_DATABASE_URL: postgres.url, METRICS_PORT: String(METRICS_PORT) },
  });
});

test.afterAll(async () => {
  mediaServer?.kill();
  // Only if a test failed before the last one stopped it.
  await stopProcess(cluster?.child);
  await postgres?.stop();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request as a browser or a CDN sends it (Node's fetch would add `Cache-Control: no-cache` to a conditional one). */
function get(path: string, headers: Record<string, string> = {}, method = "GET", body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port: PORT, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on("error", reject);
    request.end(body);
  });
}

const ban = (pattern: string) => get("/", { "X-Ban-Url": pattern }, "BAN");

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test("a page fetched again a second later comes from the cache (Age ≥ 1), and If-None-Match gets a 304", async () => {
  const first = await get("/biography");
  expect(first.status).toBe(200);
  await sleep(1_100);
  const second = await get("/biography");
  expect(second.status).toBe(200);
  expect(Number(second.headers.age)).toBeGreaterThanOrEqual(1);
  expect(second.headers.etag).toBe(first.headers.etag);
  expect(second.body.equals(first.body)).toBe(true);

  const revalidated = await get("/biography", { "If-None-Match": String(first.headers.etag) });
  expect(revalidated.status).toBe(304);
  expect(revalidated.body.length).toBe(0);
  expect(revalidated.headers.etag).toBe(first.headers.etag);
});

test("the edge keeps the app's rules: Vary, no-store for /healthz, bans from localhost", async () => {
  const page = await get("/clients", { "Accept-Encoding": "gzip, deflate, br" });
  expect(page.headers.vary).toMatch(/accept-encoding/i);
  expect(page.headers["content-encoding"]).toBe("br");
  // Another encoding is another object, never the Brotli bytes.
  const plain = await get("/clients");
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.body.toString()).toContain("<h1");

  for (let i = 0; i < 2; i++) {
    const health = await get("/healthz");
    expect(health.status).toBe(200);
    expect(health.headers["cache-control"]).toBe("no-store");
    expect(Number(health.headers.age ?? 0)).toBe(0);
  }

  await get("/contact");
  expect((await get("/contact")).headers["x-cache"]).toBe("HIT");
  expect((await ban("^/contact$")).status).toBe(200);
  expect((await get("/contact")).headers["x-cache"]).toBe("MISS");
});

test("the editing screen's URLs are refused at the edge, whatever the app behind it", async () => {
  for (const path of ["/keystatic", "/keystatic/collection/directors", "/api/keystatic/tree", "//KeyStatic"]) {
    const answer = await get(path, { "no-cors": "1" });
    expect(answer.status, path).toBe(404);
    expect(answer.headers["x-cache"], path).toBeUndefined();
  }
  expect((await get("/api/keystatic/update", { "no-cors": "1" }, "POST")).status).toBe(404);
});

test("Range on a reel's MP4 gets 206 and exactly those bytes, on a miss and on a hit", async () => {
  const file = readFileSync(`public${MP4}`);
  await ban(`^${MP4}$`);
  for (const pass of ["miss", "hit"]) {
    const partial = await get(MP4, { Range: "bytes=1000-1999" });
    expect(partial.status, pass).toBe(206);
    expect(partial.headers["content-range"], pass).toBe(`bytes 1000-1999/${file.length}`);
    expect(partial.body.length, pass).toBe(1000);
    expect(partial.body.equals(file.subarray(1000, 2000)), pass).toBe(true);
  }
});

test("hostile requests get no 5xx and leave no trace in the cache", async () => {
  const longPath = `/${"a".repeat(6 * 1024)}`;
  const hostile = [
    rawRequest("/%E0%A4%A"),
    rawRequest("/contact%zz"),
    rawRequest("/contact", { method: "TRACE" }),
    rawRequest("/contact", {
      method: "POST",
      headers: { "Content-Type": "text/plain", "Content-Length": "5" },
      body: "hello",
    }),
    rawRequest("/../../../../etc/passwd"),
    rawRequest("/images/..%2f..%2fpackage.json"),
    rawRequest(longPath),
    rawRequest("/contact", { headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example" } }),
    rawRequest("/biography", { headers: { Host: "evil.example:99999" } }),
    rawRequest("http://evil.example/clients"),
  ];
  for (const request of hostile) {
    const { status, text } = await sendRaw(PORT, request, { timeoutMs: 10_000 });
    const what = request.split("\r\n")[0].slice(0, 80);
    expect(status, what).toBeGreaterThanOrEqual(200);
    expect(status, what).toBeLessThan(500);
    expect(text, what).not.toMatch(/root:x:0|"name": "agency-portfolio"|evil\.example/);
  }
  // What a visitor gets next is the page itself, whatever came before it.
  for (const [path, heading] of [
    ["/contact", "Contact"],
    ["/biography", "Biography"],
    ["/clients", "Clients"],
  ]) {
    const page = await get(path);
    expect(page.status, path).toBe(200);
    expect(page.headers["content-type"], path).toMatch(/^text\/html/);
    expect(page.body.toString(), path).toContain(heading);
    expect(page.body.toString(), path).not.toContain("evil.example");
  }
  expect((await get(longPath)).status).toBeLessThan(500);
});

/** A desktop Chrome's user agent: the endpoint counts nothing from bots or curl. */
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";
/** Another site's host, which the store keeps as the referrer: it marks this file's events in the table. */
const REFERRER_HOST = "cluster-test.example";
/** The artists whose pages the visitors view, and how many views each gets: the first artists of any content. */
const VIEWED = [
  ...new Map([...artists.directors, ...artists.photographers].map((artist) => [artist.id, artist])).values(),
]
  .slice(0, 3)
  .map((artist, index) => ({ artist, views: [20, 12, 8][index] }));
/** Visitors, told apart by the address each sends: Varnish appends its own, which the instances trust (TRUST_PROXY). */
const VISITORS = ["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4", "203.0.113.5"];

/** A page view of `path` posted through Varnish as a page's script posts it, from the visitor at `address`. */
const postPageview = (path: string, address: string) =>
  get(
    "/api/event",
    { "Content-Type": "application/json", "User-Agent": CHROME, "X-Forwarded-For": address },
    "POST",
    JSON.stringify({
      name: "pageview",
      url: new URL(path, SITE_URL).href,
      domain: new URL(SITE_URL).hostname,
      referrer: `https://${REFERRER_HOST}/`,
    }),
  );

/** Each instance's count of events taken so far, from its metrics scrape, in cluster.instances' order. */
const eventsTaken = () =>
  Promise.all(
    cluster.instances.map(async (_, index) => {
      const scrape = await (await fetch(`http://127.0.0.1:${METRICS_PORT + index}/metrics`)).text();
      return Number(/^analytics_events_total\{outcome="taken"\} (\d+)$/m.exec(scrape)?.[1] ?? 0);
    }),
  );

/** Each artist's views today, as the editing screen reads them: the store its settings name, store.figures. */
async function artistViews(): Promise<Record<string, number>> {
  const store = await openStore(storeSettings({ ANALYTICS_DATABASE_URL: postgres.url }, process.cwd()));
  try {
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const { artists: figures } = await store.figures(today, today, now);
    return Object.fromEntries(figures.map(({ id, views }) => [id, views]));
  } finally {
    await store.close();
  }
}

/** The views each artist gained since `before`, once the instances have written them (each writes every second). */
const viewsGainedSince = (before: Record<string, number>) =>
  expect.poll(
    async () =>
      Object.fromEntries(
        Object.entries(await artistViews())
          .map(([id, views]) => [id, views - (before[id] ?? 0)])
          .filter(([, gained]) => gained !== 0),
      ),
    { timeout: 5_000 },
  );

test("both instances count events into one PostgreSQL, and the editing screen's figures show their sum", async () => {
  const takenBefore = await eventsTaken();
  const viewsBefore = await artistViews();
  const posts = VIEWED.flatMap(({ artist, views }) => Array.from({ length: views }, () => artist.url));

  // One after another, so that Varnish's round robin alternates the instances and each visitor reaches both.
  for (const [index, path] of posts.entries()) {
    const answer = await postPageview(path, VISITORS[index % VISITORS.length]);
    expect(answer.status, path).toBe(202);
    expect(answer.headers["set-cookie"], path).toBeUndefined();
  }

  const taken = (await eventsTaken()).map((count, index) => count - takenBefore[index]);
  expect(taken).toHaveLength(2);
  for (const count of taken) expect(count).toBeGreaterThan(0);
  expect(taken[0] + taken[1]).toBe(posts.length);

  await viewsGainedSince(viewsBefore).toEqual(
    Object.fromEntries(VIEWED.map(({ artist, views }) => [artist.id, views])),
  );

  // One salt between the instances: a visitor whose views went to both is one visitor, not two.
  const client = new pg.Client(postgres.url);
  await client.connect();
  try {
    const { rows } = await client.query<{ visitors: number }>(
      "SELECT count(DISTINCT visitor)::int AS visitors FROM events WHERE referrer = $1",
      [REFERRER_HOST],
    );
    expect(rows[0].visitors).toBe(VISITORS.length);
  } finally {
    await client.end();
  }
});

test("an event posted through Varnish is never cached: two identical posts are both counted, neither sets a cookie", async () => {
  const { artist } = VIEWED[0];
  const takenBefore = await eventsTaken();
  const viewsBefore = await artistViews();
  for (let i = 0; i < 2; i++) {
    const answer = await postPageview(artist.url, VISITORS[0]);
    expect(answer.status).toBe(202);
    expect(answer.headers["x-cache"]).toBe("PASS");
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["set-cookie"]).toBeUndefined();
  }
  const taken = (await eventsTaken()).map((count, index) => count - takenBefore[index]);
  expect(taken[0] + taken[1]).toBe(2);
  await viewsGainedSince(viewsBefore).toEqual({ [artist.id]: 2 });
});

test("with MEDIA_ORIGIN, pages point every media URL at it, and a reel plays from it without a CSP violation", async ({
  page,
  player,
  csp,
}) => {
  test.setTimeout(90_000);
  const videoRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/videos/")) videoRequests.push(request.url());
  });

  for (const path of [
    "/artists/directors",
    "/clients",
    `/${REEL.slug}`,
    "/collective-reels",
    artists.directors[0].url,
  ]) {
    await page.goto(cluster.origin + path);
    const urls = await mediaUrlsOf(page);
    expect(urls.length, path).toBeGreaterThan(0);
    for (const url of urls) expect(url, path).toMatch(new RegExp(`^${MEDIA_ORIGIN}/(images|videos)/`));
  }

  await playNativeThenInHlsEngine(player, cluster.origin + `/${REEL.slug}`, async () =>
    expect(await csp.violations()).toEqual([]),
  );

  expect(videoRequests.length).toBeGreaterThan(0);
  for (const url of videoRequests) expect(url).toMatch(new RegExp(`^${MEDIA_ORIGIN}/`));
});

test("under load, an instance killed mid-way costs no visitor an error", async () => {
  test.setTimeout(60_000);
  const [victim, survivor] = cluster.instances;
  const kill = setTimeout(() => process.kill(victim.pid, "SIGKILL"), LOAD.killAtMs);
  const result = await autocannon({
    url: cluster.origin,
    connections: LOAD.connections,
    duration: LOAD.seconds,
    requests: LOAD_PAGES.map((path) => ({ method: "GET", path })),
    headers: { "accept-encoding": "gzip, br" },
  });
  clearTimeout(kill);
  expect(victim.port).toBe(PORT + 1);
  expect(isRunning(victim.pid)).toBe(false);
  expect(isRunning(survivor.pid)).toBe(true);
  expect(result.requests.total).toBeGreaterThan(LOAD.seconds * 100);
  expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({
    errors: 0,
    timeouts: 0,
    non2xx: 0,
  });
});

test("SIGTERM stops every process of the cluster within 10 s", async () => {
  const varnishChildren = readFileSync(`/proc/${cluster.varnishPid}/task/${cluster.varnishPid}/children`, "utf8")
    .split(" ")
    .filter(Boolean)
    .map(Number);
  expect(varnishChildren.length).toBeGreaterThan(0);
  const pids = [cluster.child.pid!, cluster.varnishPid, ...varnishChildren, ...cluster.instances.map(({ pid }) => pid)];

  const started = Date.now();
  const exited = new Promise<number | null>((resolve) => cluster.child.once("exit", resolve));
  cluster.child.kill("SIGTERM");
  expect(await exited).toBe(0);
  expect(Date.now() - started).toBeLessThan(10_000);
  await expect.poll(() => pids.filter(isRunning), { timeout: 10_000 - (Date.now() - started) }).toEqual([]);
  await expect(get("/healthz")).rejects.toThrow(/ECONNREFUSED/);
});
