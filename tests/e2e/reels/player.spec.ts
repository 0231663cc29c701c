import type { Page } from "@playwright/test";

import { reels } from "#app/content/index.ts";
import { videoPoster } from "#model/media.ts";
import { reelLadder } from "#model/reel-frames.ts";
import { STALL_SECONDS } from "#app/reel/player/fallback.client.ts";
import { expect, test } from "#tests/support/fixtures.ts";
import { DEMO_TITLE_CARD } from "#tests/support/demo-title-card.ts";
import { renditionsOf, segmentSpan } from "#tests/support/hls.ts";

/** A missing file, answered as the site's server answers one. */
const MISSING_FILE = { status: 404, contentType: "text/plain; charset=utf-8", body: "Not Found" };

const reel = reels[reels.length - 1];
const master = reel.sources[0].src;
const mp4 = reel.sources[1].src;

/** Collects the URLs the page requests from now on. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(new URL(request.url()).pathname));
  return urls;
}

/** Follows a link of the main navigation, through the menu on a phone, as a visitor does. */
async function navigateTo(page: Page, isMobile: boolean, name: string) {
  if (isMobile) await page.getByRole("button", { name: "Menu" }).click();
  await page
    .getByRole("navigation", { name: isMobile ? "Mobile" : "Main" })
    .getByRole("link", { name })
    .click();
}

test.describe("the reel player", () => {
  test("video.js takes over the page's own <video> without any interaction, in place", async ({ page, player }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    await page.goto(`/${reel.slug}`);
    await player.ready();

    // One <video>, the server's, now video.js's tech inside the box it adopted.
    await expect(page.locator("main video")).toHaveCount(1);
    await expect(player.box.locator("video.vjs-tech")).toHaveCount(1);
    await expect(player.box).toHaveClass(/vjs-paused/);
    await expect(page.locator(".vjs-poster img")).toHaveAttribute("src", videoPoster(reel.poster));
    // The take-over happens inside the reserved aspect-ratio box: nothing on the page moves.
    const layoutShift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & { value: number })[];
            resolve(entries.reduce((sum, entry) => sum + entry.value, 0));
          }).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => resolve(0), 500);
        }),
    );
    expect(layoutShift).toBe(0);

    await player.press();
    await expect.poll(() => player.playhead(), { timeout: 15_000 }).toBeGreaterThan(1);
    // The control bar, most of which is built a moment after the player (completeControlBar in
    // app/reel/player/videojs.client.ts), holds video.js's controls for an on-demand reel in video.js's order.
    const controls = page.locator(".vjs-control-bar > .vjs-control:visible");
    expect(await controls.evaluateAll((elements) => elements.map((element) => element.classList[0]))).toEqual([
      "vjs-play-control",
      "vjs-volume-panel",
      "vjs-progress-control",
      "vjs-remaining-time",
      "vjs-chapters-button",
      "vjs-descriptions-button",
      "vjs-subs-caps-button",
      "vjs-picture-in-picture-control",
      "vjs-fullscreen-control",
    ]);
    expect(errors).toEqual([]);
  });

  test("fetches the playlists before the press, and no video", async ({ page, player }) => {
    const requests = recordRequests(page);
    await page.goto(`/${reel.slug}`);
    await player.ready();
    await expect.poll(() => requests.filter((path) => path.endsWith(".m3u8")).length).toBeGreaterThanOrEqual(2);
    expect(requests).toContain(master);
    await page.waitForLoadState("networkidle");
    expect(requests.filter((path) => path.startsWith("/videos/") && !path.endsWith(".m3u8"))).toEqual([]);
  });

  test("one player after navigating away and back; leaving disposes it", async ({ page, isMobile, player }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const other = reels[0];
    await page.goto(`/${reel.slug}`);
    await player.ready();
    await navigateTo(page, isMobile, "Collective Reels");
    await page.getByRole("link", { name: other.title, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(other.title);
    await player.ready();
    await expect(page.locator(".vjs-poster img")).toHaveAttribute("src", videoPoster(other.poster));

    await navigateTo(page, isMobile, "Clients");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Clients");
    await expect(page.locator(".video-js, video")).toHaveCount(0);

    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(other.title);
    await player.ready();
    await expect(page.locator(".video-js")).toHaveCount(1);
    await expect(page.locator("main video")).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test("on every reel's poster, the big play button keeps clear of the title card", async ({ page, player }) => {
    test.slow(); // three reel pages, each waited for until video.js has taken over
    type Box = { x: number; y: number; width: number; height: number };
    const overlap = (a: Box, b: Box) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    for (const { slug } of reels) {
      await page.goto(`/${slug}`);
      await player.ready();
      const button = page.getByRole("button", { name: "Play Video" });
      await expect(button).toBeVisible();
      const [frame, buttonBox] = await Promise.all([player.box.boundingBox(), button.boundingBox()]);
      if (!frame || !buttonBox) throw new Error(`/${slug}: the player or its button has no box`);
      // The poster fills the player's box, which has the film's shape.
      const { x, y, width, height } = DEMO_TITLE_CARD;
      const card = {
        x: x * frame.width,
        y: y * frame.height,
        width: width * frame.width,
        height: height * frame.height,
      };
      const inFrame = { ...buttonBox, x: buttonBox.x - frame.x, y: buttonBox.y - frame.y };
      expect(overlap(inFrame, card), `/${slug}: button ${JSON.stringify(inFrame)}, title ${JSON.stringify(card)}`).toBe(
        false,
      );
      // Whole on the poster, where a visitor sees it.
      expect(inFrame.x).toBeGreaterThanOrEqual(0);
      expect(inFrame.y).toBeGreaterThanOrEqual(0);
      expect(inFrame.x + inFrame.width).toBeLessThanOrEqual(frame.width);
      expect(inFrame.y + inFrame.height).toBeLessThanOrEqual(frame.height);
    }
  });

  test("every reel's master playlist lists the H.264 renditions of its film's ladder", async ({ request }) => {
    for (const { sources, frame } of reels) {
      const response = await request.get(sources[0].src);
      expect(response.status()).toBe(200);
      const ladder = renditionsOf(await response.text(), sources[0].src);
      // Every rung the film's shape and size call for (four for a film of 1080p or more), in any order.
      const expected = reelLadder(frame).map((rung) => `${rung.width}x${rung.height}`);
      expect(ladder.map((rung) => rung.resolution).sort()).toEqual(expected.sort());
      for (const rung of ladder) {
        expect(rung.codecs).toMatch(/^avc1\.[0-9a-f]{6},mp4a\.40\.2$/);
        expect((await request.get(rung.playlist)).status()).toBe(200);
      }
    }
  });
});

test.describe("a tap on a throttled phone", () => {
  test.skip(({ isMobile }) => !isMobile, "phone only");

  test("plays 15 s without a pause it was not asked for, across video.js taking over", async ({ page, player }) => {
    test.setTimeout(90_000);
    // Every pause of any media element on the page, from the very start.
    await page.addInitScript(() => {
      const pauses: number[] = [];
      Object.assign(window, { pauses });
      document.addEventListener("pause", (event) => pauses.push((event.target as HTMLVideoElement).currentTime), true);
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    // Slow 4G: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up; a phone's CPU, four times slower.
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: 1.6e6 / 8,
      uploadThroughput: 750e3 / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });

    await page.goto(`/${reel.slug}`, { waitUntil: "commit" });
    const video = page.locator("main video");
    // The tap comes as soon as the player is on screen, before video.js is there. Headless
    // Chromium's native controls ignore a synthetic tap, so the tap is followed by play().
    await video.tap();
    const tookOverAlready = await player.box.count();
    await video.evaluate((element: HTMLVideoElement) => {
      element.dataset.tapped = "";
      return element.play();
    });

    await expect.poll(() => player.playhead(), { timeout: 60_000, intervals: [500] }).toBeGreaterThan(15);
    expect(tookOverAlready).toBe(0);
    // video.js took over the very element that was playing: it was never replaced or restarted.
    await expect(player.box.locator("video[data-tapped]")).toHaveCount(1);
    expect(await page.evaluate(() => (window as unknown as { pauses: number[] }).pauses)).toEqual([]);
  });
});

/**
 * Safari's path, which cannot run here: a browser that plays HLS itself gets video.js's core build,
 * which hands the master playlist to the browser (no Media Source Extensions, no HLS engine).
 * Chromium plays HLS itself too, so this is that path, in the engine that can run it. What differs
 * in WebKit and is covered elsewhere: iOS plays inline only with `playsinline` (reel-player.tsx),
 * the browser starts on the master's first variant (HLS_MASTER_ORDER, model/reel-frames.ts), and a native stall is
 * caught by the watchdog below, which reads the playhead as this path does.
 */
test.describe("where the browser plays HLS itself (Safari's path)", () => {
  test.skip(({ isMobile }) => isMobile, "one width is enough");

  test("the core build hands the browser the master playlist, which it plays from a press and from ?t=", async ({
    page,
    player,
  }) => {
    const requests = recordRequests(page);
    const moment = reel.spots[1].start;
    await page.goto(`/${reel.slug}?t=${moment}`);
    expect(
      await page
        .locator("main video")
        .evaluate((video: HTMLVideoElement) => video.canPlayType("application/vnd.apple.mpegurl")),
    ).not.toBe("");
    await player.press();
    await expect.poll(() => player.playhead(), { timeout: 20_000 }).toBeGreaterThan(moment + 1);
    expect(await player.playhead()).toBeLessThan(moment + 10);
    // The browser's own player: its source is the playlist itself, not an MSE blob: URL.
    expect(await page.locator("main video").evaluate((video: HTMLVideoElement) => video.currentSrc)).toMatch(
      new RegExp(`${master}(#.*)?$`),
    );
    expect(
      requests
        .filter((path) => /\/(core|video)\.es-[^/]+\.js$/.test(path))
        .map((path) => path.split("/").pop()?.split("-")[0]),
    ).toEqual(["core.es"]);
    expect(requests.some((path) => path.endsWith(".ts"))).toBe(true);
  });
});

test.describe("where the browser plays no HLS itself (Firefox's and WebKitGTK's path)", () => {
  test.skip(({ isMobile }) => isMobile, "one width is enough");

  /** Chromium as an engine without native HLS: it says so for the playlist's type. */
  const withoutNativeHls = (page: Page) =>
    page.addInitScript(() => {
      const canPlayType = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return type === "application/vnd.apple.mpegurl" ? "" : canPlayType.call(this, type);
      };
    });
  const builds = (requests: string[]) =>
    requests
      .filter((path) => /\/(core|video)\.es-[^/]+\.js$/.test(path))
      .map((path) => path.split("/").pop()?.split("-")[0]);

  test("where MSE plays the HLS engine's kind of stream, the engine streams the ladder", async ({ page, player }) => {
    await withoutNativeHls(page);
    const requests = recordRequests(page);
    await page.goto(`/${reel.slug}`);
    await player.press();
    await expect.poll(() => player.playhead(), { timeout: 20_000 }).toBeGreaterThan(1);
    expect(builds(requests)).toEqual(["video.es"]);
    expect(await page.locator("main video").evaluate((video: HTMLVideoElement) => video.currentSrc)).toMatch(/^blob:/);
    expect(requests.some((path) => path.endsWith(".ts"))).toBe(true);
  });

  test("from a ?t= link, the engine fetches the moment's segment first, not the reel's first", async ({
    page,
    player,
    baseURL,
  }) => {
    await withoutNativeHls(page);
    const moment = reel.spots[Math.floor(reel.spots.length / 2)].start;
    await page.goto(`/${reel.slug}?t=${moment}`);
    const requests = recordRequests(page);
    await player.press();
    await expect.poll(() => player.playhead(), { timeout: 20_000 }).toBeGreaterThan(moment + 0.5);
    const first = requests.find((path) => path.endsWith(".ts"));
    expect(first, "a segment fetched").toBeDefined();
    const { start, end } = await segmentSpan(first!, baseURL!);
    expect(start).toBeLessThanOrEqual(moment);
    expect(end).toBeGreaterThan(moment);
  });

  test("where it does not (WebKitGTK's MSE), the first press plays the MP4 at once, from ?t= too, without the HLS engine", async ({
    page,
    player,
  }) => {
    await withoutNativeHls(page);
    // WebKitGTK's symptom, in Chromium: a stream fed through MSE buffers, but its playhead never moves.
    await page.addInitScript(() => {
      const time = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, "currentTime")!;
      Object.defineProperty(HTMLMediaElement.prototype, "currentTime", {
        ...time,
        get(this: HTMLMediaElement) {
          return this.currentSrc.startsWith("blob:") ? 0 : (time.get!.call(this) as number);
        },
      });
    });
    const requests = recordRequests(page);
    const moment = reel.spots[1].start;
    await page.goto(`/${reel.slug}?t=${moment}`);
    await player.press();
    await expect.poll(() => player.playhead(), { timeout: 20_000 }).toBeGreaterThan(moment + 0.5);
    expect(await player.playhead()).toBeLessThan(moment + 10);
    expect(await page.locator("main video").evaluate((video: HTMLVideoElement) => video.currentSrc)).toMatch(
      new RegExp(`${mp4}(#t=${moment})?$`),
    );
    // Never through the HLS engine and the stall watchdog: no stream was ever fetched.
    expect(builds(requests)).toEqual(["core.es"]);
    expect(requests.filter((path) => /\.(m3u8|ts)$/.test(path))).toEqual([]);
  });
});

test.describe("when things fail", () => {
  test.skip(({ isMobile }) => isMobile, "one width is enough");

  test("a missing playlist falls back to the MP4, with one press", async ({ page, player }) => {
    await page.route(`**${master}`, (route) => route.fulfill(MISSING_FILE));
    await page.goto(`/${reel.slug}`);
    await player.press();
    await expect.poll(() => player.playhead(), { timeout: 20_000 }).toBeGreaterThan(1);
    expect(await page.locator("main video").evaluate((video: HTMLVideoElement) => video.currentSrc)).toMatch(
      new RegExp(`${mp4}$`),
    );
  });

  test("a play that stalls with data buffered (as WebKitGTK's did) switches to the MP4 at the same moment", async ({
    page,
    player,
  }) => {
    const moment = reel.spots[1].start;
    // WebKit's symptom, in Chromium: the stream buffers, but its playhead never leaves the moment.
    await page.addInitScript((frozenAt) => {
      const time = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, "currentTime")!;
      Object.defineProperty(HTMLMediaElement.prototype, "currentTime", {
        ...time,
        get(this: HTMLMediaElement) {
          const real = time.get!.call(this) as number;
          return this.currentSrc.includes(".m3u8") ? Math.min(real, frozenAt) : real;
        },
      });
    }, moment);
    const requests = recordRequests(page);
    await page.goto(`/${reel.slug}?t=${moment}`);
    await player.press();
    await expect
      .poll(() => page.locator("main video").evaluate((video: HTMLVideoElement) => video.currentSrc), {
        timeout: 20_000,
      })
      .toMatch(new RegExp(`${mp4}$`));
    // It plays on from where the visitor was, without a second press.
    await expect.poll(() => player.playhead(), { timeout: 15_000 }).toBeGreaterThan(moment + 1);
    expect(await player.playhead()).toBeLessThan(moment + 10);
    expect(await page.locator("main video").evaluate((video: HTMLVideoElement) => video.paused)).toBe(false);
    await expect(page.locator(".vjs-error-display")).toBeHidden();
    expect(requests.filter((path) => path === mp4).length).toBeGreaterThan(0);
  });

  test("a play on the MP4 that stalls with data buffered (as WebKitGTK's now and then does) is loaded again, and plays", async ({
    page,
    player,
  }) => {
    await page.route(`**${master}`, (route) => route.fulfill(MISSING_FILE));
    // The symptom, in Chromium: the MP4 buffers, but its playhead stays at 0.006 s until it seeks.
    await page.addInitScript(() => {
      const time = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, "currentTime")!;
      let stuck = true;
      document.addEventListener("seeking", () => (stuck = false), { capture: true });
      Object.defineProperty(HTMLMediaElement.prototype, "currentTime", {
        ...time,
        get(this: HTMLMediaElement) {
          const real = time.get!.call(this) as number;
          return stuck && this.currentSrc.includes(".mp4") ? Math.min(real, 0.006) : real;
        },
      });
    });
    await page.goto(`/${reel.slug}`);
    await player.press();
    await expect.poll(() => player.playhead(), { timeout: (STALL_SECONDS + 10) * 1000 }).toBeGreaterThan(1);
    const video = page.locator("main video");
    expect(await video.evaluate((element: HTMLVideoElement) => element.currentSrc)).toMatch(new RegExp(`${mp4}$`));
    expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
    await expect(page.locator(".vjs-error-display")).toBeHidden();
  });

  test("a slow start, with nothing buffered yet, is left to the stream", async ({ page, player }) => {
    // Every segment held back: the playhead does not move, and nothing is buffered.
    await page.route("**/*.ts", () => undefined);
    const requests = recordRequests(page);
    await page.goto(`/${reel.slug}`);
    await player.press();
    await page.waitForTimeout((STALL_SECONDS + 2) * 1000);
    expect(requests.filter((path) => path === mp4)).toEqual([]);
  });

  test("a missing rendition is skipped", async ({ page, request, player }) => {
    const ladder = renditionsOf(await (await request.get(master)).text(), master);
    const [kept, ...missing] = [...ladder].sort((a, b) => a.height - b.height);
    const folderOf = (playlist: string) => playlist.slice(0, playlist.lastIndexOf("/") + 1);
    for (const rung of missing)
      await page.route(`**${folderOf(rung.playlist)}**`, (route) => route.fulfill(MISSING_FILE));
    const requests = recordRequests(page);
    await page.goto(`/${reel.slug}`);
    await player.press();
    await expect.poll(() => player.playhead(), { timeout: 20_000 }).toBeGreaterThan(3);
    // video.js's HLS engine plays (through a blob: URL), not the browser's, which stalls on a missing rendition.
    expect(await page.locator("main video").evaluate((video: HTMLVideoElement) => video.src)).toMatch(/^blob:/);
    expect(
      requests.filter((path) => path.endsWith(".ts")).every((path) => path.startsWith(folderOf(kept.playlist))),
    ).toBe(true);
  });

  test("a video.js chunk that 404s after a deploy leaves the native player working", async ({ page, player }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.route(/\/build\/.*\/(core|video)\.es-[^/]+\.js$/, (route) => route.fulfill(MISSING_FILE));
    await page.goto(`/${reel.slug}`);
    await page.waitForLoadState("networkidle");
    await expect(player.box).toHaveCount(0);
    const video = page.locator("main video");
    await video.click();
    await video.evaluate((element: HTMLVideoElement) => element.play());
    await expect.poll(() => player.playhead(), { timeout: 15_000 }).toBeGreaterThan(1);
    expect(errors).toEqual([]);
  });

  test("when no source loads, the player shows video.js's message, and the page keeps working", async ({
    page,
    player,
  }) => {
    await page.route(/\/videos\/reels\//, (route) => route.fulfill(MISSING_FILE));
    await page.goto(`/${reel.slug}`);
    await player.ready();
    // The player finds out while preparing to play, or at the press.
    const message = page.locator(".vjs-error-display .vjs-modal-dialog-content");
    await expect(async () => {
      if (await page.locator(".vjs-big-play-button").isVisible()) await page.locator(".vjs-big-play-button").click();
      await expect(message).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(message).not.toBeEmpty();
    await navigateTo(page, false, "Contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact");
  });
});
