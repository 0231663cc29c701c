/**
 * The Express app: the request log (log.ts) and metrics (metrics.ts), the HTTP policy
 * (http-policy.ts), pages replayed from the page cache (page-cache.ts, already compressed),
 * compression, static files (static-files.ts), then every other request rendered by Remix, a few at
 * a time (render-queue.ts), through the page cache.
 */
import { type ServerBuild, writeReadableStreamToWritable } from "@remix-run/node";
import compression from "compression";
import express, {
  type Request as ExpressRequest,
  type RequestHandler,
  type Response as ExpressResponse,
} from "express";
import Negotiator from "negotiator";

import type { ReleaseStatus } from "#release/serving-worker.ts";

import { healthz } from "./healthz.ts";
import { pageHeaders, plainTextErrors, readOnly, sendText, setPageHeaders, toFetchRequest } from "./http-policy.ts";
import { createLogger, type Logger, requestLogger } from "./log.ts";
import { labelRoute, type Metrics, noMetrics, type RouteManifest } from "./metrics.ts";
import { type CachedPage, type Encoding, ENCODINGS, type PageCache, pageCacheKey } from "./page-cache.ts";
import { DEFAULT_RENDER_CONCURRENCY, DEFAULT_RENDER_QUEUE, QueueFullError, RenderQueue } from "./render-queue.ts";
import { staticFiles } from "./static-files.ts";

/** Renders a request with the app: Remix's request handler for a build. */
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
  /** What /healthz says of the commit served (server/healthz.ts). */
  release?: () => ReleaseStatus;
  /** The build assets of the release before, which pages still open in browsers and caches name. */
  previousAssets?: string;
}

/** Seconds a client told the queue is full waits before asking again. */
const RETRY_AFTER_SECONDS = 1;

export async function createApp({
  root,
  build,
  serving,
  log = createLogger(),
  metrics = noMetrics,
  renderQueue = new RenderQueue(DEFAULT_RENDER_CONCURRENCY, DEFAULT_RENDER_QUEUE),
  release = () => ({ commit: null }),
  previousAssets,
}: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  app.use(requestLogger(log));
  const pageCacheBytes = () => serving().pageCache.bytes;
  app.use(metrics.middleware({ routes: () => serving().routes, pageCacheBytes, renderQueue }));
  app.use(readOnly);
  app.get("/healthz", healthz(release));
  app.use(cachedPages(serving));
  // A page sent from the cache's copies (a miss, once kept) is already encoded as the client asked.
  app.use(compression({ filter: (req, res) => !res.locals.precompressed && compression.filter(req, res) }));
  app.use(labelRoute("static"), await staticFiles(root, build, previousAssets), labelRoute(undefined));
  app.use(pageHeaders);
  app.all("*", renderPage(serving, renderQueue));
  app.use(plainTextErrors);
  return app;
}

/** Replays a page kept in the cache, before anything else runs: no render, no compression. */
function cachedPages(serving: () => Serving): RequestHandler {
  return (req, res, next) => {
    const key = pageCacheKey(req.method, req.originalUrl);
    const cached = key && serving().pageCache.get(key);
    if (!cached) return next();
    setPageHeaders(res);
    sendPage(req, res, cached, "hit");
  };
}

/**
 * Sends a kept page in the encoding the request prefers (its q-values first, then br, gzip,
 * identity), with that encoding's ETag; answers If-None-Match with a 304 and HEAD with the headers.
 * `X-Page-Cache` says whether it was replayed (`hit`) or rendered for this request (`miss`).
 */
function sendPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage, source: "hit" | "miss") {
  const encoding = encodingFor(req, page);
  const variant = page.variants[encoding]!;
  res.statusCode = page.status;
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Vary", "Accept-Encoding");
  if (variant.etag) res.setHeader("ETag", variant.etag);
  res.setHeader("X-Page-Cache", source);
  res.locals.precompressed = true;
  // req.fresh compares If-None-Match with the ETag just set (and, as browsers and CDNs expect,
  // ignores it under Cache-Control: no-cache).
  if (req.fresh) {
    res.statusCode = 304;
    res.removeHeader("Content-Type");
    res.end();
    return;
  }
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", variant.body.length);
  if (req.method === "HEAD") res.end();
  else res.end(variant.body);
}

/**
 * The encoding to send: negotiator's pick by q-values, ties to br, then gzip, then identity; when
 * nothing is acceptable (`identity;q=0` alone), the identity bytes, as RFC 9110 (12.5.3) allows.
 * Remembered per Accept-Encoding value (browsers send a handful), so a replay parses nothing.
 */
function encodingFor(req: ExpressRequest, page: CachedPage): Encoding {
  const available = ENCODINGS.filter((encoding) => page.variants[encoding]);
  const memo = `${req.headers["accept-encoding"] ?? ""}|${available.join()}`;
  let encoding = negotiated.get(memo);
  if (!encoding) {
    encoding = new Negotiator(req).encoding(available, ENCODINGS) ?? "identity";
    if (negotiated.size >= 256) negotiated.clear();
    negotiated.set(memo, encoding);
  }
  return page.variants[encoding] ? encoding : "identity";
}
const negotiated = new Map<string, Encoding>();

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
        res.set("Retry-After", String(RETRY_AFTER_SECONDS)).set("X-Page-Cache", "miss");
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
  res.set("X-Page-Cache", "miss");
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
