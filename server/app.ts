/**
 * The site's request handler: a page already in the page cache answered before Express
 * (cache-hit.ts), then the Express app: the request log (log.ts) and metrics (metrics.ts), the HTTP
 * policy (http-policy.ts), compression, static files (static-files.ts), then every other request
 * rendered by Remix, a few at a time (render-queue.ts), through the page cache (page-cache.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";

import { type ServerBuild, writeReadableStreamToWritable } from "@remix-run/node";
import compression from "compression";
import express, { type RequestHandler, type Response as ExpressResponse } from "express";

import { cacheHits, replay } from "./cache-hit.ts";
import { healthz, type ReleaseHealth } from "./healthz.ts";
import { pageHeaders, plainTextErrors, readOnly, sendText, toFetchRequest } from "./http-policy.ts";
import { createLogger, type Logger, requestLogger } from "./log.ts";
import { labelRoute, type Metrics, noMetrics, type RouteManifest } from "./metrics.ts";
import { type CachedPage, PAGE_SOURCE, type PageCache, pageCacheKey } from "./page-cache.ts";
import { DEFAULT_RENDER_CONCURRENCY, DEFAULT_RENDER_QUEUE, QueueFullError, RenderQueue } from "./render-queue.ts";
import { staticFiles } from "./static-files.ts";

/** Renders a request with the app: Remix's request handler for a build, its load context bound (instance.ts). */
export type Render = (request: Request) => Promise<Response>;

/** A build's renderer and the page cache of what it rendered: swapped together when the build changes. */
export interface Serving {
  render: Render;
  pageCache: PageCache;
  /** The build's routes, which name a request's route in the metrics. */
  routes?: RouteManifest;
}

export interface AppOptions {
  /** The project's directory, holding public/. */
  root: string;
  build: Pick<ServerBuild, "assetsBuildDirectory" | "publicPath">;
  /**
   * Called once per request, so `npm run dev` can swap in each new build; a render still in flight
   * then fills the old build's cache, never the new one's.
   */
  serving: () => Serving;
  /** Where the request log goes: JSON lines on standard output unless a test gives its own. */
  log?: Logger;
  /** The operator's metrics (served on a port of their own by index.ts); none by default. */
  metrics?: Metrics;
  /** The renders run at once and those waiting (the machine's, whatever the build: kept across rebuilds). */
  renderQueue?: RenderQueue;
  /** What /healthz says of the commit served, and who is told of a refusal (server/healthz.ts). */
  release?: ReleaseHealth;
  /** The build assets of the release before, which pages still open in browsers and caches name. */
  previousAssets?: string;
}

/** Seconds a client told the queue is full waits before asking again. */
const RETRY_AFTER_SECONDS = 1;

/** The site's request handler for Node's server: a page-cache hit (cache-hit.ts) first, else the Express app. */
export async function createApp({
  root,
  build,
  serving,
  log = createLogger(),
  metrics = noMetrics,
  renderQueue = new RenderQueue(DEFAULT_RENDER_CONCURRENCY, DEFAULT_RENDER_QUEUE),
  release = { status: () => ({ commit: null }) },
  previousAssets,
}: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  app.use(requestLogger(log));
  const pageCacheBytes = () => serving().pageCache.bytes;
  app.use(metrics.middleware({ routes: () => serving().routes, pageCacheBytes, renderQueue }));
  app.use(readOnly);
  app.get("/healthz", healthz(release));
  // A page sent from the cache's copies (a miss, once kept) is already encoded as the client asked.
  app.use(compression({ filter: (req, res) => !res.locals.precompressed && compression.filter(req, res) }));
  app.use(labelRoute("static"), await staticFiles(root, build, previousAssets), labelRoute(undefined));
  app.use(pageHeaders);
  app.all("*", renderPage(serving, renderQueue));
  app.use(plainTextErrors);
  const hit = cacheHits({ pageCache: () => serving().pageCache, log, metrics });
  return (req: IncomingMessage, res: ServerResponse) => {
    if (!hit(req, res)) app(req, res);
  };
}

/** Sends a kept page (cache-hit.ts) past the compression in front, which must leave its bytes as they are. */
function sendPage(req: IncomingMessage, res: ExpressResponse, page: CachedPage, source: "hit" | "miss") {
  res.locals.precompressed = true;
  replay(req, res, page, source);
}

/**
 * Renders a page, a few at a time (see RenderQueue), and keeps what may be kept: a request for a
 * page another request is rendering waits for that render instead of starting its own.
 */
function renderPage(serving: () => Serving, renderQueue: RenderQueue): RequestHandler {
  return async (req, res, next) => {
    const { render, pageCache } = serving();
    const key = pageCacheKey(req.method, req.originalUrl);
    const keepable = key !== undefined && pageCache.enabled;
    const request = toFetchRequest(req, res, { unconditional: keepable && req.method === "GET" });
    try {
      if (keepable) {
        const page = await pageCache.pending(key);
        if (page) return sendPage(req, res, page, "hit");
      }
      // A page to keep holds its place in the queue while it is compressed too (on the thread pool).
      if (keepable && req.method === "GET") {
        const { response, kept } = await pageCache.fill(
          key,
          () => render(request),
          (work) => renderQueue.run(work, request.signal),
        );
        if (kept) return sendPage(req, res, kept, "miss");
        return await sendResponse(res, response);
      }
      await sendResponse(res, await renderQueue.run(() => render(request), request.signal));
    } catch (error) {
      // A client that left while waiting needs no answer.
      if (request.signal.aborted) return void res.end();
      if (error instanceof QueueFullError) {
        res.set("Retry-After", String(RETRY_AFTER_SECONDS)).set(PAGE_SOURCE, "miss");
        return sendText(res, 503, "The server is busy: please try again in a moment.");
      }
      next(error);
    }
  };
}

/** Streams the app's answer as it is (compression, in front, encodes it as the client asks). */
async function sendResponse(res: ExpressResponse, response: Response) {
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  res.set(PAGE_SOURCE, "miss");
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
