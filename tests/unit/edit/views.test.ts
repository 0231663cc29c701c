/**
 * The figures in the editing screen (edit/views/): the answers of GET /edit/api/views, its CSVs and
 * the page, against a fake store and hand-written figures; the store the site's settings name, with a
 * few hand-made events and the figures worked out by hand; the names the page takes from the content;
 * and the watch-through chart's bars and spot marks, measured from its SVG.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import type { LoaderFunctionArgs } from "@remix-run/node";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { openStore } from "#analytics/store.ts";
import type { ViewFigures } from "#analytics/types.ts";
import { artists as contentArtists, reels as contentReels } from "#app/content/index.ts";
import { WatchChart } from "#edit/app/components/watch-chart.tsx";
import { viewsApiLoader, viewsCsvLoader, viewsPageLoader } from "#edit/app/loaders/views.server.ts";
import { editingContext } from "#tests/support/editing-context.ts";
import { dayRange } from "#edit/views/range.ts";
import { viewsContent, type ViewsContent } from "#edit/views/views-content.ts";
import { csvField } from "#edit/views/views-csv.ts";
import {
  analyticsStore,
  type FiguresStore,
  openOnce,
  StoreUnavailable,
  storeFigures,
} from "#edit/views/views-store.ts";
import type { WatchChart as Chart } from "#edit/views/watch-chart.ts";
import { storedEvent } from "#tests/support/analytics-events.ts";

const ROOT = path.join(import.meta.dirname, "../../..");
const NOW = new Date("2025-03-10T15:00:00Z");

const FIGURES: ViewFigures = {
  reels: [
    {
      slug: "reel-x",
      plays: 4,
      visitors: 3,
      averageWatched: 0.625,
      finishRate: 0.25,
      curve: [1, 1, 1, 1, 1, 0.75, 0.75, 0.75, 0.75, 0.75, 0.5, 0.5, 0.5, 0.5, 0.5, 0.25, 0.25, 0.25, 0.25, 0.25],
    },
  ],
  artists: [
    { id: "ada-rowe", views: 7, spotViews: 2 },
    { id: "ben-ito", views: 0, spotViews: 1 },
  ],
  shortlists: [
    {
      key: "ada-rowe,ben-ito",
      opens: 2,
      lastOpened: "2025-03-07T16:04:05.000Z",
      artists: [
        { id: "ada-rowe", views: 3 },
        { id: "ben-ito", views: 0 },
      ],
    },
  ],
};

/** Names with a comma and a quote, which a CSV must quote. */
const NAMES: ViewsContent = {
  reels: { "reel-x": { title: "Reel, the first", duration: 60, spots: [] } },
  artists: { "ada-rowe": 'Ada "Ace" Rowe, Jr.', "ben-ito": "Ben Ito" },
};

interface Served {
  /** The answer of the views' loader for `url` (a path and query), as the editing app runs it. */
  ask(url: string): Promise<Response>;
  /** The page's data for `url`. */
  page(url: string): ReturnType<typeof viewsPageLoader>;
  asked: { from: string; to: string; now: Date }[];
  opens: number;
}

const LOADERS: Record<string, (args: LoaderFunctionArgs) => Promise<Response>> = {
  "/edit/api/views": viewsApiLoader,
  "/edit/api/views.csv": viewsCsvLoader,
};

/** The views' loaders over `open`, with the load context a screen gives them (edit-server.ts's `views`). */
function serve(open: () => Promise<FiguresStore>): Served {
  const served = { asked: [], opens: 0 } as unknown as Served;
  // Opened once for every request, as the editing screen shares it (edit-server.ts).
  const store = openOnce(() => {
    served.opens += 1;
    return open();
  });
  const context = editingContext({
    views: { content: () => NAMES, figures: storeFigures(store.get), now: () => NOW },
  });
  const args = (url: string) => ({ request: new Request(`http://edit${url}`), context, params: {} });
  served.ask = (url) => LOADERS[new URL(url, "http://edit").pathname](args(url));
  served.page = (url) => viewsPageLoader(args(url));
  return served;
}

const fakeStore = (served: () => Served): FiguresStore => ({
  async figures(from, to, now) {
    served().asked.push({ from, to, now });
    return structuredClone(FIGURES);
  },
  close: async () => undefined,
});

describe("GET /edit/api/views and its CSVs", () => {
  const served: Served = serve(async () => fakeStore(() => served));

  test("the store's figures, as JSON, never cached; the last 7 full days and today by default", async () => {
    served.asked.length = 0;
    const answer = await served.ask(`/edit/api/views`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/json");
    expect(await answer.json()).toEqual(FIGURES);
    expect(served.asked).toEqual([{ from: "2025-03-03", to: "2025-03-10", now: NOW }]);

    await served.ask(`/edit/api/views?from=2024-02-29&to=2024-03-01`);
    expect(served.asked[1]).toMatchObject({ from: "2024-02-29", to: "2024-03-01" });
    // Opened once, on the first request, and kept.
    expect(served.opens).toBe(1);
  });

  test.each([
    ["from=2023-02-29&to=2023-03-01", "from"],
    ["from=2025-03-01&to=2025-3-5", "to"],
    ["from=yesterday", "from"],
    ["from=2025-03-09&to=2025-03-08", "from"],
    // 25 months before 2025-03-10 is 2023-02-10.
    ["from=2023-02-09&to=2025-03-10", "from"],
  ])("?%s: 400, naming %s", async (query, parameter) => {
    const answer = await served.ask(`/edit/api/views?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await answer.text()).toMatch(new RegExp(`^Bad Request: ${parameter}: `));
  });

  test("a range of exactly 25 months is taken", () => {
    expect(dayRange(new URLSearchParams("from=2023-02-10&to=2025-03-10"), NOW)).toEqual({
      from: "2023-02-10",
      to: "2025-03-10",
    });
    expect(dayRange(new URLSearchParams("to=2025-01-04"), NOW)).toEqual({ from: "2024-12-28", to: "2025-01-04" });
  });

  test("RFC 4180 quoting: commas, quotes and line breaks quoted, quotes doubled", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('Ada "Ace" Rowe, Jr.')).toBe('"Ada ""Ace"" Rowe, Jr."');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField(0.1 + 0.2)).toBe("0.3");
  });

  test("each table as CSV, an attachment named for the table and the days", async () => {
    const csv = async (table: string) => {
      const answer = await served.ask(`/edit/api/views.csv?table=${table}&from=2025-03-01&to=2025-03-08`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toMatch(/^text\/csv/);
      expect(answer.headers.get("content-disposition")).toBe(
        `attachment; filename="views-${table}-2025-03-01-to-2025-03-08.csv"`,
      );
      return answer.text();
    };
    const twentieths = Array.from({ length: 20 }, (_, i) => `watched_twentieth_${i + 1} (0-1)`).join(",");
    expect(await csv("reels")).toBe(
      `slug,title,plays,visitors,average_watched (0-1),finish_rate (0-1),${twentieths}\r\n` +
        `reel-x,"Reel, the first",4,3,0.625,0.25,1,1,1,1,1,0.75,0.75,0.75,0.75,0.75,0.5,0.5,0.5,0.5,0.5,0.25,0.25,0.25,0.25,0.25\r\n`,
    );
    expect(await csv("artists")).toBe(
      "id,name,page_views,plays_watching_half_a_spot\r\n" +
        'ada-rowe,"Ada ""Ace"" Rowe, Jr.",7,2\r\n' +
        "ben-ito,Ben Ito,0,1\r\n",
    );
    expect(await csv("shortlists")).toBe(
      "shortlist,opens,last_opened (UTC),artist_id,artist_name,page_views_after_opening\r\n" +
        '"ada-rowe,ben-ito",2,2025-03-07T16:04:05.000Z,ada-rowe,"Ada ""Ace"" Rowe, Jr.",3\r\n' +
        '"ada-rowe,ben-ito",2,2025-03-07T16:04:05.000Z,ben-ito,Ben Ito,0\r\n',
    );
    const unknown = await served.ask(`/edit/api/views.csv?table=visitors`);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toMatch(/^Bad Request: table: /);
  });

  test("the page: the days asked, kept in its form even when they are not a range, and why there are no figures", async () => {
    const shown = await served.page("/edit/views?from=2025-03-01&to=2025-03-08");
    expect(shown).toEqual({
      range: { from: "2025-03-01", to: "2025-03-08" },
      problem: "",
      shown: { figures: FIGURES, content: NAMES },
    });
    const refused = await served.page("/edit/views?from=2025-03-09&to=2025-03-08");
    expect(refused).toEqual({
      range: { from: "2025-03-09", to: "2025-03-08" },
      problem: expect.stringMatching(/^Bad Request: from: /),
      shown: null,
    });
  });
});

describe("without a store", () => {
  test("503 with the store's own words, asked again on the next request", async () => {
    const served = serve(async () => {
      throw new StoreUnavailable("No figures: analytics is off here (ANALYTICS=off).");
    });
    for (const attempt of [1, 2]) {
      const answer = await served.ask(`/edit/api/views`);
      expect(answer.status).toBe(503);
      expect(await answer.text()).toBe("No figures: analytics is off here (ANALYTICS=off).");
      expect(served.opens).toBe(attempt);
    }
  });

  test("a store that fails to answer: 503 with its reason, no stack trace", async () => {
    const served = serve(async () => ({
      figures: () => Promise.reject(new Error("connection terminated")),
      close: async () => undefined,
    }));
    const answer = await served.ask(`/edit/api/views.csv?table=reels`);
    expect(answer.status).toBe(503);
    const text = await answer.text();
    expect(text).toBe("The analytics store did not answer: connection terminated");
  });

  test.each([
    [{ ANALYTICS: "off" }, /ANALYTICS=off/],
    [{ ANALYTICS: "maybe" }, /ANALYTICS must be/],
    [{ ANALYTICS_DATABASE_URL: "mysql://db/x" }, /ANALYTICS_DATABASE_URL/],
    [
      { ANALYTICS_DB: "/nowhere/analytics.sqlite" },
      /no analytics store at \/nowhere\/analytics\.sqlite\. Set ANALYTICS_DB/,
    ],
  ])("settings %j: StoreUnavailable naming the setting", async (env, message) => {
    const open = analyticsStore({ NODE_ENV: "test", ...env }, ROOT);
    await expect(open()).rejects.toThrow(StoreUnavailable);
    await expect(open()).rejects.toThrow(message);
  });
});

describe("the store the site's settings name", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "views-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test("two plays (half, whole), a shortlist opened and one of its artists read: the figures worked out by hand", async () => {
    const env = { NODE_ENV: "test", ANALYTICS_DB: "analytics.sqlite" } as const;
    const event = storedEvent;
    const play = { name: "play", path: "/reel-x", reel: "reel-x" } as const;
    const progress = { ...play, name: "progress", duration: 60 } as const;
    const writer = await openStore({
      enabled: true,
      retentionDays: 90,
      recipientLinks: false,
      recipientRetentionDays: 90,
      kind: "sqlite",
      file: path.join(dir, env.ANALYTICS_DB),
    });
    await writer.insert([
      event({ ...play, play: "p1" }),
      event({ ...progress, play: "p1", seconds: 30, twentieths: "1".repeat(10) + "0".repeat(10), spots: "ada-rowe" }),
      event({ ...play, play: "p2", visitor: "0000000000000002" }),
      event({
        ...progress,
        play: "p2",
        visitor: "0000000000000002",
        seconds: 60,
        twentieths: "1".repeat(20),
        spots: "ada-rowe,ben-ito",
        ended: true,
      }),
      event({
        name: "shortlist",
        path: "/selects",
        shortlist: "ada-rowe,ben-ito",
        visitor: "0000000000000003",
        at: Date.parse("2025-03-08T11:00:00Z"),
      }),
      event({
        path: "/artists/directors/ada-rowe",
        artist: "ada-rowe",
        visitor: "0000000000000003",
        at: Date.parse("2025-03-08T11:01:00Z"),
      }),
    ]);
    await writer.close();

    const store = openOnce(analyticsStore(env, dir));
    const figures = await storeFigures(store.get)({ from: "2025-03-03", to: "2025-03-10" }, NOW);
    await store.close();
    if ("status" in figures) throw new Error(figures.message);

    expect(figures.reels).toEqual([
      {
        slug: "reel-x",
        plays: 2,
        visitors: 2,
        averageWatched: 0.75,
        finishRate: 0.5,
        curve: [...Array(10).fill(1), ...Array(10).fill(0.5)],
      },
    ]);
    expect([...figures.artists].sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: "ada-rowe", views: 1, spotViews: 2 },
      { id: "ben-ito", views: 0, spotViews: 1 },
    ]);
    expect(figures.shortlists).toEqual([
      {
        key: "ada-rowe,ben-ito",
        opens: 1,
        lastOpened: "2025-03-08T11:00:00.000Z",
        artists: [
          { id: "ada-rowe", views: 1 },
          { id: "ben-ito", views: 0 },
        ],
      },
    ]);
  });
});

describe("the names the page takes from the content", () => {
  test("every reel's title, length and spots and every artist's name, as the site's compiled content has them", () => {
    const names = viewsContent(ROOT);
    expect(Object.keys(names.reels).sort()).toEqual(contentReels.map(({ slug }) => slug).sort());
    for (const reel of contentReels)
      expect(names.reels[reel.slug], reel.slug).toEqual({
        title: reel.title,
        duration: Number.isFinite(reel.duration) ? reel.duration : null,
        spots: reel.spots.map(({ start, title, artist }) => ({ start, title, artist })),
      });
    const everyone = [...contentArtists.directors, ...contentArtists.photographers];
    expect(names.artists).toEqual(Object.fromEntries(everyone.map(({ id, name }) => [id, name])));
  });
});

describe("the watch-through chart", () => {
  // 200 × 60 units: a twentieth is 10 wide (a bar of 8 between gaps of 1), 100 % is 60 high.
  const curve = [1, 0.5, 0.25, ...Array(16).fill(0.125), 0];
  const watchChart = (chart: Chart) => renderToStaticMarkup(createElement(WatchChart, chart));
  const svg = watchChart({
    title: "Reel <one>",
    curve,
    duration: 80,
    spots: [
      { start: 0, title: "Crossing", artist: "Ada Rowe" },
      { start: 20, title: "Early", artist: "Ben Ito" },
      { start: 62, title: "Late", artist: "Ada Rowe" },
      { start: 95, title: "After the end", artist: "Ben Ito" },
    ],
  });
  const attributes = (element: string) =>
    [...svg.matchAll(new RegExp(`<${element} class="(?:bar|spot)" ([^>]*)>`, "g"))].map(([, list]) =>
      Object.fromEntries([...list.matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => [name, Number(value)])),
    );

  test("a bar per twentieth, as high as its share", () => {
    const bars = attributes("rect");
    expect(bars).toHaveLength(20);
    expect(bars[0]).toEqual({ x: 1, y: 0, width: 8, height: 60 });
    expect(bars[1]).toEqual({ x: 11, y: 30, width: 8, height: 30 });
    expect(bars[2]).toEqual({ x: 21, y: 45, width: 8, height: 15 });
    expect(bars[3]).toEqual({ x: 31, y: 52.5, width: 8, height: 7.5 });
    expect(bars[19]).toEqual({ x: 191, y: 60, width: 8, height: 0 });
  });

  test("a mark where each spot starts, those past the film's end left out", () => {
    // 0 s, 20 s and 62 s of 80 s: 0, 50 and 155 of 200.
    expect(attributes("line").map(({ x1, x2 }) => [x1, x2])).toEqual([
      [0, 0],
      [50, 50],
      [155, 155],
    ]);
    expect(svg).toContain("<title>1:02 Late, Ada Rowe</title>");
  });

  test("an image described in words, its text escaped", () => {
    expect(svg).toMatch(
      /^<svg [^>]*role="img" aria-label="Watch-through of Reel &lt;one&gt;: 100% of plays saw the first twentieth, 13% the middle, 0% the last\. Spots start at 0:00 \(Crossing, Ada Rowe\), 0:20 \(Early, Ben Ito\), 1:02 \(Late, Ada Rowe\)\."/,
    );
    expect(svg).not.toContain("<one>");
  });

  test("no length known: no marks", () => {
    expect(
      watchChart({ title: "x", curve, duration: null, spots: [{ start: 0, title: "a", artist: "b" }] }),
    ).not.toContain('class="spot"');
  });
});
