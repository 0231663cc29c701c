import type { Page } from "@playwright/test";

import { artists, reels } from "#app/content/index.ts";
import { expect, test } from "#tests/support/fixtures.ts";

const isVideoRequest = (url: string) => /\.(mp4|m3u8|ts)(\?|$)/.test(url);
const isVideoJsRequest = (url: string) => /\/(video|core)\.es-[^/]+\.js$|\/video-js-[^/]+\.css$/.test(url);

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

test("pages other than the reels never fetch video.js", async ({ page }) => {
  const requests = recordRequests(page);
  for (const path of ["/clients", "/artists/directors", "/collective-reels", artists.directors[0].url]) {
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
    // Eleven clips one after the other, each started once the page rests: on a loaded machine, slow.
    test.setTimeout(120_000);
    const requests = recordRequests(page);
    await page.goto("/artists/directors");
    const last = artists.directors[artists.directors.length - 1];
    await page.waitForLoadState("networkidle");
    expect(requests.filter((url) => url.endsWith(last.thumb))).toEqual([]);

    const clips = page.locator("video[data-director-clip]");
    await expect(clips).toHaveCount(artists.directors.length);
    for (const clip of await clips.all()) {
      await clip.scrollIntoViewIfNeeded();
      await expect
        .poll(() => clip.evaluate((video: HTMLVideoElement) => !video.paused && video.currentTime > 0), {
          timeout: 15_000,
        })
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

    test("a hovered or focused tile stays still too", async ({ page, hydration }) => {
      const requests = recordRequests(page);
      await page.goto("/artists/directors");
      await hydration.wait();
      const tile = page.getByRole("main").getByRole("listitem").first();
      await tile.hover();
      await tile.getByRole("link", { name: /^Profile of / }).focus();
      await page.waitForLoadState("networkidle");
      expect(requests.filter(isVideoRequest)).toEqual([]);
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
      await page.goto(artists.directors[0].url);
      const thumb = artists.directors[0].recentWorkThumbs[0];
      await page.getByRole("link", { name: thumb.name }).hover();
      await expect(page.locator(`img[src="${thumb.image}"]`)).toHaveCount(0);
      await page.getByRole("button", { name: `Play preview: ${thumb.name}` }).click();
      await expect(page.locator(`img[src="${thumb.image}"]`)).toBeVisible();
    });
  });
});

test.describe("pausing the directors' clips", () => {
  test.skip(({ isMobile }) => isMobile, "clips only move on a desktop");

  test("one control pauses every clip and plays them again", async ({ page, hydration }) => {
    await page.goto("/artists/directors");
    // Loaded with others' work, the machine hydrated the page 10 s after its load event.
    await hydration.wait();
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
