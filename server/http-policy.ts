/**
 * The site's HTTP policy: nosniff everywhere and the hardening headers on pages, a 405 for any
 * method but GET and HEAD, one fixed request origin (Host is never read), plain-text errors and
 * `no-store` on a 5xx. Why each: docs/deploy.md, "Security and reliability".
 */
import http from "node:http";
import type { Duplex } from "node:stream";

import type {
  ErrorRequestHandler,
  Request as ExpressRequest,
  RequestHandler,
  Response as ExpressResponse,
} from "express";

import { SERVER_ERROR_CACHE_CONTROL } from "#app/lib/http.server.ts";

export const ALLOWED_METHODS = "GET, HEAD";
/** Requests are addressed here; the app never reads the origin back (see SITE_URL). */
export const REQUEST_ORIGIN = "http://localhost";

/**
 * Headers for everything the app answers (pages, redirects, errors). Static files get only
 * nosniff: the rest govern documents, and a dozen scripts per page would each carry ~350 bytes.
 * Written out rather than taken from helmet: five fixed headers are shorter than the options that
 * would switch helmet's other defaults off, and helmet has no Permissions-Policy.
 */
const PAGE_HEADERS = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "Cross-Origin-Opener-Policy": "same-origin",
  "X-Frame-Options": "DENY",
};

const NOSNIFF = ["X-Content-Type-Options", "nosniff"] as const;

/** nosniff on every answer; any method but GET and HEAD gets a 405 before anything else runs. */
export const readOnly: RequestHandler = (req, res, next) => {
  res.setHeader(...NOSNIFF);
  if (req.method === "GET" || req.method === "HEAD") return next();
  res.set(PAGE_HEADERS);
  res.set("Allow", ALLOWED_METHODS);
  sendText(res, 405, `This site is read-only: use ${ALLOWED_METHODS}.`);
};

/** The hardening headers, for what comes after the static files. */
export const pageHeaders: RequestHandler = (_req, res, next) => {
  for (const [name, value] of PAGE_HEADER_LIST) res.setHeader(name, value);
  next();
};
const PAGE_HEADER_LIST = Object.entries(PAGE_HEADERS);

/** The policy's headers on a page, in the order the two above set them: what a page replayed from the cache carries first. */
export const PAGE_POLICY_HEADERS: readonly (readonly [string, string])[] = [NOSNIFF, ...PAGE_HEADER_LIST];

/**
 * Express's own errors: a 4xx (a malformed URL is a 400) is answered as it is; anything else is
 * logged (the request's line in log.ts carries `res.err` with its stack), never shown.
 */
export const plainTextErrors: ErrorRequestHandler = (error: { status?: number }, _req, res, next) => {
  const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
  if (status === 500) res.err = error as Error;
  if (res.headersSent) return next(error);
  sendText(res, status);
};

/** CONNECT never reaches Express (Node emits it on the server): answer it rather than dropping the connection. */
export function refuseConnect(_req: http.IncomingMessage, socket: Duplex): void {
  socket.end(`HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOWED_METHODS}\r\nContent-Length: 0\r\n\r\n`);
}

export function sendText(res: ExpressResponse, status: number, detail?: string): void {
  const line = `${status} ${http.STATUS_CODES[status]}`;
  if (status >= 500) res.set("Cache-Control", SERVER_ERROR_CACHE_CONTROL);
  res
    .status(status)
    .type("text/plain")
    .send(detail ? `${line}\n${detail}\n` : `${line}\n`);
}

/**
 * The Fetch request Remix renders: the request's path and query on the fixed origin, its headers
 * as sent, and a signal that aborts only when the client leaves before the response has finished.
 * `unconditional` drops If-None-Match, so the app renders the whole page for the page cache to keep
 * (which then answers the condition itself, per encoding).
 */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse, { unconditional = false } = {}): Request {
  // An origin-form target ("/path?query") is appended as it is, so "//x" stays a path; anything
  // else (absolute-form, "*") is resolved and only its path and query are kept.
  const target = req.originalUrl.startsWith("/")
    ? new URL(REQUEST_ORIGIN + req.originalUrl)
    : new URL(req.originalUrl, REQUEST_ORIGIN);
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  if (unconditional) headers.delete("If-None-Match");
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
