/**
 * The operator's metrics (server/metrics.ts) through the app (server/app.ts), with a stand-in for
 * Remix and a hand-written route manifest: counts by route pattern and status, the page cache, the
 * render queue and the events, checked against counts worked out by hand; the metrics' own port,
 * never the public one; a real scrape through promtool; and the Grafana dashboard against the
 * names a live registry exports.
 */
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApp, type Render } from "#server/app.ts";
import { createLogger } from "#server/log.ts";
import { createMetrics, type Metrics, metricsSettings, noMetrics, type RouteManifest } from "#server/metrics.ts";
import { PageCache } from "#server/page-cache.ts";
import { RenderQueue } from "#server/render-queue.ts";
import { sendRaw, rawRequest } from "#tests/support/raw-http.ts";

/** A manifest shaped as Remix's: a root, an index, fixed pages, a splat under a param, and catch-alls. */
const routes: RouteManifest = {
  root: { id: "root", path: "" },
  "routes/_index": { id: "routes/_index", parentId: "root", index: true },
  "routes/contact": { id: "routes/contact", parentId: "root", path: "contact" },
  "routes/artists.$type.$": { id: "routes/artists.$type.$", parentId: "root", path: "artists/:type/*" },
  "routes/$slug": { id: "routes/$slug", parentId: "root", path: ":slug" },
  "routes/$": { id: "routes/$", parentId: "root", path: "*" },
};

const PAGE = { "Content-Type": "text/html", "Cache-Control": "public, max-age=60, s-maxage=600" };

let release: () => void = () => undefined;
let blocked: Promise<void> = Promise.resolve();

/** Pages for the fixed routes and artists, a redirect for anything else, a wait for /slow. */
const render: Render = async (request) => {
  const { pathname } = new URL(request.url);
  if (pathname === "/slow") await blocked;
  if (["/", "/contact", "/slow"].includes(pathname) || pathname.startsWith("/artists/"))
    return new Response(`<html>${pathname}</html>`, { headers: PAGE });
  return new Response(null, { status: 302, headers: { Location: "/" } });
};

let root: string;
let metrics: Metrics;
let publicServer: Server;
let metricsServer: Server;
let origin: string;
let metricsOrigin: string;
const pageCache = new PageCache(2 ** 20);
const renderQueue = new RenderQueue(1, 4);

const portOf = (server: Server) => (server.address() as AddressInfo).port;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "server-metrics-"));
  await mkdir(path.join(root, "public/build"), { recursive: true });
  await writeFile(path.join(root, "public/build/entry.js"), "export {};\n");
  metrics = createMetrics(metricsSettings({ METRICS_PORT: "0" }));
  const app = await createApp({
    root,
    build: { assetsBuildDirectory: "public/build", publicPath: "/build/" },
    serving: () => ({ render, pageCache, routes }),
    log: createLogger({ level: "silent" }),
    metrics,
    renderQueue,
  });
  publicServer = createServer(app).listen(0, "127.0.0.1");
  await new Promise((resolve) => publicServer.once("listening", resolve));
  origin = `http://127.0.0.1:${portOf(publicServer)}`;
  metricsServer = await metrics.listen();
  metricsOrigin = `http://127.0.0.1:${portOf(metricsServer)}`;
});

afterAll(async () => {
  await new Promise((resolve) => publicServer.close(resolve));
  await new Promise((resolve) => metricsServer.close(resolve));
  await rm(root, { recursive: true, force: true });
});

/** The samples of a scrape, by name and labels sorted: `name{a="1",b="2"}` → value. */
function samples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split("\n")) {
    const sample = line.match(/^(\w+)(?:\{(.*)\})? (\S+)$/);
    if (!sample) continue;
    const labels = [...(sample[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, name, value]) => [
      name,
      value,
    ]);
    found.set(key(sample[1], Object.fromEntries(labels)), Number(sample[3]));
  }
  return found;
}
const key = (name: string, labels: Record<string, string> = {}) =>
  `${name}{${Object.entries(labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([label, value]) => `${label}="${value}"`)
    .join(",")}}`;

const requestsSeen = (scraped: Map<string, number>) =>
  [...scraped].filter(([name]) => name.startsWith("http_requests_total{")).reduce((sum, [, n]) => sum + n, 0);

/** A scrape from the metrics' port once `total` requests in all have been counted (each is, as its answer closes). */
async function scrapeAfter(total: number): Promise<{ text: string; scraped: Map<string, number> }> {
  for (let attempt = 0; ; attempt++) {
    const text = await (await fetch(`${metricsOrigin}/metrics`)).text();
    const scraped = samples(text);
    if (requestsSeen(scraped) >= total || attempt === 50) return { text, scraped };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const get = async (target: string, init?: RequestInit) => {
  const response = await fetch(origin + target, { redirect: "manual", ...init });
  await response.arrayBuffer();
  return response;
};

let made = 0;

describe("requests", () => {
  it("are counted and timed by route pattern, method and status, with the page cache's hits and misses", async () => {
    for (let n = 0; n < 2; n++) await get("/");
    for (let n = 0; n < 3; n++) await get("/contact");
    await get("/artists/directors/ada-rowe");
    await get("/artists/photographers/bo-lind/series");
    await get("/build/entry.js");
    await get("/nowhere/at/all");
    await get("/healthz");
    await get("/contact", { method: "POST" });
    expect((await sendRaw(portOf(publicServer), rawRequest("/%E0%A4%A"))).status).toBe(400);
    made += 12;

    const { scraped } = await scrapeAfter(made);
    const requests = (route: string, method: string, status: string) =>
      scraped.get(key("http_requests_total", { method, route, status }));
    expect(requests("/", "GET", "200")).toBe(2);
    expect(requests("/contact", "GET", "200")).toBe(3);
    expect(requests("/artists/:type/*", "GET", "200")).toBe(2);
    expect(requests("static", "GET", "200")).toBe(1);
    expect(requests("/*", "GET", "302")).toBe(1);
    expect(requests("/healthz", "GET", "200")).toBe(1);
    expect(requests("/contact", "POST", "405")).toBe(1);
    expect(requests("malformed", "GET", "400")).toBe(1);
    expect(requestsSeen(scraped)).toBe(12);

    const timed = (route: string, method: string) =>
      scraped.get(key("http_request_duration_seconds_count", { method, route }));
    expect(timed("/contact", "GET")).toBe(3);
    expect(timed("/contact", "POST")).toBe(1);
    expect(scraped.get(key("http_request_duration_seconds_bucket", { le: "+Inf", method: "GET", route: "/" }))).toBe(2);

    // Hits: the second / and the second and third /contact. Misses: the first / and /contact,
    // both artists and the redirect. The health check is the server's own answer, never rendered.
    expect(scraped.get(key("page_cache_hits_total"))).toBe(3);
    expect(scraped.get(key("page_cache_misses_total"))).toBe(5);
    expect(scraped.get(key("page_cache_bytes"))).toBe(pageCache.bytes);
    expect(pageCache.bytes).toBeGreaterThan(0);
  });

  it("50 distinct unknown URLs add two series at most, named by pattern, never by URL", async () => {
    const before = await scrapeAfter(made);
    for (let n = 0; n < 25; n++) await get(`/gone-${n}/page`);
    for (let n = 0; n < 25; n++) await get(`/old-${n}`);
    made += 50;
    const { text, scraped } = await scrapeAfter(made);
    const series = (of: Map<string, number>) => [...of.keys()].filter((name) => name.startsWith("http_requests_total"));
    expect(series(scraped).length - series(before.scraped).length).toBeLessThanOrEqual(2);
    expect(text).not.toMatch(/gone-|old-/);
    expect(scraped.get(key("http_requests_total", { method: "GET", route: "/*", status: "302" }))).toBe(1 + 25);
    expect(scraped.get(key("http_requests_total", { method: "GET", route: "/:slug", status: "302" }))).toBe(25);
  });
});

describe("the render queue", () => {
  it("reads running and waiting on each scrape", async () => {
    blocked = new Promise((resolve) => (release = resolve));
    // Queries keep these out of the page cache, so each takes a place of its own.
    const slow = [1, 2, 3].map((n) => get(`/slow?n=${n}`));
    await expect.poll(() => renderQueue.waiting).toBe(2);
    const { scraped } = await scrapeAfter(made);
    expect(scraped.get(key("render_queue_running"))).toBe(1);
    expect(scraped.get(key("render_queue_waiting"))).toBe(2);
    release();
    await Promise.all(slow);
    made += 3;
    const after = await scrapeAfter(made);
    expect(after.scraped.get(key("render_queue_running"))).toBe(0);
    expect(after.scraped.get(key("render_queue_waiting"))).toBe(0);
  });
});

describe("events", () => {
  it("are counted by outcome, every outcome from zero", async () => {
    for (let n = 0; n < 3; n++) metrics.countEvent("taken");
    metrics.countEvent("refused");
    const { scraped } = await scrapeAfter(made);
    const events = (outcome: string) => scraped.get(key("analytics_events_total", { outcome }));
    expect([events("taken"), events("refused"), events("ignored"), events("dropped")]).toEqual([3, 1, 0, 0]);
  });

  it("cost nothing when the metrics are off", () => {
    expect(createMetrics(metricsSettings({}))).toBe(noMetrics);
    expect(noMetrics.enabled).toBe(false);
    expect(() => noMetrics.countEvent("taken")).not.toThrow();
  });
});

describe("the metrics' port", () => {
  it("is on the loopback by default, METRICS_HOST otherwise, and refuses a port that is not one", () => {
    expect(metricsServer.address()).toMatchObject({ address: "127.0.0.1" });
    expect(metricsSettings({ METRICS_PORT: "9464" })).toEqual({ port: 9464, host: "127.0.0.1" });
    expect(metricsSettings({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" })).toEqual({ port: 9464, host: "0.0.0.0" });
    expect(() => metricsSettings({ METRICS_PORT: "metrics" })).toThrow(/METRICS_PORT/);
    expect(() => metricsSettings({ METRICS_PORT: "70000" })).toThrow(/METRICS_PORT/);
  });

  it("serves /metrics in Prometheus' text format, and nothing else", async () => {
    const response = await fetch(`${metricsOrigin}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await response.text()).toContain("# TYPE http_requests_total counter");
    expect((await fetch(`${metricsOrigin}/`)).status).toBe(404);
  });

  it("is not the public one: /metrics there is the site's own answer", async () => {
    const response = await fetch(`${origin}/metrics`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(await response.text()).not.toContain("http_requests_total");
  });
});

const promtool = spawnSync("sh", ["-c", "command -v promtool"], { encoding: "utf8" }).stdout.trim();

describe("promtool", () => {
  it.skipIf(!promtool)(
    `finds nothing to say about a real scrape${promtool ? "" : " (SKIPPED: promtool is missing; `npm test` installs Debian's prometheus)"}`,
    async () => {
      const { text } = await scrapeAfter(made);
      const checked = spawnSync(promtool, ["check", "metrics"], { input: text, encoding: "utf8" });
      expect(checked.stdout + checked.stderr).toBe("");
      expect(checked.status).toBe(0);
    },
  );
});

/** PromQL's words that are not metric names. */
const PROMQL_WORDS = new Set(["by", "without", "on", "ignoring", "group_left", "group_right", "bool", "and", "or"]);

/** The metric names an expression reads: what is left once strings, matchers, ranges, groupings and calls are gone. */
function metricsIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, "")
    .replace(/\{[^}]*\}/g, "")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, "");
  return [...bare.matchAll(/\b([A-Za-z_][A-Za-z0-9_]*)\b(?!\s*\()/g)]
    .map(([, name]) => name)
    .filter((name) => !PROMQL_WORDS.has(name));
}

describe("the Grafana dashboard", () => {
  it("is JSON whose every expression reads metrics the server exports, from a datasource given on import", async () => {
    const dashboard = JSON.parse(await readFile("deploy/grafana/agency-site.json", "utf8"));
    expect(dashboard.__inputs).toEqual([expect.objectContaining({ name: "DS_PROMETHEUS", pluginId: "prometheus" })]);
    // One request, so the labelled series have samples to name.
    await get("/");
    made += 1;
    const { text } = await scrapeAfter(made);
    const exported = new Set([...samples(text).keys()].map((sample) => sample.slice(0, sample.indexOf("{"))));

    type Panel = { type: string; title: string; datasource?: { uid: string }; targets?: { expr: string }[] };
    const panels: Panel[] = dashboard.panels.filter((panel: Panel) => panel.type !== "row");
    expect(panels.length).toBeGreaterThanOrEqual(10);
    const read = new Set<string>();
    for (const panel of panels) {
      expect(panel.datasource?.uid, panel.title).toBe("${DS_PROMETHEUS}");
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const { expr } of panel.targets ?? []) {
        const names = metricsIn(expr);
        expect(names.length, expr).toBeGreaterThan(0);
        for (const name of names) {
          expect(exported.has(name), `${panel.title}: ${name} is not exported`).toBe(true);
          read.add(name);
        }
      }
    }
    // Every figure the issue asks for is on it.
    for (const name of [
      "http_requests_total",
      "http_request_duration_seconds_bucket",
      "page_cache_hits_total",
      "page_cache_misses_total",
      "page_cache_bytes",
      "render_queue_running",
      "render_queue_waiting",
      "analytics_events_total",
      "process_resident_memory_bytes",
      "process_cpu_seconds_total",
      "nodejs_eventloop_lag_p99_seconds",
    ])
      expect(read, name).toContain(name);
  });

  it("reads no metric from an expression that names none (the check above can fail)", () => {
    expect(metricsIn('sum by (route) (rate(http_requests_total{status=~"5.."}[$__rate_interval]))')).toEqual([
      "http_requests_total",
    ]);
    expect(metricsIn("histogram_quantile(0.95, sum by (le) (rate(made_up_bucket[5m])))")).toEqual(["made_up_bucket"]);
  });
});
