/**
 * Forwarding each taken event to the operator's own Plausible or Umami (docs/deploy.md,
 * "Analytics"), with the visitor's user agent and address as those services count visitors by
 * them. Fire and forget: a slow or failing service never holds the page's answer, and at most
 * MAX_IN_FLIGHT forwards wait at once (the rest are dropped and counted).
 */
import type { TakenEvent } from "./event.ts";

export type ForwardSettings =
  { kind: "plausible"; url: string; domain: string } | { kind: "umami"; url: string; website: string; domain: string };

const MAX_IN_FLIGHT = 64;
const TIMEOUT_MS = 5_000;

/**
 * ANALYTICS_FORWARD_URL (the service's event endpoint), ANALYTICS_FORWARD_KIND (plausible, the
 * default, or umami), ANALYTICS_FORWARD_DOMAIN (the site's name there; `siteHost` by default) and,
 * for Umami, ANALYTICS_UMAMI_WEBSITE (its website id). Undefined when no URL is set.
 */
export function forwardSettings(
  env: Readonly<Record<string, string | undefined>>,
  siteHost: string,
): ForwardSettings | undefined {
  const url = env.ANALYTICS_FORWARD_URL;
  if (!url) return undefined;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    throw new Error(`ANALYTICS_FORWARD_URL: "${url}" is not an http or https URL`);
  const domain = env.ANALYTICS_FORWARD_DOMAIN || siteHost;
  const kind = env.ANALYTICS_FORWARD_KIND || "plausible";
  if (kind === "plausible") return { kind, url, domain };
  if (kind !== "umami") throw new Error(`ANALYTICS_FORWARD_KIND: "${kind}" is neither plausible nor umami`);
  const website = env.ANALYTICS_UMAMI_WEBSITE;
  if (!website) throw new Error("ANALYTICS_UMAMI_WEBSITE: Umami needs its website id to take events");
  return { kind, url, website, domain };
}

/** The event's props as the page sent them, checked (never whatever else a body carried). */
function propsOf(event: TakenEvent): Record<string, string | number | boolean> | undefined {
  const { name, reel, play, seconds, duration, twentieths, spots, ended, shortlist } = event;
  if (name === "play") return { reel: reel!, play: play! };
  if (name === "progress")
    return {
      reel: reel!,
      play: play!,
      seconds: seconds!,
      duration: duration!,
      twentieths: twentieths!,
      spots: spots!,
      ended,
    };
  if (name === "shortlist") return { key: shortlist! };
  return undefined;
}

/** The body each service takes: Plausible's event API, Umami's /api/send. */
export function forwardBody(settings: ForwardSettings, event: TakenEvent, url: string, referrer: string | null) {
  const props = propsOf(event);
  if (settings.kind === "plausible")
    return { name: event.name, url, domain: settings.domain, referrer, ...(props ? { props } : {}) };
  const { pathname, search } = new URL(url);
  return {
    type: "event",
    payload: {
      website: settings.website,
      hostname: settings.domain,
      url: pathname + search,
      referrer: referrer ?? "",
      // Umami counts a page view when the event has no name.
      ...(event.name === "pageview" ? {} : { name: event.name, data: props }),
    },
  };
}

export interface Visitor {
  ip: string;
  userAgent: string;
}

/** A forwarder for `settings`; `failed` hears of each event that could not be forwarded. */
export function forwarder(settings: ForwardSettings, failed: (why: "busy" | "error") => void) {
  let inFlight = 0;
  return (event: TakenEvent, url: string, referrer: string | null, { ip, userAgent }: Visitor) => {
    if (inFlight >= MAX_IN_FLIGHT) return failed("busy");
    inFlight++;
    fetch(settings.url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": userAgent, "x-forwarded-for": ip },
      body: JSON.stringify(forwardBody(settings, event, url, referrer)),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
      .then((response) => {
        if (!response.ok) failed("error");
        return response.body?.cancel();
      })
      .catch(() => failed("error"))
      .finally(() => inFlight--);
  };
}
