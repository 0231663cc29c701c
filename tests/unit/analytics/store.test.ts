/**
 * The analytics store (analytics/store.ts) on both its engines, with the same expectations: SQLite in a
 * temporary folder, PostgreSQL in a throwaway cluster (tests/support/postgres.ts), a fresh database each
 * test. Events in, figures out, live and rolled; what maintenance keeps and deletes; the daily salts.
 */
import { describe, expect, it } from "vitest";

import { storeSettings } from "#analytics/settings.ts";
import { followSettings } from "#release/settings.ts";
import type { AnalyticsEvent, ViewFigures } from "#analytics/types.ts";
import { storedEvent } from "#tests/support/analytics-events.ts";
import { postgresEngine, sqliteEngine, storesOn } from "#tests/support/analytics-engines.ts";

const TODAY = "2025-03-10";
/** Noon on TODAY. */
const NOW = new Date(`${TODAY}T12:00:00.000Z`);
const at = (day: string, time = "10:00:00.000") => Date.parse(`${day}T${time}Z`);

const event = (name: AnalyticsEvent["name"], day: string, visitor: string, extra: Partial<AnalyticsEvent> = {}) =>
  storedEvent({ name, day, visitor, at: at(day), ...extra });

/** The journey on `day`: a play to the middle, one to the end, a shortlist and one of its artists read. */
function journey(day: string): AnalyticsEvent[] {
  const reel = { reel: "spring-reel", path: "/reels/spring-reel", referrer: "mail.example.com" };
  return [
    event("play", day, "aaaaaaaaaaaaaaaa", { ...reel, play: "p1", at: at(day, "09:00:00.000") }),
    event("progress", day, "aaaaaaaaaaaaaaaa", {
      ...reel,
      play: "p1",
      at: at(day, "09:00:30.500"),
      seconds: 30.25,
      duration: 60.5,
      twentieths: "11111111110000000000",
      spots: "ada-rowe",
    }),
    event("play", day, "bbbbbbbbbbbbbbbb", { ...reel, play: "p2", at: at(day, "09:01:00.000") }),
    event("progress", day, "bbbbbbbbbbbbbbbb", {
      ...reel,
      play: "p2",
      at: at(day, "09:02:00.000"),
      seconds: 60.5,
      duration: 60.5,
      twentieths: "11111111111111111111",
      ended: true,
    }),
    event("shortlist", day, "cccccccccccccccc", {
      path: "/selects",
      shortlist: "ada-rowe,bo-lind",
      at: at(day, "09:03:00.000"),
    }),
    event("pageview", day, "cccccccccccccccc", {
      path: "/artists/film/bo-lind",
      artist: "bo-lind",
      at: at(day, "09:04:00.000"),
    }),
  ];
}

/** The journey's figures, worked out by hand, when it happened on `days` days (on any day). */
function journeyFigures(days: number, lastOpened: string): ViewFigures {
  return {
    reels: [
      {
        slug: "spring-reel",
        plays: 2 * days,
        visitors: 2 * days,
        averageWatched: 0.75,
        finishRate: 0.5,
        curve: [...Array<number>(10).fill(1), ...Array<number>(10).fill(0.5)],
      },
    ],
    artists: [
      { id: "bo-lind", views: days, spotViews: 0 },
      { id: "ada-rowe", views: 0, spotViews: days },
    ],
    shortlists: [
      {
        key: "ada-rowe,bo-lind",
        opens: days,
        lastOpened,
        artists: [
          { id: "ada-rowe", views: 0 },
          { id: "bo-lind", views: days },
        ],
      },
    ],
  };
}

describe.each([
  { name: "SQLite", engine: sqliteEngine() },
  { name: "PostgreSQL", engine: postgresEngine() },
])("the analytics store on $name", ({ engine }) => {
  const open = storesOn(engine);

  it("gives today's figures from the raw events as they arrive", async () => {
    const store = await open(await engine.fresh(90));
    expect(await store.figures(TODAY, TODAY, NOW)).toEqual({ reels: [], artists: [], shortlists: [] });
    await store.insert(journey(TODAY));
    expect(await store.figures(TODAY, TODAY, NOW)).toEqual(journeyFigures(1, "2025-03-10T09:03:00.000Z"));
    // Another day's events are not in the range.
    await store.insert(journey("2025-03-09"));
    expect(await store.figures(TODAY, TODAY, NOW)).toEqual(journeyFigures(1, "2025-03-10T09:03:00.000Z"));
    expect(await store.figures("2025-03-01", TODAY, NOW)).toEqual(journeyFigures(2, "2025-03-10T09:03:00.000Z"));
  });

  it("writes a large batch whole", async () => {
    const store = await open(await engine.fresh(90));
    const views = Array.from({ length: 1201 }, (_, i) =>
      event("pageview", TODAY, i.toString(16).padStart(16, "0"), { artist: "ada-rowe" }),
    );
    await store.insert(views);
    expect((await store.figures(TODAY, TODAY, NOW)).artists).toEqual([{ id: "ada-rowe", views: 1201, spotViews: 0 }]);
  });

  it("rolls up a day that ended over an hour ago, and reads its figures from the rolled row", async () => {
    const settings = await engine.fresh(90);
    const store = await open(settings);
    await store.insert([...journey("2025-03-08"), ...journey("2025-03-09")]);
    const live = await store.figures("2025-03-08", "2025-03-09", NOW);
    expect(live).toEqual(journeyFigures(2, "2025-03-09T09:03:00.000Z"));

    // At 00:59 on the 10th, the 9th ended less than an hour ago: only the 8th is rolled.
    await store.maintain(new Date("2025-03-10T00:59:00.000Z"));
    expect(await engine.days(settings, "daily")).toEqual(["2025-03-08"]);
    await store.maintain(NOW);
    expect(await engine.days(settings, "daily")).toEqual(["2025-03-08", "2025-03-09"]);
    expect(await store.figures("2025-03-08", "2025-03-09", NOW)).toEqual(live);

    // A late event of a rolled day changes nothing: the day's figures come from its row.
    await store.insert([event("pageview", "2025-03-09", "dddddddddddddddd", { artist: "cy-moss" })]);
    expect(await store.figures("2025-03-08", "2025-03-09", NOW)).toEqual(live);
    // Raw events are kept (for 90 days) all the same.
    expect(await engine.days(settings, "events")).toEqual(["2025-03-08", "2025-03-09"]);
  });

  it("rolls each day once when several instances maintain at once", async () => {
    const settings = await engine.fresh(90);
    const [first, second] = [await open(settings), await open(settings)];
    await first.insert([...journey("2025-03-07"), ...journey("2025-03-08")]);
    await Promise.all([first.maintain(NOW), second.maintain(NOW), first.maintain(NOW)]);
    expect(await engine.days(settings, "daily")).toEqual(["2025-03-07", "2025-03-08"]);
    expect(await second.figures("2025-03-01", TODAY, NOW)).toEqual(journeyFigures(2, "2025-03-08T09:03:00.000Z"));
  });

  it("deletes raw events past the retention and rolled days past 25 months", async () => {
    const settings = await engine.fresh(3);
    const store = await open(settings);
    // 25 months before 2025-03-10 is 2023-02-10: the day before goes, that day stays.
    const days = ["2023-02-09", "2023-02-10", "2025-03-06", "2025-03-07", TODAY];
    await store.insert(days.flatMap(journey));
    await store.maintain(NOW);
    // Three days kept back from the 10th: from the 7th.
    expect(await engine.days(settings, "events")).toEqual(["2025-03-07", TODAY]);
    expect(await engine.days(settings, "daily")).toEqual(["2023-02-10", "2025-03-06", "2025-03-07"]);
    expect(await store.figures("2023-01-01", "2023-12-31", NOW)).toEqual(journeyFigures(1, "2023-02-10T09:03:00.000Z"));
    expect(await store.figures("2025-03-01", TODAY, NOW)).toEqual(journeyFigures(3, "2025-03-10T09:03:00.000Z"));
  });

  it("leaves out days after now's", async () => {
    const store = await open(await engine.fresh(90));
    await store.insert([...journey(TODAY), ...journey("2025-03-11")]);
    expect(await store.figures(TODAY, "2025-03-11", NOW)).toEqual(journeyFigures(1, "2025-03-10T09:03:00.000Z"));
  });

  it("makes one salt a day, the same for every instance asking at once", async () => {
    const settings = await engine.fresh(90);
    const [first, second] = [await open(settings), await open(settings)];
    const [a, b] = await Promise.all([first.salt(TODAY), second.salt(TODAY)]);
    expect(a).toHaveLength(32);
    expect(b.equals(a)).toBe(true);
    expect((await first.salt(TODAY)).equals(a)).toBe(true);
    const tomorrow = await first.salt("2025-03-11");
    expect(tomorrow).toHaveLength(32);
    expect(tomorrow.equals(a)).toBe(false);
  });

  it("deletes the salts of days before yesterday", async () => {
    const settings = await engine.fresh(90);
    const store = await open(settings);
    for (const day of ["2025-03-05", "2025-03-08", "2025-03-09"]) await store.salt(day);
    expect(await engine.days(settings, "salts")).toEqual(["2025-03-08", "2025-03-09"]);
    const yesterday = await store.salt("2025-03-09");
    await store.salt(TODAY);
    expect(await engine.days(settings, "salts")).toEqual(["2025-03-09", TODAY]);
    expect((await store.salt("2025-03-09")).equals(yesterday)).toBe(true);
    // With no visitor for days, maintenance deletes them.
    await store.maintain(new Date("2025-03-13T12:00:00.000Z"));
    expect(await engine.days(settings, "salts")).toEqual([]);
  });
});

describe("the store's settings", () => {
  const root = "/srv/site";

  it("default to an SQLite file outside the build, kept 90 days, counting on", () => {
    expect(storeSettings({}, root)).toEqual({
      enabled: true,
      retentionDays: 90,
      recipientLinks: false,
      recipientRetentionDays: 90,
      kind: "sqlite",
      file: "/srv/site/data/analytics.sqlite",
    });
    const env = {
      ANALYTICS_DB: "var/a.db",
      ANALYTICS_RETENTION_DAYS: "7",
      ANALYTICS: "off",
      ANALYTICS_RECIPIENT_LINKS: "on",
      ANALYTICS_RECIPIENT_RETENTION_DAYS: "30",
    };
    expect(storeSettings(env, root)).toEqual({
      enabled: false,
      retentionDays: 7,
      recipientLinks: true,
      recipientRetentionDays: 30,
      kind: "sqlite",
      file: "/srv/site/var/a.db",
    });
  });

  it("following a branch, default to SITE_DATA's file: the one the follower gives its workers", () => {
    // Only these settings: no NODE_ENV, which the follower does not read.
    const settings: Record<string, string>[] = [
      { SITE_FOLLOW: "git@git.agency.example:site.git" },
      { SITE_FOLLOW: "/srv/site.git", SITE_DATA: "/var/lib/site" },
      { SITE_FOLLOW: "/srv/site.git", SITE_DATA: "state" },
      { SITE_FOLLOW: "/srv/site.git", ANALYTICS_DB: "counted.sqlite" },
    ];
    const files = settings.map((env) => {
      const store = storeSettings(env, root);
      return store.kind === "sqlite" ? store.file : store.url;
    });
    expect(files).toEqual([
      "/srv/site/.site-data/analytics.sqlite",
      "/var/lib/site/analytics.sqlite",
      "/srv/site/state/analytics.sqlite",
      "/srv/site/counted.sqlite",
    ]);
    // An editing screen given the site's settings reads the file the site's workers count into.
    expect(settings.map((env) => followSettings(env as NodeJS.ProcessEnv, root)?.stateEnv.ANALYTICS_DB)).toEqual(files);
  });

  it("take PostgreSQL when given its URL", () => {
    const url = "postgres://site:secret@db.internal:5432/analytics";
    expect(storeSettings({ ANALYTICS_DATABASE_URL: url, ANALYTICS_DB: "/ignored.db" }, root)).toEqual({
      enabled: true,
      retentionDays: 90,
      recipientLinks: false,
      recipientRetentionDays: 90,
      kind: "postgres",
      url,
    });
  });

  it.each([
    [{ ANALYTICS_RETENTION_DAYS: "0" }, /^ANALYTICS_RETENTION_DAYS .*"0"/],
    [{ ANALYTICS_RETENTION_DAYS: "3651" }, /^ANALYTICS_RETENTION_DAYS /],
    [{ ANALYTICS_RETENTION_DAYS: "30d" }, /^ANALYTICS_RETENTION_DAYS /],
    [{ ANALYTICS: "no" }, /^ANALYTICS must be "on" or "off"/],
    [{ ANALYTICS_RECIPIENT_LINKS: "yes" }, /^ANALYTICS_RECIPIENT_LINKS must be "on" or "off"/],
    [{ ANALYTICS_RECIPIENT_RETENTION_DAYS: "367" }, /^ANALYTICS_RECIPIENT_RETENTION_DAYS .* 1 to 366/],
    [{ ANALYTICS_DATABASE_URL: "mysql://db/analytics" }, /^ANALYTICS_DATABASE_URL must start with postgres:\/\//],
    [{ ANALYTICS_DATABASE_URL: "db.internal:5432" }, /^ANALYTICS_DATABASE_URL /],
    [{ ANALYTICS_DB: "data/" }, /^ANALYTICS_DB /],
  ])("refuse %o with a message naming the setting", (env, message) => {
    expect(() => storeSettings(env, root)).toThrow(message);
  });

  it("never repeat the database's password", () => {
    expect(() => storeSettings({ ANALYTICS_DATABASE_URL: "mysql://u:hunter2@db/a" }, root)).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining("hunter2") }),
    );
  });
});
