/**
 * An event body as a page posts it (model/analytics-event.ts: Plausible's shape, long or short keys,
 * as JSON sent as application/json or text/plain), checked field by field. Anything else is refused
 * with a reason, and nothing of it is kept. Written by hand rather than with zod: zod is a build-time
 * dependency here, and the public server would have to ship it for a dozen checks.
 */
import { ARTIST_URL_TYPE } from "#model/artist-lists.ts";
import { MAX_EVENT_BYTES, MAX_SELECTS, TWENTIETHS } from "#model/analytics-event.ts";
import { isSlug } from "#model/content-files.ts";
import { isLinkToken, LINK_PARAM, LINK_TOKEN_LENGTH } from "#model/shortlist-url.ts";
import { EVENT_NAMES, type AnalyticsEvent, type EventName } from "./types.ts";

/** An event as taken, before the server stamps it with the time and the visitor's hash. */
export type TakenEvent = Omit<AnalyticsEvent, "at" | "day" | "visitor">;

/**
 * A taken event, with the page's URL and its referrer's as sent (for forwarding) less any recipient
 * link's token, and that token apart (the collector counts the event for its link too), or the
 * reason it was refused.
 */
export type Parsed =
  | { ok: true; event: TakenEvent; url: string; referrer: string | null; token: string | null }
  | { ok: false; reason: string };

const PLAY_ID = /^[A-Za-z0-9-]{8,64}$/;
const HOST_NAME = /^[A-Za-z0-9.-]{1,253}$/;
const MAX_URL_LENGTH = 2048;
/** No film on this site is a day long: a larger figure is a forged one. */
const MAX_SECONDS = 86_400;
/** An artist's page; its last part is her id when it is a slug (isSlug's, as every content id is). */
const ARTIST_PATH = new RegExp(`^/artists/(?:${Object.values(ARTIST_URL_TYPE).join("|")})/([^/]+)/?$`);

/** The content types a page's beacon sends (text/plain: sendBeacon's string, no CORS preflight). */
export function acceptsType(contentType: string | undefined): boolean {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  return type === "application/json" || type === "text/plain";
}

class Refusal extends Error {}
const refuse = (reason: string): never => {
  throw new Refusal(reason);
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The long key's value, or the short key's (Plausible takes both). */
const field = (body: Record<string, unknown>, long: string, short: string): unknown => body[long] ?? body[short];

function text(value: unknown, name: string, max = MAX_URL_LENGTH): string {
  if (typeof value !== "string" || value.length === 0 || value.length > max)
    refuse(`${name} must be a string of 1 to ${max} characters`);
  return value as string;
}

function webUrl(value: unknown, name: string): URL {
  const url = URL.canParse(text(value, name)) ? new URL(value as string) : refuse(`${name} must be an absolute URL`);
  if (url.protocol !== "https:" && url.protocol !== "http:") refuse(`${name} must be an http or https URL`);
  return url;
}

function slug(value: unknown, name: string): string {
  if (!isSlug(value)) refuse(`props.${name} must be a slug`);
  return value as string;
}

function seconds(value: unknown, name: string): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > MAX_SECONDS)
    refuse(`props.${name} must be a number of seconds from 0 to ${MAX_SECONDS}`);
  return value as number;
}

/** "a,b,c": slugs, at most MAX_SELECTS (a shortlist's, or a reel's spots' artists), each once, sorted (so one list has one key). */
function idList(value: unknown, name: string, { empty }: { empty: boolean }): string {
  if (typeof value !== "string") return refuse(`props.${name} must be a string`);
  if (value === "" && empty) return value;
  const ids = value.split(",");
  const sorted = [...new Set(ids)].sort();
  if (ids.length > MAX_SELECTS || !ids.every(isSlug) || sorted.join() !== value)
    refuse(`props.${name} must be at most ${MAX_SELECTS} sorted, distinct slugs joined by commas`);
  return value;
}

function propsOf(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  // Plausible's tracker sends props as a JSON string in its short form.
  const props = typeof value === "string" ? parseJson(value, "props") : value;
  if (!isRecord(props)) refuse("props must be an object");
  return props as Record<string, unknown>;
}

function parseJson(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return refuse(`${name} is not JSON`);
  }
}

const NOTHING = { artist: null, reel: null, play: null, seconds: null, duration: null, twentieths: null, spots: null };

function eventOf(name: EventName, url: URL, referrer: string | null, props: Record<string, unknown>): TakenEvent {
  const base = { ...NOTHING, name, path: url.pathname, referrer, ended: false, shortlist: null };
  switch (name) {
    case "pageview":
      return { ...base, artist: artistOf(url.pathname) };
    case "play":
      return { ...base, reel: slug(props.reel, "reel"), play: playId(props.play) };
    case "progress": {
      const duration = seconds(props.duration, "duration");
      const played = seconds(props.seconds, "seconds");
      if (duration === 0) refuse("props.duration must be more than 0");
      // The played ranges' union cannot be longer than the film (a second's slack for rounding).
      if (played > duration + 1) refuse("props.seconds must not exceed props.duration");
      const twentieths = props.twentieths;
      if (typeof twentieths !== "string" || !new RegExp(`^[01]{${TWENTIETHS}}$`).test(twentieths))
        refuse(`props.twentieths must be ${TWENTIETHS} characters of 0 or 1`);
      if (typeof props.ended !== "boolean") refuse("props.ended must be true or false");
      return {
        ...base,
        reel: slug(props.reel, "reel"),
        play: playId(props.play),
        seconds: Math.min(played, duration),
        duration,
        twentieths: twentieths as string,
        spots: idList(props.spots, "spots", { empty: true }),
        ended: props.ended as boolean,
      };
    }
    case "shortlist":
      return { ...base, shortlist: idList(props.key, "key", { empty: false }) };
  }
}

function artistOf(path: string): string | null {
  const id = ARTIST_PATH.exec(path)?.[1];
  return isSlug(id) ? id : null;
}

/** A recipient link's token, when the event carries one. */
function tokenOf(value: unknown): string | null {
  if (value === undefined) return null;
  if (!isLinkToken(value))
    refuse(`props.link must be a link's token: ${LINK_TOKEN_LENGTH} letters, digits, hyphens or underscores`);
  return value as string;
}

/** `url` without a recipient link's token: nobody but the store's link tables learns it. */
function withoutToken(url: URL): string {
  if (!url.searchParams.has(LINK_PARAM)) return url.href;
  const plain = new URL(url);
  plain.searchParams.delete(LINK_PARAM);
  return plain.href;
}

function playId(value: unknown): string {
  if (typeof value !== "string" || !PLAY_ID.test(value))
    refuse("props.play must be 8 to 64 letters, digits or hyphens");
  return value as string;
}

/** Reads a body of at most MAX_EVENT_BYTES (the caller refuses a longer one with 413). */
export function parseEvent(raw: Uint8Array): Parsed {
  try {
    if (raw.byteLength > MAX_EVENT_BYTES) refuse(`the body is over ${MAX_EVENT_BYTES} bytes`);
    let decoded = "";
    try {
      decoded = new TextDecoder("utf-8", { fatal: true }).decode(raw);
    } catch {
      refuse("the body is not UTF-8");
    }
    const body = parseJson(decoded, "the body");
    if (!isRecord(body)) return refuse("the body must be a JSON object");
    const name = field(body, "name", "n");
    if (!EVENT_NAMES.includes(name as EventName)) refuse(`name must be one of ${EVENT_NAMES.join(", ")}`);
    const url = webUrl(field(body, "url", "u"), "url");
    // The domain names a site in Plausible; here there is one site, so it is only checked for shape.
    const domain = text(field(body, "domain", "d"), "domain", 253);
    if (!HOST_NAME.test(domain)) refuse("domain must be a host name");
    const referrerValue = field(body, "referrer", "r");
    const referrer =
      referrerValue === undefined || referrerValue === null || referrerValue === "" ? null : referrerValue;
    const referrerUrl = referrer === null ? null : webUrl(referrer, "referrer");
    const props = propsOf(field(body, "props", "p"));
    const event = eventOf(
      name as EventName,
      url,
      // Only another site's host is kept: a link inside the site says nothing a pageview does not.
      referrerUrl && referrerUrl.host !== url.host ? referrerUrl.host : null,
      props,
    );
    return {
      ok: true,
      event,
      url: withoutToken(url),
      referrer: referrerUrl && withoutToken(referrerUrl),
      token: tokenOf(props.link),
    };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.message };
    throw error;
  }
}
