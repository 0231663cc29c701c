import { expect, test, type Page } from "@playwright/test";

import { artists, reels } from "../../app/content/index";
import { upgradeReelPlayer } from "./reel-player";
import { videoPoster } from "../../app/lib/media";

const isVideoRequest = (url: string) => /\.(mp4|m3u8|ts)(\?|$)/.test(url);
const isVideoJsRequest = (url: string) => /\/video\.es-[^/]+\.js$|\/video-js-[^/]+\.css$/.test(url);

/** Collects the URLs the page requests from now on. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

/** Scrolls the directors' grid top to bottom and checks that not one byte of video was requested. */
async function expectNoVideoWhileScrolling(page: Page) {
  const requests = recordRequests(page);
  await page.goto("/artists/directors");
  await scrollThrough(page);
  await page.waitForLoadState("networkidle");
  expect(requests.filter(isVideoRequest)).toEqual([]);
}

async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y <= height; y += 300) {
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(80);
  }
}

test.describe("reel player", () => {
  test.skip(({ isMobile }) => isMobile, "one width is enough for playback");

  test("video.js upgrades the native player in place and streams the HLS ladder", async ({ page }) => {
    const requests = recordRequests(page);
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));

    await page.goto("/reel-2021");
    await page.waitForLoadState("networkidle");
    // Nothing of video.js is fetched until the visitor shows intent.
    expect(requests.filter(isVideoJsRequest)).toEqual([]);
    await upgradeReelPlayer(page);
    await expect(page.locator("main video:not(.vjs-tech)")).toHaveCount(0);
    await expect(page.locator(".video-js")).toHaveClass(/vjs-paused/);
    await expect(page.locator(".vjs-poster img")).toHaveAttribute("src", videoPoster(reels[2].poster));
    // The upgrade happens inside the reserved aspect-ratio box: nothing on the page moves.
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

    await page.locator(".vjs-big-play-button").click();
    await expect
      .poll(() => page.locator(".video-js video").evaluate((video: HTMLVideoElement) => video.currentTime), {
        timeout: 15_000,
      })
      .toBeGreaterThan(1);
    expect(requests.some((url) => url.endsWith("/videos/reels/reel-2021/master.m3u8"))).toBe(true);
    expect(requests.some((url) => /\/videos\/reels\/reel-2021\/\d+p\/.+\.ts$/.test(url))).toBe(true);
    expect(errors).toEqual([]);
  });

  test("moving between reels leaves exactly one player, and leaving disposes it", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));

    await page.goto("/reel-2021");
    await upgradeReelPlayer(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Collective Reels" }).click();
    await page.getByRole("link", { name: "2020 Reel", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("2020 Reel");
    await upgradeReelPlayer(page);
    await expect(page.locator(".vjs-poster img")).toHaveAttribute("src", videoPoster(reels[1].poster));

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Clients" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Clients");
    await expect(page.locator(".video-js, video")).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("a missing playlist falls back to the MP4", async ({ page }) => {
    await page.route("**/master.m3u8", (route) => route.fulfill({ status: 404 }));
    await page.goto("/reel-2021");
    await upgradeReelPlayer(page);
    await page.locator(".vjs-big-play-button").click();
    // video.js tries the next source when one fails before playback; a second press plays it.
    await expect(async () => {
      if (await page.locator(".video-js.vjs-paused").count()) await page.locator(".vjs-big-play-button").click();
      const time = await page.locator(".video-js video").evaluate((video: HTMLVideoElement) => video.currentTime);
      expect(time).toBeGreaterThan(1);
    }).toPass({ timeout: 20_000 });
    await expect(page.locator(".video-js video")).toHaveAttribute("src", /reel-2021\.mp4$/);
  });

  test("when no source loads, the player shows its own error and the page keeps working", async ({ page }) => {
    await page.route(/\/videos\/reels\//, (route) => route.fulfill({ status: 404 }));
    await page.goto("/reel-2021");
    await upgradeReelPlayer(page);
    const errorDisplay = page.locator(".vjs-error-display");
    await expect(async () => {
      if (await page.locator(".video-js.vjs-paused").count()) await page.locator(".vjs-big-play-button").click();
      await expect(errorDisplay).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact");
  });
});

test.describe("reel player by keyboard and touch", () => {
  test("focusing the native player loads video.js and keeps focus in the player", async ({ page, isMobile }) => {
    test.skip(isMobile, "keyboard on desktop");
    await page.goto("/reel-2021");
    await page.waitForLoadState("networkidle");
    await expect(async () => {
      await page.locator("main video").first().focus();
      await expect(page.locator(".video-js")).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.locator(".vjs-big-play-button")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.locator(".video-js video").evaluate((video: HTMLVideoElement) => video.currentTime), {
        timeout: 15_000,
      })
      .toBeGreaterThan(1);
  });

  test("pressing play on the native player hands playback to video.js", async ({ page }) => {
    await page.goto("/reel-2020");
    await page.waitForLoadState("networkidle");
    // Started from script, as a tap on the native control would, without a pointer event first.
    await page.locator("main video").first().evaluate((video: HTMLVideoElement) => {
      video.muted = true;
      // The hand-over pauses the native player, which interrupts this promise: that is expected.
      video.play().catch(() => undefined);
    });
    await expect(page.locator(".video-js")).toHaveCount(1);
    await expect(page.locator("main video:not(.vjs-tech)")).toHaveCount(0);
    await expect
      .poll(() => page.locator(".video-js video").evaluate((video: HTMLVideoElement) => video.currentTime), {
        timeout: 15_000,
      })
      .toBeGreaterThan(1);
  });
});

test("pages other than the reels never fetch video.js", async ({ page }) => {
  const requests = recordRequests(page);
  for (const path of ["/clients", "/artists/directors", "/collective-reels", artists.film[0].url]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(requests.filter(isVideoJsRequest)).toEqual([]);
});

test.describe("directors' grid on a phone", () => {
  test.skip(({ isMobile }) => !isMobile, "phone only");

  test("makes zero video requests while scrolling through it", async ({ page }) => {
    await expectNoVideoWhileScrolling(page);
    await expect(page.locator("main img").last()).toBeVisible();
  });
});

test.describe("directors' grid on a desktop", () => {
  test.skip(({ isMobile }) => isMobile, "desktop only");

  test("fetches no clip before it is needed, and plays every clip once scrolled into view", async ({ page }) => {
    const requests = recordRequests(page);
    await page.goto("/artists/directors");
    const last = artists.film[artists.film.length - 1];
    await page.waitForLoadState("networkidle");
    expect(requests.filter((url) => url.endsWith(last.thumb))).toEqual([]);

    const clips = page.locator("video[data-director-clip]");
    await expect(clips).toHaveCount(artists.film.length);
    for (const clip of await clips.all()) {
      await clip.scrollIntoViewIfNeeded();
      await expect
        .poll(() => clip.evaluate((video: HTMLVideoElement) => !video.paused && video.currentTime > 0))
        .toBe(true);
    }
  });

  test("with Save-Data on, shows stills and downloads no clip", async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(navigator, "connection", { value: { saveData: true }, configurable: true }),
    );
    await expectNoVideoWhileScrolling(page);
  });

  test.describe("with reduced motion", () => {
    test.use({ reducedMotion: "reduce" });

    test("shows stills and downloads no clip", async ({ page }) => {
      await expectNoVideoWhileScrolling(page);
      const playing = await page
        .locator("video[data-director-clip]")
        .evaluateAll((videos) => videos.filter((video) => !(video as HTMLVideoElement).paused).length);
      expect(playing).toBe(0);
    });
  });
});

test.describe("animated thumbnails", () => {
  const first = reels[0];

  test("rest on a still, and the toggle plays and stops them by touch or keyboard", async ({ page, isMobile }) => {
    const requests = recordRequests(page);
    await page.goto("/collective-reels");
    await page.waitForLoadState("networkidle");
    expect(requests.filter((url) => url.endsWith(first.thumb))).toEqual([]);

    const toggle = page.getByRole("button", { name: `Play preview: ${first.title}` });
    const animated = page.locator(`img[src="${first.thumb}"]`);
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    if (isMobile) {
      await toggle.tap();
    } else {
      await toggle.focus();
      await page.keyboard.press("Enter");
    }
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(animated).toBeVisible();
    expect(requests.filter((url) => url.endsWith(first.thumb))).toHaveLength(1);

    await toggle.focus();
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(animated).toBeHidden();
  });

  test("play on hover with a mouse", async ({ page, isMobile }) => {
    test.skip(isMobile, "no hover on touch screens");
    await page.goto("/collective-reels");
    const tile = page.getByRole("link", { name: first.title });
    const animated = page.locator(`img[src="${first.thumb}"]`);
    const toggle = page.getByRole("button", { name: `Play preview: ${first.title}` });
    await tile.hover();
    await expect(animated).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await page.mouse.move(0, 0);
    await expect(animated).toBeHidden();

    // The button shows the current state, so a click while hovering pauses.
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(animated).toBeHidden();
  });

  test.describe("with reduced motion", () => {
    test.use({ reducedMotion: "reduce" });

    test("stay still on hover until toggled", async ({ page, isMobile }) => {
      test.skip(isMobile, "no hover on touch screens");
      await page.goto(artists.film[0].url);
      const thumb = artists.film[0].recentWorkThumbs[0];
      await page.getByRole("link", { name: thumb.name }).hover();
      await expect(page.locator(`img[src="${thumb.image}"]`)).toHaveCount(0);
      await page.getByRole("button", { name: `Play preview: ${thumb.name}` }).click();
      await expect(page.locator(`img[src="${thumb.image}"]`)).toBeVisible();
    });
  });
});

test.describe("pausing the directors' clips", () => {
  test.skip(({ isMobile }) => isMobile, "clips only move on a desktop");

  test("one control pauses every clip and plays them again", async ({ page }) => {
    await page.goto("/artists/directors");
    const first = page.locator("video[data-director-clip]").first();
    await expect.poll(() => first.evaluate((video: HTMLVideoElement) => !video.paused)).toBe(true);

    await page.getByRole("button", { name: "Pause motion" }).click();
    const playing = () =>
      page
        .locator("video[data-director-clip]")
        .evaluateAll((videos) => videos.filter((video) => !(video as HTMLVideoElement).paused).length);
    await expect.poll(playing).toBe(0);

    await page.getByRole("button", { name: "Play motion" }).click();
    await expect.poll(() => first.evaluate((video: HTMLVideoElement) => !video.paused)).toBe(true);
  });

  test.describe("with reduced motion", () => {
    test.use({ reducedMotion: "reduce" });

    test("clips start paused and the visitor may still choose to play them", async ({ page }) => {
      await page.goto("/artists/directors");
      const first = page.locator("video[data-director-clip]").first();
      await page.getByRole("button", { name: "Play motion" }).click();
      await expect.poll(() => first.evaluate((video: HTMLVideoElement) => !video.paused)).toBe(true);
    });
  });
});
