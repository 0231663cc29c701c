/**
 * A page kept in the page cache (page-cache.ts), written from the head prepared when it was kept: by
 * the Express app for the request that rendered it (and those that waited on that render), and for
 * every later request by `cacheHits`, on Node's own request before Express (app.ts puts it in front):
 * one lookup, one `writeHead`, one `end`. Express's way there (its routing, the request's log line and
 * metrics, the policy's middlewares) cost a hit more than half of its CPU, for nothing a hit needs
 * (docs/decisions/0015-cache-hit-before-express.md).
 */
import type { IncomingMessage, ServerResponse } from "node:http";

import fresh from "fresh";
import Negotiator from "negotiator";

import { type Logger, requestIdOf } from "./log.ts";
import type { Metrics } from "./metrics.ts";
import { type CachedPage, type Encoding, ENCODINGS, PAGE_SOURCE, type PageCache, pageCacheKey } from "./page-cache.ts";

/**
 * Sends a kept page in the encoding the request prefers, with that encoding's head; answers a
 * conditional request whose validators match with a 304 (fresh, the check Express's `req.fresh`
 * makes: If-None-Match by the encoding's ETag, ignored under Cache-Control: no-cache, as browsers and
 * CDNs expect) and HEAD with the head alone. `source` says in X-Page-Cache whether it was replayed
 * (`hit`, as prepared) or rendered for this request (`miss`). Returns the status sent.
 */
export function replay(req: IncomingMessage, res: ServerResponse, page: CachedPage, source: "hit" | "miss"): number {
  const variant = page.variants[encodingFor(req, page)]!;
  const notModified = fresh(req.headers, { etag: variant.etag, "last-modified": page.lastModified });
  let head = notModified ? variant.notModifiedHead : variant.head;
  if (source === "miss") {
    head = [...head];
    head[head.indexOf(PAGE_SOURCE) + 1] = source;
  }
  const status = notModified ? 304 : page.status;
  res.writeHead(status, head);
  res.end(notModified || req.method === "HEAD" ? undefined : variant.body);
  return status;
}

/**
 * The encoding to send: negotiator's pick by q-values, ties to br, then gzip, then identity; when
 * nothing is acceptable (`identity;q=0` alone), the identity bytes, as RFC 9110 (12.5.3) allows.
 * Remembered per Accept-Encoding value (browsers send a handful), so a replay parses nothing.
 */
function encodingFor(req: IncomingMessage, page: CachedPage): Encoding {
  const memo = `${req.headers["accept-encoding"] ?? ""}|${page.variants.br ? "br" : ""}|${page.variants.gzip ? "gzip" : ""}`;
  let encoding = negotiated.get(memo);
  if (!encoding) {
    const available = ENCODINGS.filter((encoding) => page.variants[encoding]);
    encoding = new Negotiator(req).encoding(available, ENCODINGS) ?? "identity";
    if (negotiated.size >= 256) negotiated.clear();
    negotiated.set(memo, encoding);
  }
  return page.variants[encoding] ? encoding : "identity";
}
const negotiated = new Map<string, Encoding>();

export interface CacheHitOptions {
  /** The current build's page cache (under `npm run dev`, each build has its own). */
  pageCache: () => PageCache;
  log: Logger;
  metrics: Metrics;
}

/**
 * Answers a GET or HEAD of a page kept in the cache, as the Express app would (the request's id sent
 * back to a proxy that sent one), and returns true; returns false, having touched nothing, for every
 * other request. A hit is counted in the metrics (in batches: metrics.ts) and logged at the debug
 * level only: at about 20 000 a second a line each would cost more than the hit.
 */
export function cacheHits({ pageCache, log, metrics }: CacheHitOptions) {
  const logged = log.isLevelEnabled("debug");
  const timed = logged || metrics.enabled;
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const { method = "", url = "" } = req;
    const key = pageCacheKey(method, url);
    const page = key && pageCache().get(key);
    if (!page) return false;
    const start = timed ? performance.now() : 0;
    const id = logged || req.headers["x-request-id"] !== undefined ? requestIdOf(req, res) : undefined;
    const status = replay(req, res, page, "hit");
    if (!timed) return true;
    const ms = performance.now() - start;
    metrics.countCacheHit(url, method, status, ms / 1000);
    if (logged) {
      const remoteAddress = req.socket.remoteAddress;
      log.debug(
        { req: { id, method, url, remoteAddress }, res: { statusCode: status }, responseTime: ms },
        "request completed",
      );
    }
    return true;
  };
}
