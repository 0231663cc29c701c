/**
 * What a recipient link's visits did (GET /edit/api/links): each opening, the views of its artists'
 * pages, and the reels played and how far, from the events the visits it opened sent with its token
 * (link-store.ts). Pure, so the rules are tested on hand-written events.
 */
import { shortlistUrl } from "#model/analytics-event.ts";

import { gatherPlays, share } from "./figures.ts";
import type { LinkEvent } from "./link-store.ts";
import type { LinkFigures, RecipientLink } from "./types.ts";

const iso = (at: number) => new Date(at).toISOString();
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The link's figures from `events` (its own and others': only its own count), on the site at `siteUrl`. */
export function linkFigures(
  link: RecipientLink,
  events: readonly LinkEvent[],
  siteUrl: string,
  now: Date,
): LinkFigures {
  const own = events.filter((event) => event.link === link.id);
  const views = new Map(link.artists.map((id) => [id, 0]));
  for (const { name, artist } of own)
    if (name === "pageview" && artist !== null && views.has(artist)) views.set(artist, views.get(artist)! + 1);
  const reels = new Map<string, { plays: number; watched: number; finishes: number }>();
  for (const play of gatherPlays(own)) {
    const reel = reels.get(play.reel) ?? { plays: 0, watched: 0, finishes: 0 };
    reel.plays += 1;
    reel.watched += share(play.furthest);
    if (play.ended) reel.finishes += 1;
    reels.set(play.reel, reel);
  }
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
    pagesAfter: [...views].map(([id, count]) => ({ id, views: count })),
    reels: [...reels]
      .sort(([slugA, a], [slugB, b]) => b.plays - a.plays || byName(slugA, slugB))
      .map(([slug, { plays, watched, finishes }]) => ({
        slug,
        plays,
        averageWatched: watched / plays,
        finishRate: finishes / plays,
      })),
  };
}
