/**
 * What a page sends to count a visit (app/analytics/ sends it; analytics/event.ts takes it): Plausible's
 * event shape, so an operator's own Plausible can take the same events (docs/privacy.md).
 */

/** Where pages send their events: the site's own origin, never a third party. */
export const EVENT_PATH = "/api/event";

/** The largest event body taken; a larger one is refused with 413. */
export const MAX_EVENT_BYTES = 8 * 1024;

/**
 * How long what is counted is kept (docs/privacy.md): the events themselves this many days unless
 * `ANALYTICS_RETENTION_DAYS` says otherwise (analytics/settings.ts)…
 */
export const DEFAULT_RETENTION_DAYS = 90;
/** …and each day's figures this many months: the Views page asks for no longer a range (edit/views/range.ts). */
export const FIGURES_KEPT_MONTHS = 25;

/** What a link's visit did is kept this many days, unless ANALYTICS_RECIPIENT_RETENTION_DAYS says otherwise. */
export const DEFAULT_RECIPIENT_RETENTION_DAYS = 90;

/** A film's length is cut in this many equal parts; a play's progress says which of them it played. */
export const TWENTIETHS = 20;

/** The most artists a shortlist holds: the selects page shows and keeps this many, the endpoint takes no more. */
export const MAX_SELECTS = 50;

/**
 * A shortlist's key, the one the endpoint takes (analytics/event.ts): the first MAX_SELECTS of `ids`,
 * each once, sorted, joined by commas.
 */
export const shortlistKey = (ids: readonly string[]): string =>
  [...new Set(ids)].slice(0, MAX_SELECTS).sort().join(",");

/**
 * The props each event carries. Values are strings, numbers or booleans, as Plausible's props are.
 * - pageview: none (the artist is read from the URL).
 * - play: the visitor pressed play on a reel.
 * - progress: how much of that play has been watched so far, sent on pause, end, the page hidden or
 *   left, and the player's disposal; each one carries everything played so far.
 * - shortlist: a shortlist link (`/selects?artists=…`) opened.
 */
export interface EventProps {
  pageview: Record<string, never>;
  play: { reel: string; play: string };
  progress: {
    reel: string;
    play: string;
    /** Seconds played, overlaps counted once. */
    seconds: number;
    /** The film's duration in seconds. */
    duration: number;
    /** TWENTIETHS characters of "0" or "1": which twentieths of the film were played (at least half of each). */
    twentieths: string;
    /** The artists of whose spots at least half was played, sorted, comma-separated ("" for none). */
    spots: string;
    ended: boolean;
  };
  shortlist: { key: string };
}

/**
 * Any event of a visit that began on a recipient link's page carries its token too, in that page's
 * memory only (never stored in the browser); the endpoint refuses a `link` that is not LINK_TOKEN's shape.
 */
export interface LinkProps {
  link?: string;
}

/** The body a page posts, in Plausible's long keys (its short ones, n/u/d/r/p, are taken too). */
export interface EventBody<Name extends keyof EventProps = keyof EventProps> {
  name: Name;
  /** The page's full URL. */
  url: string;
  /** The site's host name. */
  domain: string;
  referrer: string | null;
  props?: EventProps[Name] & LinkProps;
}
