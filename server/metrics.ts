/**
 * The operator's metrics (docs/deploy.md, "Metrics and logs"): requests by route and status, their
 * latency, the page cache, the render queue, the analytics events and the process's own figures, in
 * Prometheus' format through prom-client, served on a port of their own (METRICS_PORT, loopback
 * unless METRICS_HOST says otherwise) and never on the public one. Without METRICS_PORT nothing is
 * collected at all.
 */
import http from "node:http";

import { type AgnosticRouteObject, matchRoutes } from "@remix-run/router";
import type { RequestHandler, Response as ExpressResponse } from "express";
import { LRUCache } from "lru-cache";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

import { PAGE_SOURCE } from "./page-cache.ts";

/** What became of an event sent to POST /api/event. */
export const EVENT_OUTCOMES = ["taken", "refused", "ignored", "dropped"] as const;
export type EventOutcome = (typeof EVENT_OUTCOMES)[number];

/** Where the metrics are served: METRICS_PORT and METRICS_HOST. */
export interface MetricsSettings {
  port: number;
  host: string;
}

/** A route of a Remix build's manifest (`build.routes`), as much of it as names a request's route. */
export interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}
export type RouteManifest = Record<string, RouteEntry>;

/** What the metrics read on each scrape, from the app that serves them. */
export interface MetricsSources {
  /** The build's routes, which name a request's route (the current build's, under `npm run dev`). */
  routes: () => RouteManifest | undefined;
  /** The bytes the current build's page cache keeps. */
  pageCacheBytes: () => number;
  renderQueue: { readonly running: number; readonly waiting: number };
}

export interface Metrics {
  readonly enabled: boolean;
  /** Counts and times every request; one app per Metrics (the sources are read on each scrape). */
  middleware(sources: MetricsSources): RequestHandler;
  /**
   * Counts a page-cache hit answered before Express (cache-hit.ts) as the middleware counts a request,
   * with `seconds` taken; kept as plain values and added at the next scrape or with the 256th (about
   * 1 µs each: a batch holds the event loop about a quarter of a millisecond).
   */
  countCacheHit(path: string, method: string, status: number, seconds: number): void;
  /** Counts events (one by default) by what became of them (the event endpoint and the collector call this). */
  countEvent(outcome: EventOutcome, count?: number): void;
  /** The metrics as a scrape reads them. */
  scrape(): Promise<string>;
  /** Starts the metrics' own server on the settings' port; resolves once it listens. */
  listen(): Promise<http.Server>;
}

/** The settings from the environment; none without METRICS_PORT, which turns the metrics off. */
export function metricsSettings(env: Record<string, string | undefined>): MetricsSettings | undefined {
  if (!env.METRICS_PORT) return undefined;
  const port = Number(env.METRICS_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`METRICS_PORT=${env.METRICS_PORT}: not a port number`);
  return { port, host: env.METRICS_HOST || "127.0.0.1" };
}

/** Metrics that collect nothing and serve nothing: what the app runs with when METRICS_PORT is unset. */
export const noMetrics: Metrics = {
  enabled: false,
  middleware: () => (_req, _res, next) => next(),
  countCacheHit: () => undefined,
  countEvent: () => undefined,
  scrape: async () => "",
  listen: () => Promise.reject(new Error("metrics are off: set METRICS_PORT")),
};

/**
 * The route label of what static-files.ts served, set before it and cleared after it (a request it
 * passes on is then named by the Remix route it matches).
 */
export function labelRoute(label: string | undefined): RequestHandler {
  return (_req, res, next) => {
    res.locals.metricsRoute = label;
    next();
  };
}

/** Paths named as they are: the health check, probed every second (the pages' events never reach the app). */
const FIXED_ROUTES = new Set(["/healthz"]);

/**
 * A render takes milliseconds to a second; a replay from the page cache well under one, hence the
 * two buckets below prom-client's default 5 ms.
 */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Hits answered before Express are added to the metrics this many at a time, at most (countCacheHit). */
const HITS_BATCH = 256;

/** Metrics on a registry of their own (so tests can make several), or `noMetrics` without settings. */
export function createMetrics(settings: MetricsSettings | undefined): Metrics {
  if (!settings) return noMetrics;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Gauges named like counters, which promtool (and Prometheus' naming rules) refuse; each only sums
  // its namesake without the suffix (nodejs_active_handles, by type), which stays.
  for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"])
    registry.removeSingleMetric(name);
  let sources: MetricsSources | undefined;

  /** The hits answered before Express since they were last added (countCacheHit). */
  let hits: { path: string; method: string; status: number; seconds: number }[] = [];
  /** Each metric a hit counts in adds them before it is read (one scrape reads the three). */
  function addHits() {
    const added = hits;
    hits = [];
    for (const { path, method, status, seconds } of added) {
      const route = routeOf(path, undefined, sources?.routes());
      duration.observe({ route, method }, seconds);
      requests.inc({ route, method, status });
    }
    cacheHits.inc(added.length);
  }
  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by route pattern, method and status.",
    labelNames: ["route", "method", "status"] as const,
    registers: [registry],
    collect: addHits,
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by route pattern and method.",
    labelNames: ["route", "method"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
    collect: addHits,
  });
  const cacheHits = new Counter({
    name: "page_cache_hits_total",
    help: "Pages replayed from the page cache (X-Page-Cache: hit).",
    registers: [registry],
    collect: addHits,
  });
  const cacheMisses = new Counter({
    name: "page_cache_misses_total",
    help: "Pages rendered for the request (X-Page-Cache: miss).",
    registers: [registry],
  });
  new Gauge({
    name: "page_cache_bytes",
    help: "Bytes the page cache keeps, every encoding and header counted.",
    registers: [registry],
    collect() {
      if (sources) this.set(sources.pageCacheBytes());
    },
  });
  new Gauge({
    name: "render_queue_running",
    help: "Renders running now.",
    registers: [registry],
    collect() {
      if (sources) this.set(sources.renderQueue.running);
    },
  });
  new Gauge({
    name: "render_queue_waiting",
    help: "Requests waiting for a render's place.",
    registers: [registry],
    collect() {
      if (sources) this.set(sources.renderQueue.waiting);
    },
  });
  const events = new Counter({
    name: "analytics_events_total",
    help: "Events sent to POST /api/event, by outcome: taken, refused (bad body), ignored (bot, Sec-GPC, DNT), dropped (not stored).",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  // Every outcome from zero, so a rate over it exists before the first event of each kind.
  for (const outcome of EVENT_OUTCOMES) events.inc({ outcome }, 0);

  const routeOf = routeNamer();

  return {
    enabled: true,
    middleware(given) {
      sources = given;
      return (req, res, next) => {
        const path = req.path;
        const end = duration.startTimer();
        res.once("close", () => {
          const route = routeOf(path, res.locals.metricsRoute as string | undefined, sources?.routes());
          end({ route, method: req.method });
          requests.inc({ route, method: req.method, status: res.statusCode });
          countPageCache(res);
        });
        next();
      };
    },
    countCacheHit(path, method, status, seconds) {
      if (hits.push({ path, method, status, seconds }) >= HITS_BATCH) addHits();
    },
    countEvent: (outcome, count = 1) => events.inc({ outcome }, count),
    scrape: () => registry.metrics(),
    listen() {
      const server = http.createServer(async (req, res) => {
        const path = req.url?.split("?", 1)[0];
        if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
          res.writeHead(404, { "Content-Type": "text/plain" }).end("404 Not Found\nThe metrics are at /metrics.\n");
          return;
        }
        const text = await registry.metrics();
        res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" });
        res.end(req.method === "HEAD" ? undefined : text);
      });
      return new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(settings.port, settings.host, () => resolve(server));
      });
    },
  };

  function countPageCache(res: ExpressResponse) {
    const source = res.getHeader(PAGE_SOURCE);
    if (source === "hit") cacheHits.inc();
    else if (source === "miss") cacheMisses.inc();
  }
}

/**
 * Names a request by the pattern of the Remix route its path matches (`/artists/:type/*`), never the
 * path itself, so the series stay as few as the routes: "malformed" when the path cannot be decoded
 * (a 400, wherever it came from), else the label a layer gave it (`static`), else the pattern,
 * "unmatched" when nothing matches. The names of paths seen lately are remembered, so most requests
 * (a cached page's) run no matcher; a new build's routes start afresh.
 */
function routeNamer() {
  let tree: AgnosticRouteObject[] = [];
  let treeOf: RouteManifest | undefined;
  const named = new LRUCache<string, string>({ max: 1_000 });
  return (path: string, label: string | undefined, routes: RouteManifest | undefined): string => {
    if (FIXED_ROUTES.has(path)) return path;
    // The router also warns on the console for each undecodable path: a visitor could fill the log.
    if (path.includes("%") && !decodes(path)) return "malformed";
    if (label) return label;
    if (!routes) return "unmatched";
    if (routes !== treeOf) {
      tree = routeTree(routes);
      treeOf = routes;
      named.clear();
    }
    let route = named.get(path);
    if (route === undefined) {
      route = patternOf(tree, path);
      named.set(path, route);
    }
    return route;
  };
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** The pattern of the route `path` matches, its segments joined; "unmatched" when none does. */
function patternOf(tree: AgnosticRouteObject[], path: string): string {
  const matches = matchRoutes(tree, path);
  if (!matches) return "unmatched";
  const segments = matches.map((match) => match.route.path).filter(Boolean);
  return `/${segments.join("/")}`;
}

/** Remix's flat route manifest as the nested routes the router matches. */
function routeTree(routes: RouteManifest): AgnosticRouteObject[] {
  const childrenOf = (parentId: string | undefined): AgnosticRouteObject[] =>
    Object.values(routes)
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id) },
      );
  return childrenOf(undefined);
}
