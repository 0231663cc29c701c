/**
 * A production company's roster: the content 40 times over (760 artists, each naming media of its
 * own), built and served once for this file's tests (issue 37). The grids' byte budgets at that
 * size, and the directors' clips on a desktop (issue 45): a continuous scroll starts no clip, the
 * row the visitor stops on plays, a hovered or focused tile plays while the page moves, and a clip
 * that leaves view stops downloading. The clips' bytes at each scroll speed are the bench's
 * (scripts/bench/clip-scrolls.mjs). The selects at that size too (selects-at-scale.ts).
 */
import type { ChildProcess } from "node:child_process";
import { stat, rm } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";

import type { APIRequestContext, CDPSession, Page } from "@playwright/test";

import { makeRoster } from "#tests/support/roster.ts";
import { startServer } from "#tests/support/server-process.mjs";
import { scrollContinuously } from "#tests/support/scroll-continuously.ts";
import { expect, test } from "#tests/support/fixtures.ts";
import { freePort, run } from "#tests/support/scratch-project.ts";
import { SITE_URL } from "#tests/support/site-url.mjs";

import { defineSelectsAtScale } from "./selects-at-scale.ts";

const TIMES = 40;
/** The grids' HTML, gzipped as a server would (zlib's default level): at most this, at 40×. */
const HTML_GZIP_BUDGET = 100 * 1024;
/**
 * The loader data is the grid's compact list (what hydration needs), not a second rendering of
 * it: at most this share of the HTML's bytes, raw and gzipped. Names and media paths weigh the
 * same in both, so the share holds whatever the content.
 */
const LOADER_DATA_SHARE = 0.15;
/** An ordinary wheel or trackpad scroll, at which every tile once earned its clip (issue 45). */
const SCROLL_PX_PER_SECOND = 2000;
/** How long a clip may take to play: on a machine loaded with others' work, the first screen took 3 s. */
const PLAY_POLL = { timeout: 30_000 };
const GRIDS = [
  { path: "/artists/directors", route: "routes/artists.directors", key: "directors" },
  { path: "/artists/photographers", route: "routes/artists.photographers", key: "photographers" },
] as const;

let dir = "";
let origin = "";
let server: ChildProcess | undefined;

test.describe.configure({ mode: "serial" });

// One build for the file's tests, made in the desktop project only (the phone's figures are bytes).
test.beforeAll(async () => {
  if (test.info().project.name !== "desktop") return;
  test.setTimeout(600_000);
  dir = await makeRoster(TIMES);
  run(dir, "npm", ["run", "--silent", "build"]);
  // The same SITE_URL as the suite's own server, so both write the same links (the selects compare pages).
  const started = await startServer(await freePort(), { cwd: dir, env: { SITE_URL } });
  server = started.child;
  origin = started.origin;
});

test.afterAll(async () => {
  server?.kill();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/**
 * The clips' response bytes from now on, as they arrive (a dropped download counts what it got):
 * all of them, or those of one clip's path.
 */
async function clipBytes(
  page: Page,
): Promise<{ cdp: CDPSession; bytes: (clip?: string) => number; requests: Map<string, string> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const requests = new Map<string, string>();
  const received: { clip: string; bytes: number }[] = [];
  cdp.on("Network.requestWillBeSent", ({ requestId, request }) => {
    if (/\/videos\/directors\/[^/]+\.mp4$/.test(new URL(request.url).pathname))
      requests.set(requestId, new URL(request.url).pathname);
  });
  cdp.on("Network.dataReceived", ({ requestId, dataLength }) => {
    const clip = requests.get(requestId);
    if (clip) received.push({ clip, bytes: dataLength });
  });
  const bytes = (clip?: string) =>
    received.reduce((sum, chunk) => (clip === undefined || chunk.clip === clip ? sum + chunk.bytes : sum), 0);
  return { cdp, bytes, requests };
}

/** The directors' clips' paths, in grid order, as the grid's loader gives them. */
async function clipPaths(request: APIRequestContext): Promise<string[]> {
  const data = await request.get(`${origin}/artists/directors?_data=${encodeURIComponent(GRIDS[0].route)}`);
  return ((await data.json()) as { directors: { thumb: string }[] }).directors.map((director) => director.thumb);
}

interface Screen {
  /** The clips whose tiles' frames are wholly on screen, by path. */
  wholly: string[];
  /** Those with any part of their frames on screen. */
  partly: string[];
  /** The clips playing (not paused, past their first frame), wherever they are. */
  playing: string[];
}

/** The clips on screen and those playing, read at one moment. */
function screen(page: Page, clips: string[]): Promise<Screen> {
  return page.locator("video[data-director-clip]").evaluateAll((videos: HTMLVideoElement[], paths) => {
    const found: Screen = { wholly: [], partly: [], playing: [] };
    videos.forEach((video, index) => {
      const frame = video.parentElement!.getBoundingClientRect();
      if (frame.top >= 0 && frame.bottom <= window.innerHeight) found.wholly.push(paths[index]);
      if (frame.bottom > 0 && frame.top < window.innerHeight) found.partly.push(paths[index]);
      if (!video.paused && video.currentTime > 0) found.playing.push(paths[index]);
    });
    return found;
  }, clips);
}

/**
 * The clips wholly on screen that do not play (none once they all do), read again until then
 * (`seen` gathers each reading): the grid's estimated heights can still shift the rows a little
 * when the page stops.
 */
async function stillOnScreen(page: Page, clips: string[], seen?: Set<string>): Promise<string[]> {
  const { wholly, partly, playing } = await screen(page, clips);
  for (const clip of partly) seen?.add(clip);
  return wholly.length < 3 ? ["(no row wholly on screen)"] : wholly.filter((clip) => !playing.includes(clip));
}

/** The `src` attributes of the clips at `indexes` ("" for none). */
function sources(page: Page, indexes: number[]): Promise<string[]> {
  return page
    .locator("video[data-director-clip]")
    .evaluateAll(
      (videos: HTMLVideoElement[], at) => at.map((index) => videos[index].getAttribute("src") ?? ""),
      indexes,
    );
}

test.describe("a 40× roster", () => {
  test.skip(({ isMobile }) => isMobile, "one build of the 40× roster, in the desktop project");

  for (const grid of GRIDS) {
    test(`${grid.path}: every artist; HTML ≤ 100 KB gzipped; loader data a compact list, not a second page`, async ({
      request,
    }) => {
      const html = await (await request.get(origin + grid.path)).text();
      const data = await (await request.get(`${origin}${grid.path}?_data=${encodeURIComponent(grid.route)}`)).text();
      const artists: Record<string, unknown>[] = JSON.parse(data)[grid.key];
      expect(artists.length).toBeGreaterThanOrEqual(8 * TIMES);
      // The spec's grid: every artist, with name, link out, "Profile" and "Add to selects".
      for (const artist of artists) {
        expect(html).toContain(`href="https://${String(artist.website)}"`);
        expect(html).toContain(`href="${String(artist.url)}"`);
      }
      expect(html.match(/<li class="group">/g)).toHaveLength(artists.length);
      expect(html.match(/aria-label="Add to selects: /g)).toHaveLength(2 * artists.length);

      const htmlGzip = gzipSync(html).length;
      const dataGzip = gzipSync(data).length;
      const figures = `HTML ${html.length} B (${htmlGzip} B gzip), loader data ${data.length} B (${dataGzip} B gzip)`;
      test.info().annotations.push({ type: grid.path, description: figures });
      expect(htmlGzip, figures).toBeLessThanOrEqual(HTML_GZIP_BUDGET);
      expect(data.length / html.length, figures).toBeLessThanOrEqual(LOADER_DATA_SHARE);
      expect(dataGzip / htmlGzip, figures).toBeLessThanOrEqual(LOADER_DATA_SHARE * 2);
    });
  }

  test("a continuous scroll starts no clip, and the row it stops on plays", async ({ page, request, hydration }) => {
    test.setTimeout(180_000);
    const { requests } = await clipBytes(page);
    await page.goto(`${origin}/artists/directors`);
    await hydration.wait();
    const clips = await clipPaths(request);
    await expect(page.locator("video[data-director-clip]")).toHaveCount(clips.length);
    expect(clips.length).toBeGreaterThanOrEqual(11 * TIMES);
    // The first screen plays at once: the page is at rest where it opens.
    const ends = new Set<string>();
    await expect.poll(() => stillOnScreen(page, clips, ends), PLAY_POLL).toEqual([]);

    const middle = await page.evaluate(() => (document.documentElement.scrollHeight - window.innerHeight) / 2);
    const scroll = await scrollContinuously(page, SCROLL_PX_PER_SECOND, middle);
    // Every frame moved the page, however long a busy machine took to draw it: it was never at
    // rest on the way, so nothing may start.
    expect(scroll.videosStarted, "clips that started while the page moved").toBe(0);

    // The row it stopped on, every tile of it wholly on screen, plays.
    await expect.poll(() => stillOnScreen(page, clips, ends), PLAY_POLL).toEqual([]);
    // No clip but those on the first screen and where it stopped was asked for: the scroll passed
    // some 70 rows and fetched none of them.
    const fetched = [...new Set(requests.values())].filter((clip) => !ends.has(clip));
    expect(fetched, "clips fetched on the way").toEqual([]);
  });

  test("a hovered or a focused tile plays while the page moves; the others wait for it to rest", async ({
    page,
    request,
    hydration,
  }) => {
    test.setTimeout(120_000);
    await page.goto(`${origin}/artists/directors`);
    await hydration.wait();
    const clips = await clipPaths(request);
    // Tiles 301–303 in the middle of the screen, the page kept moving: a pixel down, a pixel up, every frame.
    await page
      .locator("video[data-director-clip]")
      .nth(300)
      .evaluate((video) => {
        video.scrollIntoView({ block: "center" });
        let down = true;
        const jiggle = () => {
          window.scrollBy(0, down ? 1 : -1);
          down = !down;
          if (!document.body.dataset.stopJiggle) requestAnimationFrame(jiggle);
        };
        requestAnimationFrame(jiggle);
      });
    expect((await screen(page, clips)).wholly).toEqual(expect.arrayContaining(clips.slice(300, 303)));
    const tiles = page.getByRole("main").getByRole("listitem");
    // Moved with the mouse (not Playwright's hover, which waits for the tile to stop moving).
    const box = await tiles.nth(300).boundingBox();
    await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 3);
    await tiles
      .nth(302)
      .getByRole("link", { name: /^Profile of / })
      .focus();
    await expect.poll(async () => (await screen(page, clips)).playing, PLAY_POLL).toEqual([clips[300], clips[302]]);
    // Its neighbour, neither hovered nor focused, waits: it has not even been asked for.
    expect(await sources(page, [301])).toEqual([""]);

    await page.evaluate(() => (document.body.dataset.stopJiggle = "1"));
    await expect.poll(() => stillOnScreen(page, clips), PLAY_POLL).toEqual([]);
  });

  test("a clip that leaves view pauses and stops downloading", async ({ page, request, hydration }) => {
    // A page of 440 tiles to open and hydrate, then a slow line: a bound for a loaded machine, not a timing.
    test.setTimeout(90_000);
    const { cdp, bytes, requests } = await clipBytes(page);
    await page.goto(`${origin}/artists/directors`);
    await hydration.wait();
    // A slow line, so the clip is still arriving when it leaves view.
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: 8 * 1024,
      uploadThroughput: 8 * 1024,
    });
    const ended = new Map<string, string>();
    cdp.on("Network.loadingFailed", ({ requestId, errorText }) => ended.set(requestId, errorText));
    cdp.on("Network.loadingFinished", ({ requestId }) => ended.set(requestId, "finished"));
    const clip = page.locator("video[data-director-clip]").nth(300);
    const clipPath = (await clipPaths(request))[300];
    const size = (await stat(path.join(dir, "public", clipPath))).size;
    await clip.scrollIntoViewIfNeeded();
    await expect.poll(() => bytes(clipPath), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => clip.evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);
    // Settled: what was in flight when it left is dropped, and nothing more arrives.
    await page.waitForTimeout(500);
    const atLeave = bytes(clipPath);
    await page.waitForTimeout(2000);
    const ids = [...requests].filter(([, url]) => url === clipPath).map(([id]) => id);
    const outcome = ids.map((id) => ended.get(id) ?? "still loading").join(", ");
    expect(ids.length).toBeGreaterThan(0);
    expect(bytes(clipPath), `bytes after the clip left view; its requests: ${outcome}`).toBe(atLeave);
    expect(outcome).not.toContain("still loading");
    expect(atLeave).toBeLessThan(size);
  });
});

defineSelectsAtScale(TIMES, () => origin);
