/**
 * What the site counts (docs/privacy.md): an event as it is stored once taken (event.ts makes it
 * from a page's request), and the figures the editing screen shows (figures.ts makes them).
 */

/** The events the site's pages send (app/analytics/): anything else is refused. */
export const EVENT_NAMES = ["pageview", "play", "progress", "shortlist"] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** The UTC day (YYYY-MM-DD) of a moment: the day events are counted by and figures are asked for. */
export const dayOf = (moment: number | Date): string => new Date(moment).toISOString().slice(0, 10);

/** One event as stored: nothing in it names the visitor beyond the day's hash. */
export interface AnalyticsEvent {
  /** When it was taken, in milliseconds since the epoch (the server's clock). */
  at: number;
  /** The day it was taken (UTC), YYYY-MM-DD: the visitor hash is only comparable within it. */
  day: string;
  /** The hash of the day's salt, the site, the visitor's address and user agent: 16 hex digits. */
  visitor: string;
  name: EventName;
  /** The page's path, without its query (`/artists/film/ada-rowe`, `/selects`). */
  path: string;
  /** The referring site's host, when another site sent the visitor. */
  referrer: string | null;
  /** The artist whose page this is (a pageview of `/artists/{type}/{id}`). */
  artist: string | null;
  /** play, progress: the reel's slug. */
  reel: string | null;
  /** play, progress: the play's id, random per press of play (the page's memory only). */
  play: string | null;
  /** progress: the seconds played so far, overlaps counted once (the player's `played` ranges). */
  seconds: number | null;
  /** progress: the film's duration in seconds. */
  duration: number | null;
  /** progress: which twentieths of the film were played, TWENTIETHS characters of "0" or "1". */
  twentieths: string | null;
  /** progress: the artists of whose spots at least half was played, sorted, comma-separated. */
  spots: string | null;
  /** progress: whether the play reached the film's end. */
  ended: boolean;
  /** shortlist: its key, the sorted ids of its artists, comma-separated. */
  shortlist: string | null;
}

/**
 * An event as the collector hands it to the store: with the id of the recipient link whose visit it
 * belongs to, when there is one. The store writes the event without it, and a copy for the link
 * apart (link-store.ts), so the events table never says whose visit an event was.
 */
export type CountedEvent = AnalyticsEvent & { link?: string };

/** The figures for a range of days (GET /edit/api/views): fractions from 0 to 1. */
export interface ViewFigures {
  reels: ReelFigures[];
  artists: ArtistFigures[];
  shortlists: ShortlistFigures[];
}

export interface ReelFigures {
  slug: string;
  plays: number;
  /** Each day's distinct visitors who played it, summed over the days (a visitor hash lasts a day). */
  visitors: number;
  /** The mean, over plays, of the share of the film played. */
  averageWatched: number;
  /** The share of plays that reached the end. */
  finishRate: number;
  /** For each twentieth of the film, the share of plays that played it: TWENTIETHS numbers. */
  curve: number[];
}

export interface ArtistFigures {
  id: string;
  /** Views of the artist's page. */
  views: number;
  /** Plays of any reel that played at least half of one of the artist's spots. */
  spotViews: number;
}

export interface ShortlistFigures {
  /** The sorted ids of its artists, comma-separated. */
  key: string;
  opens: number;
  /** When it was last opened, as an ISO 8601 timestamp. */
  lastOpened: string;
  /** Each of its artists, with the views of their page that followed an opening the same day by the same visitor. */
  artists: { id: string; views: number }[];
}

/**
 * A link made for one recipient (docs/privacy.md, "Links for one buyer"): a shortlist's URL with a
 * random token, and what the visits it opened did, for GET /edit/api/links.
 */
export interface RecipientLink {
  /** The link's own id, for revoking it; not its token. */
  id: string;
  /** The token its URL carries (LINK_TOKEN's shape). */
  token: string;
  /** Whom it was made for, in the agent's words ("Juniper Films — Sam"). */
  recipient: string;
  /** The shortlist's artists, in the order the link lists them. */
  artists: string[];
  /** When it was made, and when it stops counting (none: until revoked), in milliseconds since the epoch. */
  created: number;
  expires: number | null;
  /** When it was revoked, or null. */
  revoked: number | null;
}

/** A link's figures as GET /edit/api/links answers them: its visits' events within the days asked for. */
export interface LinkFigures {
  id: string;
  recipient: string;
  artists: string[];
  /** The public URL with its token. */
  url: string;
  /** The same shortlist's URL without a token: the untracked choice. */
  plainUrl: string;
  /** ISO 8601 timestamps. */
  created: string;
  expires: string | null;
  revoked: boolean;
  /** Whether it counts now: not revoked, not expired. */
  active: boolean;
  /** Each opening, oldest first. */
  opens: { at: string }[];
  /** Each of its artists, with the views of their page in the visits it opened. */
  pagesAfter: { id: string; views: number }[];
  /** Each reel played in those visits: plays, the mean share watched and the share of plays that finished (0 to 1). */
  reels: { slug: string; plays: number; averageWatched: number; finishRate: number }[];
}

/** GET /edit/api/links's answer. */
export interface LinksAnswer {
  /** Whether links count (ANALYTICS_RECIPIENT_LINKS=on); when off, none can be made and none counts. */
  enabled: boolean;
  /** How many days what a link's visits did is kept. */
  retentionDays: number;
  /** Newest first. */
  links: LinkFigures[];
}
