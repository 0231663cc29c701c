/**
 * What visitors watched, from their browsers to the editing screen: the site's production server
 * counting into an SQLite store, three visitors in Chromium, then the single editor's server
 * (startEditServer, without the preview site `npm run edit` starts beside it, which the figures do
 * not need) on a copy of the content, reading that store. One plays a reel to its middle and leaves
 * by a link, another plays it to the end, a third opens a shortlist and reads one of its artists'
 * pages: the screen's "Views" show 2 plays, 75 % watched, the first half twice and the second once,
 * the shortlist opened once and that artist's page read after it, as its CSVs do. On a phone (390 px)
 * the page never scrolls sideways and no fixed corner link covers its text.
 */
import { cp, mkdir, rm } from "node:fs/promises";
import type { Server } from "node:http";
import path from "node:path";

import type { Browser, Page } from "@playwright/test";

import type { ViewFigures } from "#analytics/types.ts";
import { artists, reels } from "#app/content/index.ts";
import { startEditServer } from "#edit/server/local-editor.ts";
import { expect, test } from "#tests/support/fixtures.ts";
import { ReelPlayer } from "#tests/support/reel-player.ts";
import { freePort, scratchProject } from "#tests/support/scratch-project.ts";
import { startServer } from "#tests/support/server-process.mjs";
import { SITE_URL } from "#tests/support/site-url.mjs";

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
const everyone = [...artists.directors, ...artists.photographers];
const nameOf = (id: string) => everyone.find((artist) => artist.id === id)!.name;
/** The artists whose spots start in the reel's first half: both plays watched them. */
const firstHalf = reel.spots.filter(({ start }, index) => {
  const end = reel.spots[index + 1]?.start ?? reel.duration;
  return start + (end - start) / 2 <= reel.duration / 2;
});
const read = artists.directors[0];
const other = artists.photographers[0];

/** Plays that watched half of one of `artist`'s spots: both, for a spot in the first half; the whole play, for one after. */
const spotViewsOf = (artist: string) =>
  firstHalf.some((spot) => spot.artist === artist) ? 2 : reel.spots.some((spot) => spot.artist === artist) ? 1 : 0;

/** RFC 4180's rows: a field quoted may hold commas, line breaks and quotes (doubled). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [[]];
  for (const [, quoted, plain, end] of text.matchAll(/(?:"((?:[^"]|"")*)"|([^",\r\n]*))(,|\r\n)/g)) {
    rows[rows.length - 1].push(quoted?.replaceAll('""', '"') ?? plain);
    if (end === "\r\n") rows.push([]);
  }
  return rows.slice(0, -1);
}

const count = (cell: string) => Number(cell).toLocaleString("en");
const share = (cell: string) => `${Math.round(Number(cell) * 100)}%`;
/** A CSV row as the page's row shows it: id, name, figures (and each twentieth of a reel's curve). */
const CSV_AS_PAGE: Record<string, (row: string[]) => string[]> = {
  Reels: ([slug, title, plays, visitors, average, finished, ...curve]) => [
    slug,
    title,
    count(plays),
    count(visitors),
    share(average),
    share(finished),
    ...curve.map(share),
  ],
  Artists: ([id, name, views, spotViews]) => [id, name, count(views), count(spotViews)],
};

/** The page's rows of `table` as read from its cells: the id, the name above it, the figures, a curve's shares. */
const pageRows = (page: Page, table: string) =>
  page.locator(`#views-${table} > table > tbody > tr`).evaluateAll((rows) =>
    rows.map((row) => {
      const [name, ...cells] = [...row.children];
      const id = name.querySelector(".slug")?.textContent;
      const curve = [...row.querySelectorAll("details tr > td:last-child")].map((cell) => cell.textContent ?? "");
      const figures = cells.filter((cell) => cell.classList.contains("number")).map((cell) => cell.textContent ?? "");
      return [id ?? name.textContent ?? "", id ? (name.firstChild?.textContent ?? "") : "", ...figures, ...curve];
    }),
  );

/**
 * The main content's text and table headings that a fixed element's box covers at some scroll
 * position of the page (the boxes overlapping across, and a scroll that brings them level).
 */
const coveredText = (page: Page) =>
  page.evaluate(() => {
    const fixed = [...document.querySelectorAll("body *")]
      .filter((element) => getComputedStyle(element).position === "fixed")
      .map((element) => element.getBoundingClientRect());
    const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
    const boxes: { text: string; box: DOMRect }[] = [...document.querySelectorAll("main th")].map((heading) => ({
      text: heading.textContent ?? "",
      box: heading.getBoundingClientRect(),
    }));
    const walker = document.createTreeWalker(document.querySelector("main")!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) boxes.push({ text: node.textContent ?? "", box });
    }
    return boxes
      .filter(({ box }) => box.width > 0 && box.height > 0)
      .filter(({ box }) =>
        fixed.some((over) => {
          const [top, bottom] = [box.top + scrollY, box.bottom + scrollY];
          const across = box.left < over.right && box.right > over.left;
          return across && Math.max(0, top - over.bottom) < Math.min(maxScroll, bottom - over.top);
        }),
      )
      .map(({ text }) => text.trim());
  });

/** A visitor of their own: each browser's user agent is another (the address is the same here). */
async function visitor(browser: Browser, index: number) {
  const context = await browser.newContext({
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.${index}.0 Safari/537.36`,
    viewport: { width: 1440, height: 900 },
  });
  return { context, page: await context.newPage() };
}

/** Plays the reel from its start, four times as fast, pausing at `stopAt` seconds (to the frame) or at its end. */
async function watch(player: ReelPlayer, stopAt: number) {
  await player.play();
  await player.video.evaluate((video: HTMLVideoElement, at: number) => {
    video.playbackRate = 4;
    const check = () => {
      if (video.currentTime >= at) video.pause();
      else if (!video.ended) video.requestVideoFrameCallback(check);
    };
    video.requestVideoFrameCallback(check);
  }, stopAt);
  await expect
    .poll(() => player.video.evaluate((video: HTMLVideoElement) => video.paused), { timeout: 30_000 })
    .toBe(true);
}

test.describe("the views page", () => {
  test.skip(({ isMobile }) => isMobile, "the editing screen is used on a desktop");
  test.describe.configure({ timeout: 120_000 });

  let dir = "";
  let database = "";
  let site: Awaited<ReturnType<typeof startServer>> | undefined;
  let server: Server | undefined;
  let origin = "";
  const saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));

  test.beforeAll(async () => {
    dir = await scratchProject("views-", SOURCES);
    await mkdir(path.join(dir, "media"));
    await cp(path.join(ROOT, "media/manifest.json"), path.join(dir, "media/manifest.json"));
    database = path.join(dir, "data/analytics.sqlite");
    // The editing server reads the site's settings from its environment, as `npm run edit` does.
    for (const name of SETTINGS) delete process.env[name];
    process.env.ANALYTICS_DB = database;
    const editPort = await freePort(2);
    const sitePort = editPort + 1;
    site = await startServer(sitePort, { env: { ANALYTICS_DB: database, SITE_URL } });
    ({ server } = await startEditServer({ root: dir, port: editPort }));
    origin = `http://127.0.0.1:${editPort}`;
  });

  test.afterAll(async () => {
    site?.child.kill();
    server?.closeAllConnections();
    if (server) await new Promise((resolve) => server?.close(resolve));
    for (const name of SETTINGS)
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    await rm(dir, { recursive: true, force: true });
  });

  test("three visitors, then the screen's figures: the reel's plays and curve, the artists, the shortlist, each table's CSV", async ({
    browser,
    page,
    axe,
  }) => {
    const visitors = await Promise.all([1, 2, 3].map((index) => visitor(browser, index)));
    const [half, whole, buyer] = visitors.map(({ page: visitorPage }) => visitorPage);
    // One plays the reel to its middle and leaves by a link; another to its end.
    await half.goto(`${site!.origin}/${reel.slug}`);
    await watch(new ReelPlayer(half, false), reel.duration / 2);
    await half.getByRole("navigation", { name: "Main" }).getByRole("link").first().click();
    await whole.goto(`${site!.origin}/${reel.slug}`);
    await watch(new ReelPlayer(whole, false), Infinity);
    // The third opens a shortlist link, then one of its artists' pages from it.
    await buyer.goto(`${site!.origin}/selects?artists=${other.id},${read.id}`);
    await buyer.getByRole("link", { name: `Profile of ${read.name}` }).click();
    await expect(buyer).toHaveURL(new RegExp(`${read.url}$`));
    // The figures as the screen reads them, once the visitors' last events have arrived: batched each second,
    // and later on a CI machine busy with the editing specs' builds (it once took more than 5 s there).
    const figures = async () => (await page.request.get(`${origin}/edit/api/views`)).json() as Promise<ViewFigures>;
    await expect
      .poll(
        async () => {
          const { reels: played, shortlists } = await figures();
          return [played[0]?.plays, shortlists[0]?.artists.find(({ id }) => id === read.id)?.views];
        },
        { timeout: 20_000 },
      )
      .toEqual([2, 1]);
    for (const { context, page: visitorPage } of visitors) {
      expect(await context.cookies()).toEqual([]);
      expect(await visitorPage.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
      await context.close();
    }
    const {
      reels: [watched],
      artists: counted,
    } = await figures();
    expect(watched).toMatchObject({ slug: reel.slug, plays: 2, visitors: 2, finishRate: 0.5 });
    expect(watched.averageWatched).toBeCloseTo(0.75, 1);
    expect(watched.curve).toEqual([...Array(10).fill(1), ...Array(10).fill(0.5)]);
    for (const { artist } of reel.spots)
      expect(counted.find(({ id }) => id === artist)?.spotViews, artist).toBe(spotViewsOf(artist));

    await page.goto(`${origin}/keystatic`);
    await page.getByRole("link", { name: "Views", exact: true }).click();
    await expect(page).toHaveURL(`${origin}/edit/views`);

    const reelRow = page.locator("#views-reels tbody > tr").filter({ hasText: reel.title });
    await expect(reelRow).toHaveCount(1);
    // Plays, visitors, average watched (about (50 % + 100 %) / 2, as the JSON says: a busy machine
    // pauses the first a frame or two past the middle), finished (one of two).
    const average = `${Math.round(watched.averageWatched * 100)}%`;
    await expect(reelRow.locator(":scope > td.number")).toHaveText(["2", "2", average, "50%"]);
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

    const artistRow = page.locator("#views-artists tbody > tr").filter({ hasText: read.name });
    // Her page read once; the plays that watched half of one of her spots.
    await expect(artistRow.locator("td.number")).toHaveText(["1", String(spotViewsOf(read.id))]);

    const shortlistRow = page.locator("#views-shortlists tbody > tr");
    await expect(shortlistRow).toHaveCount(1);
    await expect(shortlistRow.getByRole("listitem")).toHaveText(
      [read.id, other.id].sort().map((id) => `${nameOf(id)}: ${id === read.id ? "1 page view" : "0 page views"} after`),
    );
    await expect(shortlistRow.locator("td.number")).toHaveText("1");

    // The page and its CSVs say the same: each row's names and figures, as the page writes them.
    for (const [table, fromCsv] of Object.entries(CSV_AS_PAGE)) {
      const link = page.getByRole("region", { name: table, exact: true }).getByRole("link", { name: "Download CSV" });
      const csv = await page.request.get(new URL((await link.getAttribute("href")) ?? "", origin).href);
      const rows = parseCsv(await csv.text())
        .slice(1)
        .map(fromCsv);
      expect(rows.length, table).toBeGreaterThan(0);
      expect(await pageRows(page, table.toLowerCase()), table).toEqual(rows);
    }

    await mkdir(path.join(ROOT, "test-results/screenshots"), { recursive: true });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      // Never sideways: a wide table scrolls in its own box; no fixed corner link over a heading or any text.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        `${width}`,
      ).toBeLessThanOrEqual(0);
      expect(await coveredText(page), `${width}`).toEqual([]);
      await axe.expectNoViolations();
      const screenshot = `test-results/screenshots/editing-views-${width}.png`;
      await page.screenshot({ path: path.join(ROOT, screenshot), fullPage: true });
    }

    const href = await page.getByRole("link", { name: "Download CSV" }).nth(2).getAttribute("href");
    const csv = await page.request.get(new URL(href ?? "", origin).href);
    expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="views-shortlists-.+\.csv"$/);
    expect((await csv.text()).split("\r\n")[0]).toBe(
      "shortlist,opens,last_opened (UTC),artist_id,artist_name,page_views_after_opening",
    );
  });
});
