/**
 * What the public pages send to the site's own event endpoint (the wire format:
 * model/analytics-event.ts; what is kept: docs/privacy.md): each page viewed, a shortlist opened,
 * and a reel's plays and how far they got. One small chunk, loaded once the page is hydrated.
 * Nothing is stored in the browser: a play's id, and a recipient link's token, live in this module's
 * memory only.
 */
import { EVENT_PATH, type EventBody, type EventProps } from "#model/analytics-event.ts";
import { isLinkToken } from "#model/shortlist-url.ts";
import type { Player } from "#app/reel/player/videojs.client.ts";
import type { ReelChapter } from "#app/reel/timeline.ts";

import { playedSeconds, type Range, twentieths, watchedSpots } from "./coverage.ts";

/**
 * The token of the recipient link that opened this document (`/selects?…&link=`, its first page),
 * which every event it sends carries from then on (docs/privacy.md). Kept in memory and nowhere
 * else: leaving the document (a full load included) forgets it.
 */
let link: string | undefined;

/**
 * Posts one event, with the visit's recipient link when it has one. A string body goes as
 * text/plain, which needs no CORS preflight; the beacon outlives the page, and where there is none
 * (or its queue is full) a keepalive fetch does.
 */
function send<Name extends keyof EventProps>(
  name: Name,
  url: string,
  props?: EventProps[Name],
  referrer: string | null = null,
) {
  const body: EventBody<Name> = {
    name,
    url,
    domain: location.hostname,
    referrer,
    // A cast: TypeScript cannot follow a generic Name through the spread, and a pageview's props
    // (Record<string, never>, none) take a `link` only as EventBody's LinkProps add it.
    props: (link === undefined ? props : { ...props, link }) as EventBody<Name>["props"],
  };
  const text = JSON.stringify(body);
  if (!navigator.sendBeacon?.(EVENT_PATH, text)) {
    fetch(EVENT_PATH, { method: "POST", body: text, keepalive: true }).catch(() => undefined);
  }
}

/** The path and query of the last page view sent: StrictMode's second effect, or a hash change, sends none. */
let lastPage: string | undefined;

/**
 * A page view of `href`; the document's first one carries its referrer, and, where it is a shortlist
 * link (`/selects?artists=…`, whose key is `shortlist`), the shortlist's opening: an agent editing her
 * list navigates in place, which opens nothing. `token` is a selects page's `link` parameter: on the
 * first page, a well-formed one is the visit's recipient link; on a later one it is ignored, since the
 * visit was not opened by it (and the endpoint refuses a malformed one).
 */
export function pageview(href: string, shortlist: string, token: string | null = null) {
  const url = new URL(href);
  const page = url.pathname + url.search;
  if (page === lastPage) return;
  const first = lastPage === undefined;
  lastPage = page;
  if (first && isLinkToken(token)) link = token;
  send("pageview", href, undefined, first ? document.referrer || null : null);
  if (first && shortlist) send("shortlist", href, { key: shortlist });
}

/** A new play's id, random, in memory only. */
const playId = (): string =>
  crypto.randomUUID?.() ?? `${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;

/** The reel as the watcher needs it (mount.client.ts's PlayerReel). */
interface WatchedReel {
  slug: string;
  autoplay: boolean;
  duration: number;
  chapters: readonly Pick<ReelChapter, "start" | "end" | "artist">[];
}

/**
 * Counts the plays a visitor starts on a reel's video.js player, and how far each got. A press of
 * play starts a play, sent at once; pauses and presses after it continue it, as the player's
 * `played` ranges do. Its progress is sent on pause, end, the page hidden or left, and the player's
 * disposal (leaving the page by a link), whenever something has played since the last one sent.
 */
export function watchReel(player: Player, reel: WatchedReel) {
  if (player.isDisposed()) return;
  // The reel page's URL, which a progress sent on leaving it by a link must still name.
  const url = location.href;
  let play: string | undefined;
  let unsent = false;
  let ended = false;
  // A reel that starts by itself does so muted (video.js's autoplay "muted"): that first play is the player's.
  let automatic = reel.autoplay;

  const started = () => {
    if (automatic) {
      automatic = false;
      if (player.muted()) return;
    }
    if (play === undefined) {
      play = playId();
      send("play", url, { reel: reel.slug, play });
    }
    unsent = true;
  };
  const progress = () => {
    if (play === undefined || !unsent) return;
    unsent = !player.paused();
    const played = player.played();
    const ranges = Array.from({ length: played.length }, (_, i): Range => [played.start(i), played.end(i)]);
    const length = player.duration() ?? 0;
    const duration = Number.isFinite(length) && length > 0 ? length : reel.duration;
    send("progress", url, {
      reel: reel.slug,
      play,
      seconds: Math.round(playedSeconds(ranges) * 100) / 100,
      duration,
      twentieths: twentieths(ranges, duration),
      spots: watchedSpots(ranges, reel.chapters),
      ended,
    });
  };
  const hidden = () => {
    if (document.visibilityState === "hidden") progress();
  };

  player.on("play", started);
  // At the end the media element pauses, then ends: the progress waits for the end.
  player.on("pause", () => {
    if (!player.ended()) progress();
  });
  player.on("ended", () => {
    if (play === undefined) return;
    ended = unsent = true;
    progress();
  });
  document.addEventListener("visibilitychange", hidden);
  addEventListener("pagehide", progress);
  player.on("dispose", () => {
    progress();
    document.removeEventListener("visibilitychange", hidden);
    removeEventListener("pagehide", progress);
  });
  // The visitor pressed play before the player (or this module) had arrived.
  if (!player.paused()) started();
}
