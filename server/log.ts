/**
 * The server's log: one JSON line per event on standard output (pino), so a log pipeline reads it
 * without a parser of its own. Each request gets one line (pino-http) carrying its id, which the
 * answer repeats as X-Request-Id, so a visitor's report or a proxy's log leads to the line. The
 * visitor's address is logged at the debug level only, and a recipient link's token never (docs/privacy.md).
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

import type { RequestHandler } from "express";
import { type DestinationStream, type Logger, pino } from "pino";
import { pinoHttp } from "pino-http";

import { LINK_PARAM } from "#model/shortlist-url.ts";

export type { Logger };

/** A logger at `level` (pino's: trace, debug, info, warn, error, fatal, silent) writing to `destination`. */
export function createLogger({
  level = "info",
  destination,
}: { level?: string; destination?: DestinationStream } = {}) {
  return pino({ level }, destination);
}

/** The level from LOG_LEVEL, "info" by default (pino refuses an unknown one). */
export function logLevel(env: Record<string, string | undefined>): string {
  return env.LOG_LEVEL || "info";
}

/** A request id a client or proxy may choose: a short token, nothing a log line could be forged with. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The incoming X-Request-Id when it is a sane token, else a new UUID. */
export function requestId(incoming: string | string[] | undefined): string {
  return typeof incoming === "string" && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * The request's id (requestId), sent back as X-Request-Id to a proxy or CDN that sent one (its own,
 * or the id that replaced an unfit one). A browser sends none: its twenty-odd requests a page are
 * spared 50 bytes each.
 */
export function requestIdOf(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers["x-request-id"];
  const id = requestId(incoming);
  if (incoming !== undefined) res.setHeader("X-Request-Id", id);
  return id;
}

/** The path of a request's target, without its query. */
const pathOf = (req: IncomingMessage) => req.url?.split("?", 1)[0];

/**
 * `url` (a request's target) with the value of each recipient link parameter (`link=`) written as
 * `[redacted]`: the token stands for the one buyer it was made for. Everything else is kept as sent,
 * byte for byte; a parameter's name is read as URLSearchParams reads it, so `%6Cink=` is one too.
 */
export function redactedUrl(url: string): string {
  const start = url.indexOf("?");
  if (start === -1) return url;
  const pairs = url
    .slice(start + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals === -1) return pair;
      const [name] = new URLSearchParams(pair.slice(0, equals)).keys();
      return name === LINK_PARAM ? `${pair.slice(0, equals)}=[redacted]` : pair;
    });
  return `${url.slice(0, start + 1)}${pairs.join("&")}`;
}

/**
 * One line per answered request: its id, method, URL, status and time taken; a 5xx at the error
 * level, with the error and its stack when one was thrown. Health checks (a load balancer's or
 * Varnish's probes, every second) would drown the rest and are left out.
 */
export function requestLogger(log: Logger): RequestHandler {
  const withAddress = log.isLevelEnabled("debug");
  return pinoHttp({
    logger: log,
    genReqId: requestIdOf,
    autoLogging: { ignore: (req) => pathOf(req) === "/healthz" },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
    // No headers: they would double the line, and carry what the privacy notice says is not kept.
    serializers: {
      req: (req: { id: string; method: string; url: string; remoteAddress?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactedUrl(req.url),
        ...(withAddress && { remoteAddress: req.remoteAddress }),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
