/**
 * The views page in Chromium: the single editor's server (startEditServer, without the preview site
 * `npm run edit` starts beside it, which the page does not need) on a copy of the content, over an
 * SQLite store holding a few hand-made events. From the screen's "Views" link, the page shows the
 * figures worked out by hand: two plays of the first reel (half and whole), a shortlist opened once
 * and one of its artists' pages read after it.
 */
import { cp, mkdir, rm } from "node:fs/promises";
import type { Server } from "node:http";
import path from "node:path";

import { openStore } from "#analytics/store.ts";
import type { AnalyticsEvent } from "#analytics/types.ts";
import { artists, reels } from "#app/content/index.ts";
import { startEditServer } from "#edit/server/edit-server.ts";
import { expect, test } from "#tests/support/fixtures.ts";
import { freePort, scratchProject } from "#tests/support/scratch-project.ts";

const ROOT = path.join(import.meta.dirname, "../../..");
/** What the server reads: the content, and the code its page's script is bundled from. */
const SOURCES = [
  "app/content",
  "edit",
  "analytics",
  "model",
  "content-check",
  "media-build",
  "media-publish",
  "lib",
  "package.json",
  "tsconfig.json",
];
const SETTINGS = ["ANALYTICS", "ANALYTICS_DB", "ANALYTICS_DATABASE_URL"] as const;

const reel = reels[0];
const spotArtist = reel.spots[0].artist;
const other = [...artists.directors, ...artists.photographers].find(({ id }) => id !== spotArtist)!;
const nameOf = (id: string) =>
  [...artists.directors, ...artists.photographers].find((artist) => artist.id === id)!.name;
const shortlist = [spotArtist, other.id].sort().join(",");

/** The figures' events, a minute ago: a play to the middle, one to the end, a shortlist opened then one of its artists read. */
function events(): AnalyticsEvent[] {
  const at = Date.now() - 60_000;
  const event = (fields: Partial<AnalyticsEvent>): AnalyticsEvent => ({
    at,
    day: new Date(at).toISOString().slice(0, 10),
    visitor: "0000000000000001",
    name: "pageview",
    path: "/",
    referrer: null,
    artist: null,
    reel: null,
    play: null,
    seconds: null,
    duration: null,
    twentieths: null,
    spots: null,
    ended: false,
    shortlist: null,
    ...fields,
  });
  const progress = {
    name: "progress",
    path: `/${reel.slug}`,
    reel: reel.slug,
    duration: 60,
    spots: spotArtist,
  } as const;
  const third = { visitor: "0000000000000003" };
  return [
    event({ ...progress, name: "play", play: "p1" }),
    event({ ...progress, play: "p1", seconds: 30, twentieths: "1".repeat(10) + "0".repeat(10) }),
    event({ ...progress, name: "play", play: "p2", visitor: "0000000000000002" }),
    event({
      ...progress,
      play: "p2",
      visitor: "0000000000000002",
      seconds: 60,
      twentieths: "1".repeat(20),
      ended: true,
    }),
    event({ ...third, name: "shortlist", path: "/selects", shortlist }),
    event({ ...third, at: at + 1_000, path: `/artists/directors/${spotArtist}`, artist: spotArtist }),
  ];
}

test.describe("the views page", () => {
  test.skip(({ isMobile }) => isMobile, "the editing screen is used on a desktop");
  test.describe.configure({ timeout: 60_000 });

  let dir = "";
  let server: Server | undefined;
  let origin = "";
  const saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));

  test.beforeAll(async () => {
    dir = await scratchProject("views-", SOURCES);
    await mkdir(path.join(dir, "media"));
    await cp(path.join(ROOT, "media/manifest.json"), path.join(dir, "media/manifest.json"));
    const file = path.join(dir, "data/analytics.sqlite");
    const store = await openStore({ enabled: true, retentionDays: 90, kind: "sqlite", file });
    await store.insert(events());
    await store.close();
    // The editing server reads the site's settings from its environment, as `npm run edit` does.
    for (const name of SETTINGS) delete process.env[name];
    process.env.ANALYTICS_DB = file;
    const port = await freePort();
    server = await startEditServer({ root: dir, port, previewOrigin: "http://127.0.0.1:9" });
    origin = `http://127.0.0.1:${port}`;
  });

  test.afterAll(async () => {
    server?.closeAllConnections();
    if (server) await new Promise((resolve) => server?.close(resolve));
    for (const name of SETTINGS)
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    await rm(dir, { recursive: true, force: true });
  });

  test("from the screen's link: the reels' plays and curve, the artists, the shortlist, each table's CSV", async ({
    page,
    axe,
  }) => {
    await page.goto(`${origin}/keystatic`);
    await page.getByRole("link", { name: "Views", exact: true }).click();
    await expect(page).toHaveURL(`${origin}/edit/views`);

    const reelRow = page.locator("#views-reels tbody > tr").filter({ hasText: reel.title });
    await expect(reelRow).toHaveCount(1);
    // Plays, visitors, average watched ((50 % + 100 %) / 2), finished (one of two).
    await expect(reelRow.locator(":scope > td.number")).toHaveText(["2", "2", "75%", "50%"]);
    const chart = reelRow.getByRole("img");
    await expect(chart).toHaveAttribute(
      "aria-label",
      new RegExp(`^Watch-through of .+: 100% of plays saw the first twentieth, 100% the middle, 50% the last\\.`),
    );
    // The first half played twice, the second once: full bars, then half as high.
    const heights = await chart
      .locator("rect.bar")
      .evaluateAll((bars) => bars.map((bar) => bar.getAttribute("height")));
    expect(heights).toEqual([...Array(10).fill("60"), ...Array(10).fill("30")]);
    const placed = reel.spots.filter(({ start }) => Number.isFinite(reel.duration) && start <= reel.duration);
    await expect(chart.locator("line.spot")).toHaveCount(placed.length);

    const artistRow = page.locator("#views-artists tbody > tr").filter({ hasText: nameOf(spotArtist) });
    // One page view; both plays watched half of her spot.
    await expect(artistRow.locator("td.number")).toHaveText(["1", "2"]);

    const shortlistRow = page.locator("#views-shortlists tbody > tr");
    await expect(shortlistRow).toHaveCount(1);
    await expect(shortlistRow.getByRole("listitem")).toHaveText(
      [spotArtist, other.id]
        .sort()
        .map((id) => `${nameOf(id)}: ${id === spotArtist ? "1 page view" : "0 page views"} after`),
    );
    await expect(shortlistRow.locator("td.number")).toHaveText("1");

    await axe.expectNoViolations();
    await mkdir(path.join(ROOT, "test-results/screenshots"), { recursive: true });
    await page.screenshot({ path: path.join(ROOT, "test-results/screenshots/editing-views.png"), fullPage: true });

    const href = await page.getByRole("link", { name: "Download CSV" }).nth(2).getAttribute("href");
    const csv = await page.request.get(new URL(href ?? "", origin).href);
    expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="views-shortlists-.+\.csv"$/);
    expect((await csv.text()).split("\r\n")[0]).toBe(
      "shortlist,opens,last_opened (UTC),artist_id,artist_name,page_views_after_opening",
    );
  });
});
