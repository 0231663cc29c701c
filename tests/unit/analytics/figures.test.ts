/**
 * The figures' rules (analytics/figures.ts) on hand-written days of events, each expected figure worked
 * out by hand: plays and how far they went, visitors, spots, shortlists and what followed their opening.
 */
import { describe, expect, it } from "vitest";

import { aggregateDay, combine } from "#analytics/figures.ts";
import type { AnalyticsEvent } from "#analytics/types.ts";
import { storedEvent } from "#tests/support/analytics-events.ts";

const DAY = "2025-03-03";
const NEXT_DAY = "2025-03-04";
/** 10:00 UTC on DAY: events are at this plus a few milliseconds. */
const T = Date.parse(`${DAY}T10:00:00.000Z`);

type Extra = Partial<Omit<AnalyticsEvent, "name" | "visitor" | "at">>;

const event = (name: AnalyticsEvent["name"], visitor: string, at: number, extra: Extra = {}): AnalyticsEvent =>
  storedEvent({ name, visitor, at, day: DAY, ...extra });

const play = (visitor: string, reel: string, id: string, at: number, extra: Extra = {}) =>
  event("play", visitor, at, { reel, play: id, path: `/reels/${reel}`, ...extra });
const progress = (visitor: string, reel: string, id: string, at: number, extra: Extra) =>
  event("progress", visitor, at, { reel, play: id, path: `/reels/${reel}`, ...extra });
const pageview = (visitor: string, artist: string, at: number, extra: Extra = {}) =>
  event("pageview", visitor, at, { artist, path: `/artists/film/${artist}`, ...extra });
const opened = (visitor: string, key: string, at: number, extra: Extra = {}) =>
  event("shortlist", visitor, at, { shortlist: key, path: "/selects", ...extra });

const FIRST_HALF = "11111111110000000000";
const ALL = "11111111111111111111";
const NONE = Array<number>(20).fill(0);

describe("aggregateDay and combine", () => {
  it("counts the issue's journey: a play to the middle, one to the end, a shortlist and one of its artists read", () => {
    const events = [
      play("aaaa", "spring-reel", "p1", T),
      progress("aaaa", "spring-reel", "p1", T + 30_000, { seconds: 30, duration: 60, twentieths: FIRST_HALF }),
      pageview("aaaa", "ada-rowe", T + 31_000),
      play("bbbb", "spring-reel", "p2", T + 1000),
      progress("bbbb", "spring-reel", "p2", T + 61_000, { seconds: 60, duration: 60, twentieths: ALL, ended: true }),
      opened("cccc", "ada-rowe,bo-lind", T + 2000),
      pageview("cccc", "bo-lind", T + 5000),
    ];
    expect(combine([aggregateDay(events)])).toEqual({
      reels: [
        {
          slug: "spring-reel",
          plays: 2,
          visitors: 2,
          averageWatched: 0.75,
          finishRate: 0.5,
          curve: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5],
        },
      ],
      artists: [
        { id: "ada-rowe", views: 1, spotViews: 0 },
        { id: "bo-lind", views: 1, spotViews: 0 },
      ],
      shortlists: [
        {
          key: "ada-rowe,bo-lind",
          opens: 1,
          lastOpened: "2025-03-03T10:00:02.000Z",
          artists: [
            { id: "ada-rowe", views: 0 },
            { id: "bo-lind", views: 1 },
          ],
        },
      ],
    });
  });

  it("takes a play's furthest progress for the share watched, and every progress for what it covered", () => {
    // Given out of order: 12 s, then 24 s (of a 96 s film, as the player first thought), then 24 s of 48 s, the
    // latest, which wins the tie. What was covered is every event's together: 0-3, 9 and 18-19.
    const events = [
      progress("aaaa", "r", "p1", T + 3000, { seconds: 24, duration: 48, twentieths: "11110000000000000011" }),
      progress("aaaa", "r", "p1", T + 1000, { seconds: 12, duration: 48, twentieths: "11000000000000000000" }),
      progress("aaaa", "r", "p1", T + 2000, { seconds: 24, duration: 96, twentieths: "00000000010000000000" }),
      play("aaaa", "r", "p1", T),
    ];
    const [reel] = combine([aggregateDay(events)]).reels;
    expect(reel.plays).toBe(1);
    expect(reel.averageWatched).toBe(0.5);
    expect(reel.finishRate).toBe(0);
    expect(reel.curve).toEqual([1, 1, 1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]);
  });

  it("counts a play with no progress as nothing watched, and caps a share at the whole film", () => {
    const events = [
      play("aaaa", "r", "p1", T),
      play("aaaa", "r", "p2", T + 1),
      progress("aaaa", "r", "p2", T + 2, { seconds: 70, duration: 60, twentieths: ALL }),
    ];
    const [reel] = combine([aggregateDay(events)]).reels;
    expect(reel).toEqual({
      slug: "r",
      plays: 2,
      visitors: 1,
      averageWatched: 0.5,
      finishRate: 0,
      curve: Array<number>(20).fill(0.5),
    });
  });

  it("finishes a play when any of its events ended, and counts each play once however many events it sent", () => {
    const events = [
      play("aaaa", "r", "p1", T),
      progress("aaaa", "r", "p1", T + 1, { seconds: 60, duration: 60, twentieths: ALL, ended: true }),
      // Replayed from the end: the later progress has not ended.
      progress("aaaa", "r", "p1", T + 2, { seconds: 60, duration: 60, twentieths: ALL }),
      play("aaaa", "r", "p2", T + 3),
    ];
    const [reel] = combine([aggregateDay(events)]).reels;
    expect(reel.plays).toBe(2);
    expect(reel.finishRate).toBe(0.5);
  });

  it("counts distinct visitors per reel, and a play id per reel", () => {
    const events = [
      play("aaaa", "r", "p1", T),
      play("aaaa", "r", "p2", T + 1),
      play("bbbb", "r", "p3", T + 2),
      // The same id on another reel is another play.
      play("aaaa", "s", "p1", T + 3),
    ];
    const { reels } = combine([aggregateDay(events)]);
    expect(reels.map(({ slug, plays, visitors }) => ({ slug, plays, visitors }))).toEqual([
      { slug: "r", plays: 3, visitors: 2 },
      { slug: "s", plays: 1, visitors: 1 },
    ]);
  });

  it("counts an artist's spot views once per play whose events named their spot", () => {
    const events = [
      play("aaaa", "r", "p1", T),
      progress("aaaa", "r", "p1", T + 1, { seconds: 10, duration: 60, twentieths: NONE.join(""), spots: "ada" }),
      progress("aaaa", "r", "p1", T + 2, { seconds: 40, duration: 60, twentieths: ALL, spots: "ada,cy" }),
      progress("bbbb", "s", "p2", T + 3, { seconds: 5, duration: 10, twentieths: FIRST_HALF, spots: "ada" }),
      pageview("bbbb", "bo", T + 4),
      pageview("cccc", "bo", T + 5),
      pageview("cccc", "cy", T + 6),
    ];
    expect(combine([aggregateDay(events)]).artists).toEqual([
      { id: "bo", views: 2, spotViews: 0 },
      { id: "cy", views: 1, spotViews: 1 },
      { id: "ada", views: 0, spotViews: 2 },
    ]);
  });

  it("attributes a shortlist's artists' page views to it only by the visitor who opened it, at or after the opening", () => {
    const events = [
      pageview("vvvv", "ada", T - 1), // before the opening
      opened("vvvv", "ada,bo", T),
      pageview("vvvv", "bo", T), // at the opening
      pageview("vvvv", "bo", T + 100),
      pageview("vvvv", "cy", T + 150), // not in the shortlist
      pageview("wwww", "ada", T + 200), // someone who never opened it
      opened("wwww", "bo,cy", T + 300),
      pageview("wwww", "bo", T + 400),
      opened("vvvv", "ada,bo", T + 500),
      pageview("vvvv", "ada", T + 600), // after two openings: one view
    ];
    expect(combine([aggregateDay(events)]).shortlists).toEqual([
      {
        key: "ada,bo",
        opens: 2,
        lastOpened: "2025-03-03T10:00:00.500Z",
        artists: [
          { id: "ada", views: 1 },
          { id: "bo", views: 2 },
        ],
      },
      {
        key: "bo,cy",
        opens: 1,
        lastOpened: "2025-03-03T10:00:00.300Z",
        artists: [
          { id: "bo", views: 1 },
          { id: "cy", views: 0 },
        ],
      },
    ]);
  });

  it("sums days, counting a visitor again on another day, and sorts each table", () => {
    const next = { day: NEXT_DAY };
    const first = aggregateDay([
      play("aaaa", "b-reel", "p1", T),
      progress("aaaa", "b-reel", "p1", T + 1, { seconds: 10, duration: 10, twentieths: ALL, ended: true }),
      play("aaaa", "b-reel", "p2", T + 2),
      play("aaaa", "a-reel", "p3", T + 3),
      opened("aaaa", "ada,bo", T + 4),
      pageview("aaaa", "ada", T + 5),
      pageview("aaaa", "bo", T + 6),
      opened("bbbb", "cy", T + 7),
    ]);
    const second = aggregateDay([
      // The same hash the next day: another visitor, whose page view no opening of that day precedes.
      pageview("aaaa", "bo", T + 86_400_000, next),
      play("aaaa", "b-reel", "p4", T + 86_400_001, next),
      progress("aaaa", "b-reel", "p4", T + 86_400_002, { ...next, seconds: 5, duration: 10, twentieths: FIRST_HALF }),
      play("aaaa", "c-reel", "p5", T + 86_400_003, next),
      play("bbbb", "c-reel", "p6", T + 86_400_004, next),
      play("bbbb", "c-reel", "p7", T + 86_400_005, next),
      opened("cccc", "ada,bo", T + 86_400_006, next),
    ]);
    // Kept as JSON between the days: the sums are the same.
    const figures = combine([JSON.parse(JSON.stringify(first)), second]);
    expect(figures.reels).toEqual([
      {
        slug: "b-reel",
        plays: 3,
        visitors: 2,
        averageWatched: 0.5,
        finishRate: 1 / 3,
        curve: [...Array<number>(10).fill(2 / 3), ...Array<number>(10).fill(1 / 3)],
      },
      { slug: "c-reel", plays: 3, visitors: 2, averageWatched: 0, finishRate: 0, curve: NONE },
      { slug: "a-reel", plays: 1, visitors: 1, averageWatched: 0, finishRate: 0, curve: NONE },
    ]);
    expect(figures.artists).toEqual([
      { id: "bo", views: 2, spotViews: 0 },
      { id: "ada", views: 1, spotViews: 0 },
    ]);
    expect(figures.shortlists).toEqual([
      {
        key: "ada,bo",
        opens: 2,
        lastOpened: "2025-03-04T10:00:00.006Z",
        artists: [
          { id: "ada", views: 1 },
          { id: "bo", views: 1 },
        ],
      },
      { key: "cy", opens: 1, lastOpened: "2025-03-03T10:00:00.007Z", artists: [{ id: "cy", views: 0 }] },
    ]);
  });

  it("has empty tables for no events", () => {
    expect(combine([aggregateDay([])])).toEqual({ reels: [], artists: [], shortlists: [] });
    expect(combine([])).toEqual({ reels: [], artists: [], shortlists: [] });
  });
});
