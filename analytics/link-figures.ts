/**
 * What a recipient link's visits did (GET /edit/api/links): each opening, the views of its artists'
 * pages, and the reels played and how far, from the events the visits it opened sent with its token
 * (link-store.ts). Pure, so the rules are tested on hand-written events.
 */
import { shortlistUrl } from "#model/shortlist-url.ts";

import { aggregateDay, combine } from "./figures.ts";
import type { LinkEvent } from "./link-store.ts";
import type { LinkFigures, RecipientLink } from "./types.ts";

const iso = (at: number) => new Date(at).toISOString();

/** The link's figures from `events` (its own and others': only its own count), on the site at `siteUrl`. */
export function linkFigures(
  link: RecipientLink,
  events: readonly LinkEvent[],
  siteUrl: string,
  now: Date,
): LinkFigures {
  const own = events.filter((event) => event.link === link.id);
  // The Views page's own figures of these events: the link stands for their one visitor.
  const figures = combine([aggregateDay(own.map((event) => ({ ...event, visitor: event.link, referrer: null })))]);
  const views = new Map(figures.artists.map(({ id, views: count }) => [id, count]));
  return {
    id: link.id,
    recipient: link.recipient,
    artists: link.artists,
    url: shortlistUrl(siteUrl, link.artists, link.token),
    plainUrl: shortlistUrl(siteUrl, link.artists),
    created: iso(link.created),
    expires: link.expires === null ? null : iso(link.expires),
    revoked: link.revoked !== null,
    active: link.revoked === null && (link.expires === null || link.expires > now.getTime()),
    opens: own.filter((event) => event.name === "shortlist").map((event) => ({ at: iso(event.at) })),
    pagesAfter: link.artists.map((id) => ({ id, views: views.get(id) ?? 0 })),
    reels: figures.reels.map(({ slug, plays, averageWatched, finishRate }) => ({
      slug,
      plays,
      averageWatched,
      finishRate,
    })),
  };
}
