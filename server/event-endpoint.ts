/**
 * `POST /api/event`: the pages' events (docs/privacy.md). Answers 202 to what it takes and to what
 * it does not count (bots, a visitor's Sec-GPC or DNT), 400 to a body it cannot read, 413 past
 * MAX_EVENT_BYTES. Nothing of a refused body is kept, and no answer sets a cookie.
 */
import express, { type RequestHandler } from "express";
import { isbot } from "isbot";

import { acceptsType, parseEvent } from "#analytics/event.ts";
import type { Collector } from "#analytics/collector.ts";
import { MAX_EVENT_BYTES } from "#model/analytics-event.ts";
import { sendText } from "./http-policy.ts";
import type { EventOutcome } from "./metrics.ts";

/** Whether the visitor asked not to be tracked: Global Privacy Control, or the older Do Not Track. */
const optedOut = (headers: Record<string, string | string[] | undefined>) =>
  headers["sec-gpc"] === "1" || headers.dnt === "1";

export interface EventEndpointOptions {
  /** Where events go; none when counting is off (ANALYTICS=off): everything is then ignored. */
  collector: Collector | undefined;
  /** Hears each event's outcome (server/metrics.ts). */
  count: (outcome: EventOutcome) => void;
  /** Hears of an event lost to the store's failure. */
  failed: (error: unknown) => void;
}

/**
 * The endpoint's handlers: the body read as bytes up to the limit, then the event taken.
 * body-parser answers 413 past the limit and 400 to a body it cannot read; an encoded body (which
 * no page sends) is refused with 400 too, rather than its 415.
 */
export function eventEndpoint({ collector, count, failed }: EventEndpointOptions): RequestHandler[] {
  const raw = express.raw({ type: () => true, limit: MAX_EVENT_BYTES, inflate: false });
  const readBody: RequestHandler = (req, res, next) =>
    raw(req, res, (error?: { status?: number }) => {
      if (!error) return next();
      count("refused");
      if (error.status === 415) return sendText(res, 400, "An event is sent without Content-Encoding.");
      next(error);
    });
  const take: RequestHandler = async (req, res) => {
    res.set("Cache-Control", "no-store");
    const userAgent = req.get("user-agent") ?? "";
    if (!collector || !userAgent || isbot(userAgent) || optedOut(req.headers)) {
      count("ignored");
      return void res.status(202).end();
    }
    if (!acceptsType(req.get("content-type"))) {
      count("refused");
      return sendText(res, 400, "An event is JSON, sent as application/json or text/plain.");
    }
    const parsed = parseEvent(Buffer.isBuffer(req.body) ? req.body : new Uint8Array());
    if (!parsed.ok) {
      count("refused");
      return sendText(res, 400, `Not an event: ${parsed.reason}.`);
    }
    try {
      await collector.take(parsed.event, parsed.url, parsed.referrer, { ip: req.ip ?? "", userAgent });
      count("taken");
      res.status(202).end();
    } catch (error) {
      // The store could not give the day's salt: the event is lost, and the page need not know.
      count("dropped");
      res.status(202).end();
      failed(error);
    }
  };
  return [readBody, take];
}

/**
 * TRUST_PROXY as Express's "trust proxy" takes it: a count of proxies in front ("1"), or their
 * addresses and subnets ("loopback", "10.0.0.0/8, 127.0.0.1"); unset, none. "true" (believe any
 * X-Forwarded-For) is refused: a visitor could then pass for anyone by sending the header.
 */
export function trustProxySetting(value: string | undefined): number | string | false {
  if (value === undefined || value.trim() === "") return false;
  if (/^\d+$/.test(value.trim())) return Number(value);
  if (/^(true|false)$/i.test(value.trim()))
    throw new Error(
      `TRUST_PROXY: "${value}" is not taken: give the number of proxies in front (1 for a Varnish or a load balancer), or their addresses ("loopback", "10.0.0.0/8")`,
    );
  return value;
}
