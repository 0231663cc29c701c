/**
 * `POST /api/event`: the pages' events (docs/privacy.md). Answers 202 to what it takes and to what
 * it does not count (bots, a visitor's Sec-GPC or DNT), 400 to a body it cannot read, 413 past
 * MAX_EVENT_BYTES. Nothing of a refused body is kept, and no answer sets a cookie.
 *
 * Answered on Node's own request, before Express (index.ts sends it here): an event is one of the
 * most frequent requests a busy site gets, and the app's path (its request log line, its metrics,
 * Express's routing and body parsing) cost about two thirds of its CPU, for nothing an event needs
 * (docs/benchmarks.md, "Analytics"). What became of each is counted in `analytics_events_total`.
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";

import { isbot } from "isbot";
import proxyAddr from "proxy-addr";
import getRawBody from "raw-body";

import type { Collector } from "#analytics/collector.ts";
import { acceptsType, parseEvent } from "#analytics/event.ts";
import { EVENT_PATH, MAX_EVENT_BYTES } from "#model/analytics-event.ts";
import type { EventOutcome } from "./metrics.ts";

export interface EventEndpointOptions {
  /** Where events go; none when counting is off (ANALYTICS=off): everything is then ignored. */
  collector: Collector | undefined;
  /** Hears each event's outcome (server/metrics.ts). */
  count: (outcome: EventOutcome) => void;
  /** Hears of an event lost to the store's failure. */
  failed: (error: unknown) => void;
  /** Which proxies may name the visitor's address (trustProxySetting). */
  trustProxy: number | string | false;
}

/** Whether `request` is a page's event: a POST to EVENT_PATH, with or without a query. */
export function isEventRequest({ method, url = "" }: IncomingMessage): boolean {
  return method === "POST" && (url === EVENT_PATH || url.startsWith(`${EVENT_PATH}?`));
}

/** Whether the visitor asked not to be tracked: Global Privacy Control, or the older Do Not Track. */
const optedOut = ({ headers }: IncomingMessage) => headers["sec-gpc"] === "1" || headers.dnt === "1";

/** Whether `request` carries a body encoded (gzip…), which no page sends. */
const encoded = ({ headers }: IncomingMessage) =>
  headers["content-encoding"] !== undefined && headers["content-encoding"].toLowerCase() !== "identity";

/** An answer with no body (202), or a plain-text reason, never cached and never a cookie. */
function answer(response: ServerResponse, status: number, reason?: string) {
  const body = reason ? `${status} ${http.STATUS_CODES[status]}\n${reason}\n` : "";
  response.writeHead(status, {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    ...(reason ? { "Content-Type": "text/plain; charset=utf-8" } : {}),
    "Content-Length": Buffer.byteLength(body),
  });
  response.end(body);
}

/** Who may name the visitor's address: as Express's "trust proxy" takes it. */
function trustOf(setting: number | string | false): (address: string, hop: number) => boolean {
  if (setting === false) return () => false;
  if (typeof setting === "number") return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting.split(",").map((entry) => entry.trim()));
}

export function eventEndpoint({ collector, count, failed, trustProxy }: EventEndpointOptions) {
  const trust = trustOf(trustProxy);

  async function take(request: IncomingMessage, response: ServerResponse) {
    const userAgent = request.headers["user-agent"] ?? "";
    if (!collector || !userAgent || isbot(userAgent) || optedOut(request)) {
      count("ignored");
      // The body is read to its end, so the connection can carry the next request.
      request.resume();
      return answer(response, 202);
    }
    if (!acceptsType(request.headers["content-type"]) || encoded(request)) {
      count("refused");
      request.resume();
      return answer(response, 400, "An event is JSON, sent as application/json or text/plain, not encoded.");
    }
    let body: Buffer;
    try {
      body = await getRawBody(request, { limit: MAX_EVENT_BYTES, length: request.headers["content-length"] });
    } catch (error) {
      count("refused");
      const tooLarge = (error as { status?: number }).status === 413;
      return answer(
        response,
        tooLarge ? 413 : 400,
        tooLarge ? `An event is at most ${MAX_EVENT_BYTES} bytes.` : "The body could not be read.",
      );
    }
    const parsed = parseEvent(body);
    if (!parsed.ok) {
      count("refused");
      return answer(response, 400, `Not an event: ${parsed.reason}.`);
    }
    try {
      const visitor = { ip: proxyAddr(request, trust), userAgent };
      await collector.take(parsed.event, parsed.url, parsed.referrer, visitor, parsed.token);
      count("taken");
    } catch (error) {
      // The store could not give the day's salt: the event is lost, and the page need not know.
      count("dropped");
      failed(error);
    }
    answer(response, 202);
  }

  return (request: IncomingMessage, response: ServerResponse) => {
    take(request, response).catch((error: unknown) => {
      failed(error);
      if (!response.headersSent) answer(response, 500);
    });
  };
}

/**
 * TRUST_PROXY as Express's "trust proxy" takes it: a count of proxies in front ("1"), or their
 * addresses and subnets ("loopback", "10.0.0.0/8, 127.0.0.1"); unset, none. "true" (believe any
 * X-Forwarded-For) is refused: a visitor could then pass for anyone by sending the header.
 */
export function trustProxySetting(value: string | undefined): number | string | false {
  if (value === undefined || value.trim() === "") return false;
  if (/^\d+$/.test(value.trim())) return Number(value);
  const hint = `give the number of proxies in front (1 for a Varnish or a load balancer), or their addresses ("loopback", "10.0.0.0/8")`;
  if (/^(true|false)$/i.test(value.trim())) throw new Error(`TRUST_PROXY: "${value}" is not taken: ${hint}`);
  try {
    trustOf(value);
  } catch (error) {
    throw new Error(`TRUST_PROXY: ${(error as Error).message}: ${hint}`);
  }
  return value;
}
