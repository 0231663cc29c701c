/**
 * The production server (`npm start`). It is built from the same parts as remix-serve (Express,
 * compression, morgan, @remix-run/express) and adds what remix-serve has no hook for:
 *
 * - security headers on every response, static files included (the CSP, which depends on each
 *   document's inline scripts, is added by app/entry.server.tsx);
 * - a 405 with `Allow` for any method but GET and HEAD, before a request reaches Remix (which
 *   would answer TRACE with a 500);
 * - plain-text errors without stack traces (Express answers a malformed URL with 400);
 * - a graceful shutdown: on SIGTERM or SIGINT, requests in flight finish, then the process exits 0.
 *
 * Environment: PORT (default 3000), HOST (default: all interfaces), NODE_ENV, SITE_URL (read by the app).
 */
import http from "node:http";
import path from "node:path";

import { createRequestHandler } from "@remix-run/express";
import { installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";

const ROOT = import.meta.dirname;
const PORT = Number(process.env.PORT || 3000);
const HOST = process.env.HOST || undefined;
const ALLOWED_METHODS = "GET, HEAD";
/** Past this, connections still open are cut so the process always exits within 10 s. */
const SHUTDOWN_DEADLINE_MS = 8_000;

const SECURITY_HEADERS = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy":
    "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "Cross-Origin-Opener-Policy": "same-origin",
  "X-Frame-Options": "DENY",
};

process.env.NODE_ENV ??= "production";
installGlobals({ nativeFetch: true });
const build = await import(path.join(ROOT, "build/index.js"));

const app = express();
app.disable("x-powered-by");
app.use(morgan("tiny"));
app.use((req, res, next) => {
  res.set(SECURITY_HEADERS);
  if (req.method === "GET" || req.method === "HEAD") return next();
  res.set("Allow", ALLOWED_METHODS);
  sendText(res, 405, `This site is read-only: use ${ALLOWED_METHODS}.`);
});
app.use(compression());
app.use(
  build.publicPath,
  express.static(path.join(ROOT, build.assetsBuildDirectory), {
    immutable: true,
    maxAge: "1y",
    index: false,
    redirect: false,
  }),
);
// Media keep their names across deploys, so caches revalidate them after 30 days rather than a year;
// an operator who replaces a file under the same name purges the CDN (see the README).
app.use(express.static(path.join(ROOT, "public"), { maxAge: "30d", index: false, redirect: false }));
app.all("*", createRequestHandler({ build, mode: process.env.NODE_ENV }));
// Express's own errors: a malformed URL is a 400; anything else is logged, never shown.
app.use((error, req, res, next) => {
  const status = error.status >= 400 && error.status < 500 ? error.status : 500;
  if (status === 500) console.error(error);
  if (res.headersSent) return next(error);
  sendText(res, status);
});

function sendText(res, status, detail) {
  const line = `${status} ${http.STATUS_CODES[status]}`;
  res.status(status).type("text/plain").send(detail ? `${line}\n${detail}\n` : `${line}\n`);
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
