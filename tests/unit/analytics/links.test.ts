/**
 * Recipient links (analytics/link-store.ts, link-figures.ts) on both engines: made with a token that
 * says nothing of the name or of another link, found while they count, revoked, erased, forgotten
 * after the retention; and each link's figures from its own visits' events, worked out by hand.
 */
import { describe, expect, it } from "vitest";

import { linkFigures } from "#analytics/link-figures.ts";
import type { LinkEvent } from "#analytics/link-store.ts";
import type { RecipientLink } from "#analytics/types.ts";
import { LINK_TOKEN } from "#model/shortlist-url.ts";
import { storedEvent } from "#tests/support/analytics-events.ts";
import { postgresEngine, sqliteEngine, storesOn } from "#tests/support/analytics-engines.ts";

const popCount = (byte: number) => byte.toString(2).replaceAll("0", "").length;
const NOW = new Date("2025-03-10T12:00:00.000Z");
const DAY_MS = 86_400_000;
const SAM = { recipient: "Juniper Films — Sam", artists: ["bo-lind", "ada-rowe"], expires: null };

describe.each([
  { name: "SQLite", engine: sqliteEngine() },
  { name: "PostgreSQL", engine: postgresEngine() },
])("recipient links on $name", ({ engine }) => {
  const open = storesOn(engine);

  it("makes each link a token of its own, found while it counts, and keeps the list newest first", async () => {
    const store = await open(await engine.fresh(90));
    const first = await store.links.create(SAM, NOW);
    const second = await store.links.create(SAM, new Date(NOW.getTime() + 1000));
    expect(first.token).toMatch(LINK_TOKEN);
    expect(second.token).not.toBe(first.token);
    expect(await store.links.list()).toEqual([second, first]);
    expect(await store.links.active(first.token, NOW)).toEqual(first);
    expect(await store.links.active("A".repeat(22), NOW)).toBeUndefined();

    const expiring = await store.links.create({ ...SAM, expires: NOW.getTime() + DAY_MS }, NOW);
    expect(await store.links.active(expiring.token, new Date(NOW.getTime() + DAY_MS - 1))).toEqual(expiring);
    expect(await store.links.active(expiring.token, new Date(NOW.getTime() + DAY_MS))).toBeUndefined();

    expect(await store.links.revoke(first.id, NOW)).toBe(true);
    expect(await store.links.active(first.token, NOW)).toBeUndefined();
    expect(await store.links.revoke("no-such-link", NOW)).toBe(false);
  });

  it("makes tokens that say nothing of the name, the time or each other", async () => {
    const store = await open(await engine.fresh(90));
    const tokens = await Promise.all(
      Array.from({ length: 64 }, async () => (await store.links.create(SAM, NOW)).token),
    );
    const bytes = tokens.map((token) => Buffer.from(token, "base64url"));
    expect(new Set(tokens).size).toBe(64);
    expect(bytes.every((token) => token.length === 16)).toBe(true);
    // No two share their first 4 bytes (one chance in 2^32 a pair, were they random); the name is in none.
    expect(new Set(bytes.map((token) => token.subarray(0, 4).toString("hex"))).size).toBe(64);
    expect(tokens.some((token) => /juniper|films/i.test(token))).toBe(false);
    // Each of the 128 bits is 1 in about half of them: 64 × 128 = 8192 bits, 4096 ± 4 σ (181) ones.
    const ones = bytes.reduce((sum, token) => sum + [...token].reduce((bits, byte) => bits + popCount(byte), 0), 0);
    expect(Math.abs(ones - 4096)).toBeLessThan(181);
  });

  it("keeps a visit's events apart from the anonymous ones, erases a recipient whole, forgets after the retention", async () => {
    const settings = await engine.fresh(90);
    const store = await open({ ...settings, recipientRetentionDays: 3 });
    const sam = await store.links.create(SAM, NOW);
    const other = await store.links.create({ ...SAM, recipient: "Northlight — Ola" }, NOW);
    const opening = (day: string, link: string) => ({
      ...storedEvent({ name: "shortlist", day, at: Date.parse(`${day}T09:00:00Z`), shortlist: "ada-rowe,bo-lind" }),
      link,
    });
    await store.insert([opening("2025-03-06", sam.id), opening("2025-03-09", sam.id), opening("2025-03-09", other.id)]);
    // The events table has the three openings, and nothing that says whose.
    expect((await store.figures("2025-03-01", "2025-03-10", NOW)).shortlists[0].opens).toBe(3);
    const events = await store.links.events("2025-03-01", "2025-03-10");
    expect(events.map(({ link, day }) => [link, day])).toEqual([
      [sam.id, "2025-03-06"],
      [sam.id, "2025-03-09"],
      [other.id, "2025-03-09"],
    ]);
    expect(events[0]).not.toHaveProperty("visitor");

    // Three days kept back from the 10th: from the 7th.
    await store.maintain(NOW);
    expect(await engine.days(settings, "link_events")).toEqual(["2025-03-09"]);

    expect(await store.links.erase(SAM.recipient)).toBe(1);
    expect((await store.links.list()).map((link) => link.recipient)).toEqual(["Northlight — Ola"]);
    expect((await store.links.events("2025-03-01", "2025-03-10")).map((event) => event.link)).toEqual([other.id]);

    // A link revoked more than the retention ago is forgotten, name and all.
    await store.links.revoke(other.id, NOW);
    await store.maintain(new Date(NOW.getTime() + 3 * DAY_MS + 1));
    expect(await store.links.list()).toEqual([]);
  });
});

describe("a link's figures", () => {
  const link: RecipientLink = { ...SAM, id: "l1", token: "Zt6n0kqY2mW8cXb1VhR4sA", created: 0, revoked: null };
  const event = (name: LinkEvent["name"], minute: number, extra: Partial<LinkEvent> = {}): LinkEvent => {
    const {
      visitor: _visitor,
      referrer: _referrer,
      ...stored
    } = storedEvent({
      name,
      day: "2025-03-10",
      at: Date.parse("2025-03-10T09:00:00Z") + minute * 60_000,
      ...extra,
    });
    return { ...stored, link: "l1" };
  };
  const reel = { reel: "spring-reel", duration: 60 };

  it("gives each opening, its artists' page views, and each reel's plays, share watched and finishes", () => {
    const events = [
      event("shortlist", 0, { shortlist: "ada-rowe,bo-lind" }),
      event("pageview", 1, { artist: "bo-lind" }),
      event("pageview", 2, { artist: "cy-moss" }),
      event("play", 3, { ...reel, play: "p1" }),
      event("progress", 4, { ...reel, play: "p1", seconds: 30, twentieths: "1".repeat(10) + "0".repeat(10) }),
      event("play", 5, { ...reel, play: "p2" }),
      event("progress", 6, { ...reel, play: "p2", seconds: 60, twentieths: "1".repeat(20), ended: true }),
      event("shortlist", 60, { shortlist: "ada-rowe,bo-lind" }),
      // Another link's visit counts for that link only.
      { ...event("pageview", 7, { artist: "ada-rowe" }), link: "l2" },
    ];
    expect(linkFigures(link, events, "https://agency.example", NOW)).toEqual({
      id: "l1",
      recipient: "Juniper Films — Sam",
      artists: ["bo-lind", "ada-rowe"],
      url: "https://agency.example/selects?artists=bo-lind,ada-rowe&link=Zt6n0kqY2mW8cXb1VhR4sA",
      plainUrl: "https://agency.example/selects?artists=bo-lind,ada-rowe",
      created: "1970-01-01T00:00:00.000Z",
      expires: null,
      revoked: false,
      active: true,
      opens: [{ at: "2025-03-10T09:00:00.000Z" }, { at: "2025-03-10T10:00:00.000Z" }],
      pagesAfter: [
        { id: "bo-lind", views: 1 },
        { id: "ada-rowe", views: 0 },
      ],
      reels: [{ slug: "spring-reel", plays: 2, averageWatched: 0.75, finishRate: 0.5 }],
    });
    const revoked = linkFigures({ ...link, revoked: 1 }, [], "https://agency.example", NOW);
    expect([revoked.revoked, revoked.active, revoked.opens, revoked.reels]).toEqual([true, false, [], []]);
  });
});
