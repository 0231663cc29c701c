/**
 * The production server (`npm start`). It is built from the same parts as remix-serve (Express,
 * compression, morgan, Remix's Node request handler) and adds what remix-serve has no hook for:
 *
 * - security headers: nosniff on every response, the rest on everything but static files (the CSP,
 *   which depends on each document's inline scripts, is added by app/entry.server.tsx);
 * - a 405 with `Allow` for any method but GET and HEAD, before a request reaches Remix (which
 *   would answer TRACE with a 500);
 * - requests addressed to one fixed origin: pages take absolute URLs from SITE_URL, so the Host
 *   and X-Forwarded-Host headers are never trusted or even parsed (a malformed Host made
 *   @remix-run/express answer 500);
 * - build assets precompressed with Brotli at its highest level (scripts/precompress.mjs), sent to
 *   browsers that accept it; everything else is compressed on the fly;
 * - a page cache: a page is the same bytes for a given URL and build, so the last PAGE_CACHE_SIZE
 *   publicly cacheable 200 responses to URLs without a query are kept in memory and served like
 *   static files (queries are endless: /selects?artists=… alone could push every page out);
 * - plain-text errors without stack traces (Express answers a malformed URL with 400), a 5xx marked
 *   `no-store` so no shared cache keeps it (see docs/deploy.md for the cache in front);
 * - a graceful shutdown: on SIGTERM or SIGINT, requests in flight finish, then the process exits 0.
 *
 * Environment: PORT (default 3000), HOST (default: all interfaces), NODE_ENV, SITE_URL (read by
 * the app), PAGE_CACHE_SIZE (default 200 pages; 0 turns the cache off).
 */
import { readdir } from "node:fs/promises";
import http from "node:http";
import path from "node:path";

import { createRequestHandler, installGlobals, writeReadableStreamToWritable } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";

const ROOT = import.meta.dirname;
const PORT = Number(process.env.PORT || 3000);
const HOST = process.env.HOST || undefined;
const PAGE_CACHE_SIZE = Number(process.env.PAGE_CACHE_SIZE ?? 200);
const ALLOWED_METHODS = "GET, HEAD";
/** Requests are addressed here; the app never reads the origin back (see SITE_URL). */
const REQUEST_ORIGIN = "http://localhost";
/** Past this, connections still open are cut so the process always exits within 10 s. */
const SHUTDOWN_DEADLINE_MS = 8_000;

/**
 * Headers for everything the app answers (pages, redirects, errors). Static files get only
 * nosniff: the rest govern documents, and a dozen scripts per page would each carry ~350 bytes.
 */
const PAGE_HEADERS = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "Cross-Origin-Opener-Policy": "same-origin",
  "X-Frame-Options": "DENY",
};

// The static layer's MIME table predates AVIF; without this, the image ladders go out as octet-stream.
express.static.mime.define({ "image/avif": ["avif"] });

process.env.NODE_ENV ??= "production";
installGlobals({ nativeFetch: true });
const build = await import(path.join(ROOT, "build/index.js"));
const handleRemixRequest = createRequestHandler(build, process.env.NODE_ENV);
const ASSETS_DIR = path.join(ROOT, build.assetsBuildDirectory);
const ASSET_CACHE = { immutable: true, maxAge: "1y" };
/** Asset path under the build's public path → its Brotli copy. */
const brotliCopies = new Map(
  (await readdir(ASSETS_DIR, { recursive: true }))
    .filter((file) => file.endsWith(".br"))
    .map((file) => [`/${file.slice(0, -".br".length).split(path.sep).join("/")}`, path.join(ASSETS_DIR, file)]),
);
/** URL → { status, headers, body }, oldest first, so the first key is the one to evict. */
const pageCache = new Map();

function toFetchRequest(req, res) {
  // An origin-form target ("/path?query") is appended as it is, so "//x" stays a path; anything
  // else (absolute-form, "*") is resolved and only its path and query are kept.
  const target = req.originalUrl.startsWith("/")
    ? new URL(REQUEST_ORIGIN + req.originalUrl)
    : new URL(req.originalUrl, REQUEST_ORIGIN);
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const controller = new AbortController();
  // "close" also follows a finished response: only a client that left before the end aborts the work.
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return new Request(REQUEST_ORIGIN + target.pathname + target.search, {
    method: req.method,
    headers,
    signal: controller.signal,
  });
}

/** What the page cache keeps: a full 200 answer to a GET without a query that the app marked public. */
function isCacheable(req, response) {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return (
    PAGE_CACHE_SIZE > 0 &&
    req.method === "GET" &&
    !req.originalUrl.includes("?") &&
    response.status === 200 &&
    /\bpublic\b/.test(cacheControl)
  );
}

async function remixHandler(req, res, next) {
  try {
    const cached = pageCache.get(req.originalUrl);
    if (cached) {
      pageCache.delete(req.originalUrl);
      pageCache.set(req.originalUrl, cached);
      // res.send answers 304 itself when the request's If-None-Match names the cached ETag.
      return res.status(cached.status).set(cached.headers).send(cached.body);
    }
    const response = await handleRemixRequest(toFetchRequest(req, res));
    res.status(response.status);
    for (const [name, value] of response.headers) res.append(name, value);
    if (isCacheable(req, response)) {
      const body = Buffer.from(await response.arrayBuffer());
      pageCache.set(req.originalUrl, {
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body,
      });
      if (pageCache.size > PAGE_CACHE_SIZE) pageCache.delete(pageCache.keys().next().value);
      return res.end(body);
    }
    if (response.body) await writeReadableStreamToWritable(response.body, res);
    else res.end();
  } catch (error) {
    next(error);
  }
}

const app = express();
app.disable("x-powered-by");
// Health checks (a load balancer's or Varnish's probes, every second) would drown the requests.
app.use(morgan("tiny", { skip: (req) => req.path === "/healthz" }));
app.use((req, res, next) => {
  res.set("X-Content-Type-Options", "nosniff");
  if (req.method === "GET" || req.method === "HEAD") return next();
  res.set(PAGE_HEADERS);
  res.set("Allow", ALLOWED_METHODS);
  sendText(res, 405, `This site is read-only: use ${ALLOWED_METHODS}.`);
});
app.use(compression());
app.use(
  build.publicPath,
  sendBrotliCopy,
  express.static(ASSETS_DIR, { ...ASSET_CACHE, index: false, redirect: false }),
);
// Media keep their names across deploys, so caches revalidate them after 30 days rather than a year;
// an operator who replaces a file under the same name purges the CDN (see the README).
app.use(express.static(path.join(ROOT, "public"), { maxAge: "30d", index: false, redirect: false }));
app.use((req, res, next) => {
  res.set(PAGE_HEADERS);
  next();
});
app.all("*", remixHandler);
// Express's own errors: a malformed URL is a 400; anything else is logged, never shown.
app.use((error, req, res, next) => {
  const status = error.status >= 400 && error.status < 500 ? error.status : 500;
  if (status === 500) console.error(error);
  if (res.headersSent) return next(error);
  sendText(res, status);
});

/** A build asset's Brotli copy, when there is one and the client accepts `br` (compression skips it). */
function sendBrotliCopy(req, res, next) {
  const copy = brotliCopies.get(req.path);
  if (!copy || !req.acceptsEncodings("br")) return next();
  res.set({ "Content-Encoding": "br", Vary: "Accept-Encoding" });
  res.type(path.extname(req.path));
  res.sendFile(copy, ASSET_CACHE, (error) => error && next(error));
}

function sendText(res, status, detail) {
  const line = `${status} ${http.STATUS_CODES[status]}`;
  // A shared cache must never keep a server error (see SERVER_ERROR_CACHE_CONTROL in http.server.ts).
  if (status >= 500) res.set("Cache-Control", "no-store");
  res
    .status(status)
    .type("text/plain")
    .send(detail ? `${line}\n${detail}\n` : `${line}\n`);
}

const server = app.listen(PORT, HOST, () => {
  console.log(`Listening on http://${HOST ?? "localhost"}:${PORT}`);
});

// CONNECT never reaches Express; answer it rather than dropping the connection.
server.on("connect", (req, socket) => {
  socket.end(`HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOWED_METHODS}\r\nContent-Length: 0\r\n\r\n`);
});

function shutdown(signal) {
  console.log(`${signal}: finishing requests in flight, then exiting`);
  server.close(() => process.exit(0));
  // Keep-alive connections become idle as their last response ends; close them as they do.
  setInterval(() => server.closeIdleConnections(), 100).unref();
  setTimeout(() => server.closeAllConnections(), SHUTDOWN_DEADLINE_MS).unref();
}
process.once("SIGTERM", shutdown);
process.once("SIGINT", shutdown);
