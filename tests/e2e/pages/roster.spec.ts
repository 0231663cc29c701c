/**
 * A production company's roster: the content 40 times over (760 artists, each naming media of its
 * own), built and served once for this file's tests (issue 37). The grids' byte budgets at that
 * size, and the directors' clips on a desktop: a brisk scroll through the whole grid downloads
 * under a tenth of the clips' bytes, a clip starts only once its tile has stayed in view for a
 * moment, and a clip that leaves view stops downloading.
 */
import type { ChildProcess } from "node:child_process";
import { stat, rm } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";

import type { APIRequestContext, CDPSession, Page } from "@playwright/test";

import { makeRoster } from "#scripts/cli/roster.ts";
import { startServer } from "#scripts/lib/server-process.mjs";
import { CLIP_DWELL_MS } from "#app/lib/motion.ts";
import { expect, test } from "#tests/support/fixtures.ts";
import { freePort, run } from "#tests/support/scratch-project.ts";

const TIMES = 40;
/** The grids' HTML, gzipped as a server would (zlib's default level): at most this, at 40×. */
const HTML_GZIP_BUDGET = 100 * 1024;
/**
 * The loader data is the grid's compact list (what hydration needs), not a second rendering of
 * it: at most this share of the HTML's bytes, raw and gzipped. Names and media paths weigh the
 * same in both, so the share holds whatever the content.
 */
const LOADER_DATA_SHARE = 0.15;
/** A brisk scroll: three screens a second, a tile crosses a desktop's screen in a third of one. */
const SCROLL_PX_PER_SECOND = 2700;
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
  const started = await startServer(await freePort(), { cwd: dir });
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

  test("a brisk scroll through the directors' grid downloads under 10% of the clips' bytes", async ({
    page,
    request,
    hydration,
  }) => {
    test.setTimeout(180_000);
    const { bytes } = await clipBytes(page);
    await page.goto(`${origin}/artists/directors`);
    await hydration.wait();
    const clips = await clipPaths(request);
    await expect(page.locator("video[data-director-clip]")).toHaveCount(clips.length);
    expect(clips.length).toBeGreaterThanOrEqual(11 * TIMES);
    const total = (await Promise.all(clips.map((clip) => stat(path.join(dir, "public", clip))))).reduce(
      (sum, file) => sum + file.size,
      0,
    );
    // Top to bottom at an even speed, whatever the frame rate, then a moment at the bottom.
    await page.evaluate(
      (speed) =>
        new Promise<void>((resolve) => {
          let last = performance.now();
          const step = (now: number) => {
            window.scrollBy(0, (speed * (now - last)) / 1000);
            last = now;
            if (window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1) resolve();
            else requestAnimationFrame(step);
          };
          requestAnimationFrame(step);
        }),
      SCROLL_PX_PER_SECOND,
    );
    await page.waitForTimeout(CLIP_DWELL_MS + 1000);
    const share = bytes() / total;
    test
      .info()
      .annotations.push({ type: "clip bytes", description: `${bytes()} of ${total} (${(share * 100).toFixed(1)}%)` });
    expect(share, `${bytes()} of ${total} clip bytes`).toBeLessThan(0.1);
    // The visitor who stops at the bottom sees the last row move.
    const last = page.locator("video[data-director-clip]").last();
    await expect
      .poll(() => last.evaluate((video: HTMLVideoElement) => !video.paused && video.currentTime > 0))
      .toBe(true);
  });

  test("a tile that stays in view plays once it has stayed for a moment, not before", async ({ page, hydration }) => {
    await page.goto(`${origin}/artists/directors`);
    await hydration.wait();
    const clip = page.locator("video[data-director-clip]").nth(200);
    const started = await clip.evaluate(
      (video: HTMLVideoElement) =>
        new Promise<{ dwell: number; playing: boolean }>((resolve) => {
          video.scrollIntoView({ block: "center" });
          const inView = performance.now();
          video.addEventListener("playing", () => resolve({ dwell: performance.now() - inView, playing: true }), {
            once: true,
          });
          setTimeout(() => resolve({ dwell: performance.now() - inView, playing: false }), 15_000);
        }),
    );
    expect(started.playing).toBe(true);
    expect(started.dwell).toBeGreaterThanOrEqual(CLIP_DWELL_MS);
    await expect.poll(() => clip.evaluate((video: HTMLVideoElement) => video.currentTime)).toBeGreaterThan(0);
  });

  test("a clip that leaves view pauses and stops downloading", async ({ page, request, hydration }) => {
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
