/**
 * One contract between page and endpoint (model/analytics-event.ts): what the page sends, the
 * endpoint (analytics/event.ts) takes.
 */
import { describe, expect, it } from "vitest";

import { parseEvent } from "#analytics/event.ts";
import { playedSeconds, twentieths, watchedSpots } from "#app/analytics/coverage.ts";
import { requestedSelects } from "#app/lib/selects.ts";
import { MAX_SELECTS, shortlistKey, TWENTIETHS } from "#model/analytics-event.ts";

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const post = (name: string, props: Record<string, unknown>) =>
  parseEvent(bytes({ name, url: "https://agency.example/selects", domain: "agency.example", referrer: null, props }));

/** The key the page sends for a shortlist link (app/analytics/page-views.tsx). */
const pageKey = (query: string) => shortlistKey(requestedSelects(new URLSearchParams(query)).ids);

describe("a shortlist's key", () => {
  it("holds 50 artists, as the selects page shows", () => {
    expect(MAX_SELECTS).toBe(50);
  });

  it("is the first 50 ids asked for, sorted, when a link asks for more, and the endpoint takes it", () => {
    const ids = Array.from({ length: 60 }, (_, index) => `artist-${String(index).padStart(2, "0")}`).reverse();
    const key = pageKey(`artists=${ids.join(",")}`);
    expect(key.split(",")).toEqual(ids.slice(0, 50).sort());
    const parsed = post("shortlist", { key });
    expect(parsed.ok && parsed.event.shortlist).toBe(key);
  });

  it("is sorted and each id once, as the endpoint wants", () => {
    expect(pageKey("artists=ben,ada,ben")).toBe("ada,ben");
  });

  it("is refused by the endpoint with one id more", () => {
    const key = Array.from({ length: 51 }, (_, index) => `a${String(index).padStart(2, "0")}`).join(",");
    expect(post("shortlist", { key })).toEqual({ ok: false, reason: expect.stringMatching(/at most 50/) });
  });
});

describe("a play's twentieths", () => {
  it("are TWENTIETHS characters as the page works them out: the endpoint takes them, and no fewer", () => {
    const ranges = [
      [0, 4.5],
      [30, 61],
    ] as const;
    const duration = 61;
    const played = twentieths(ranges, duration);
    expect(played).toHaveLength(TWENTIETHS);
    expect(played).toBe("10000000001111111111");
    const progress = {
      reel: "reel-2021",
      play: "0f8fad5b-d9cb-469f-a165-70867728950e",
      seconds: playedSeconds(ranges),
      duration,
      twentieths: played,
      spots: watchedSpots(ranges, [{ start: 30, end: 61, artist: "ada-rowe" }]),
      ended: true,
    };
    const parsed = post("progress", progress);
    expect(parsed.ok && parsed.event.twentieths).toBe(played);
    expect(post("progress", { ...progress, twentieths: played.slice(1) })).toEqual({
      ok: false,
      reason: expect.stringMatching(/props.twentieths/),
    });
  });
});

describe("an id in a shortlist", () => {
  /** The longest slug an event carries (model/content-files.ts, MAX_SLUG_LENGTH). */
  const longest = "a".repeat(100);

  it("is kept by the page and taken by the endpoint up to 100 characters", () => {
    const key = pageKey(`artists=${longest},ada-rowe`);
    expect(key).toBe(`${longest},ada-rowe`);
    expect(post("shortlist", { key }).ok).toBe(true);
  });

  it("is left out by the page, and refused by the endpoint, one character longer", () => {
    expect(pageKey(`artists=${longest}a,ada-rowe`)).toBe("ada-rowe");
    expect(post("shortlist", { key: `${longest}a` }).ok).toBe(false);
    expect(post("play", { reel: `${longest}a`, play: "0f8fad5b-d9cb" }).ok).toBe(false);
  });
});
