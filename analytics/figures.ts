/**
 * The figures the editing screen shows, made from stored events (docs/privacy.md): a day's events become
 * one DayAggregate, which the store keeps for 25 months after the raw events are gone, and days combine
 * into the ViewFigures of a date range. Pure, so the rules are tested on hand-written events.
 */
import { TWENTIETHS } from "#model/analytics-event.ts";

import type { AnalyticsEvent, ViewFigures } from "./types.ts";

/** One reel's figures on one day: counts and sums, so that days add up. */
export interface ReelDay {
  plays: number;
  /** Distinct visitor hashes that played it that day. */
  visitors: number;
  /** The sum over plays of the share of the film played. */
  watched: number;
  finishes: number;
  /** For each twentieth, how many plays covered it. */
  curve: number[];
}

export interface ArtistDay {
  views: number;
  spotViews: number;
}

export interface ShortlistDay {
  opens: number;
  /** The latest opening, in milliseconds since the epoch. */
  lastOpened: number;
  /** Each of its artists (every one present), with the page views that followed an opening by the same visitor. */
  artists: Record<string, number>;
}

/** One day's figures, kept as JSON in the store's `daily` table. */
export interface DayAggregate {
  reels: Record<string, ReelDay>;
  artists: Record<string, ArtistDay>;
  shortlists: Record<string, ShortlistDay>;
}

/** One press of play, gathered from its play and progress events. */
interface Play {
  reel: string;
  /** The progress event that played most, which carries everything played before it. */
  furthest: AnalyticsEvent | undefined;
  covered: boolean[];
  ended: boolean;
  spots: Set<string>;
}

/** `key`'s entry in `map`, made by `make` on first use. */
function entry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** A comma-separated list (spots, a shortlist's key) as its items. */
function items(list: string | null): string[] {
  return list ? list.split(",").filter(Boolean) : [];
}

/** Whether progress event `a` played further than `b`, the latest winning a tie. */
function further(a: AnalyticsEvent, b: AnalyticsEvent): boolean {
  const [secondsA, secondsB] = [a.seconds ?? 0, b.seconds ?? 0];
  return secondsA > secondsB || (secondsA === secondsB && a.at > b.at);
}

/** The share of the film a progress event says was played, from 0 to 1. */
function share(progress: AnalyticsEvent | undefined): number {
  if (!progress?.duration || !progress.seconds) return 0;
  return Math.min(1, Math.max(0, progress.seconds / progress.duration));
}

/** The plays among `events`, each event of a play gathered under its reel and id. */
function gatherPlays(events: readonly AnalyticsEvent[]): Play[] {
  const plays = new Map<string, Play>();
  for (const event of events) {
    if ((event.name !== "play" && event.name !== "progress") || !event.reel || !event.play) continue;
    const { reel } = event;
    const play = entry(plays, `${reel}\n${event.play}`, () => ({
      reel,
      furthest: undefined,
      covered: Array<boolean>(TWENTIETHS).fill(false),
      ended: false,
      spots: new Set<string>(),
    }));
    play.ended ||= event.ended;
    for (const id of items(event.spots)) play.spots.add(id);
    if (event.name !== "progress") continue;
    if (!play.furthest || further(event, play.furthest)) play.furthest = event;
    for (let i = 0; i < TWENTIETHS; i++) play.covered[i] ||= event.twentieths?.[i] === "1";
  }
  return [...plays.values()];
}

/** The reels' and the artists' spot figures of a day's plays. */
function reelFigures(events: readonly AnalyticsEvent[], artists: Map<string, ArtistDay>): Map<string, ReelDay> {
  const reels = new Map<string, ReelDay>();
  for (const play of gatherPlays(events)) {
    const reel = entry(reels, play.reel, () => ({
      plays: 0,
      visitors: 0,
      watched: 0,
      finishes: 0,
      curve: Array<number>(TWENTIETHS).fill(0),
    }));
    reel.plays += 1;
    reel.watched += share(play.furthest);
    if (play.ended) reel.finishes += 1;
    play.covered.forEach((covered, i) => {
      if (covered) reel.curve[i] += 1;
    });
    for (const id of play.spots) entry(artists, id, () => ({ views: 0, spotViews: 0 })).spotViews += 1;
  }
  // A hash is only one visitor within a day: the day is part of who they are.
  const visitors = new Map<string, Set<string>>();
  for (const event of events) {
    if ((event.name === "play" || event.name === "progress") && event.reel && event.play)
      entry(visitors, event.reel, () => new Set()).add(`${event.day} ${event.visitor}`);
  }
  for (const [slug, reel] of reels) reel.visitors = visitors.get(slug)?.size ?? 0;
  return reels;
}

/** The shortlists opened, and the page views of their artists that followed an opening by the same visitor. */
function shortlistFigures(events: readonly AnalyticsEvent[]): Map<string, ShortlistDay> {
  const shortlists = new Map<string, ShortlistDay>();
  // Per visitor (and day) and key, the first opening: a page view at or after it followed an opening.
  const firstOpened = new Map<string, number>();
  for (const event of events) {
    if (event.name !== "shortlist" || !event.shortlist) continue;
    const key = event.shortlist;
    const shortlist = entry(shortlists, key, () => ({
      opens: 0,
      lastOpened: event.at,
      artists: Object.fromEntries(items(key).map((id) => [id, 0])),
    }));
    shortlist.opens += 1;
    shortlist.lastOpened = Math.max(shortlist.lastOpened, event.at);
    const opener = `${event.day} ${event.visitor}\n${key}`;
    firstOpened.set(opener, Math.min(firstOpened.get(opener) ?? Infinity, event.at));
  }
  for (const event of events) {
    if (event.name !== "pageview" || !event.artist) continue;
    for (const [key, shortlist] of shortlists) {
      const opened = firstOpened.get(`${event.day} ${event.visitor}\n${key}`);
      if (opened !== undefined && opened <= event.at && Object.hasOwn(shortlist.artists, event.artist))
        shortlist.artists[event.artist] += 1;
    }
  }
  return shortlists;
}

/** One day's events as that day's figures. */
export function aggregateDay(events: readonly AnalyticsEvent[]): DayAggregate {
  const artists = new Map<string, ArtistDay>();
  for (const event of events) {
    if (event.name === "pageview" && event.artist)
      entry(artists, event.artist, () => ({ views: 0, spotViews: 0 })).views += 1;
  }
  const reels = reelFigures(events, artists);
  return {
    reels: Object.fromEntries(reels),
    artists: Object.fromEntries(artists),
    shortlists: Object.fromEntries(shortlistFigures(events)),
  };
}

/** The figures of a range of days from each day's aggregate. */
export function combine(days: readonly DayAggregate[]): ViewFigures {
  const reels = new Map<string, ReelDay>();
  const artists = new Map<string, ArtistDay>();
  const shortlists = new Map<string, { opens: number; lastOpened: number; artists: Map<string, number> }>();
  for (const day of days) {
    for (const [slug, figures] of Object.entries(day.reels)) {
      const reel = entry(reels, slug, () => ({
        plays: 0,
        visitors: 0,
        watched: 0,
        finishes: 0,
        curve: Array<number>(TWENTIETHS).fill(0),
      }));
      reel.plays += figures.plays;
      reel.visitors += figures.visitors;
      reel.watched += figures.watched;
      reel.finishes += figures.finishes;
      figures.curve.forEach((count, i) => (reel.curve[i] += count));
    }
    for (const [id, figures] of Object.entries(day.artists)) {
      const artist = entry(artists, id, () => ({ views: 0, spotViews: 0 }));
      artist.views += figures.views;
      artist.spotViews += figures.spotViews;
    }
    for (const [key, figures] of Object.entries(day.shortlists)) {
      const shortlist = entry(shortlists, key, () => ({
        opens: 0,
        lastOpened: figures.lastOpened,
        artists: new Map(items(key).map((id) => [id, 0])),
      }));
      shortlist.opens += figures.opens;
      shortlist.lastOpened = Math.max(shortlist.lastOpened, figures.lastOpened);
      for (const [id, views] of Object.entries(figures.artists))
        if (shortlist.artists.has(id)) shortlist.artists.set(id, (shortlist.artists.get(id) ?? 0) + views);
    }
  }
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const of = (count: number, plays: number) => (plays === 0 ? 0 : count / plays);
  return {
    reels: [...reels]
      .sort(([slugA, a], [slugB, b]) => b.plays - a.plays || byName(slugA, slugB))
      .map(([slug, reel]) => ({
        slug,
        plays: reel.plays,
        visitors: reel.visitors,
        averageWatched: of(reel.watched, reel.plays),
        finishRate: of(reel.finishes, reel.plays),
        curve: reel.curve.map((count) => of(count, reel.plays)),
      })),
    artists: [...artists]
      .sort(([idA, a], [idB, b]) => b.views - a.views || byName(idA, idB))
      .map(([id, artist]) => ({ id, ...artist })),
    shortlists: [...shortlists]
      .sort(([keyA, a], [keyB, b]) => b.lastOpened - a.lastOpened || byName(keyA, keyB))
      .map(([key, shortlist]) => ({
        key,
        opens: shortlist.opens,
        lastOpened: new Date(shortlist.lastOpened).toISOString(),
        artists: [...shortlist.artists].map(([id, views]) => ({ id, views })),
      })),
  };
}
