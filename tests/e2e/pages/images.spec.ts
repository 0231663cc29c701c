import type { Page } from "@playwright/test";

import { artists } from "#app/content/index.ts";
import { REEL_PAGES, SECTION_PAGES } from "#tests/support/pages.mjs";
import { expect, test } from "#tests/support/fixtures.ts";
import { scrollThrough } from "#tests/support/scroll.ts";

/** Every page that shows images (the contact page shows none), and an artist of each type. */
const PAGES = [
  ...SECTION_PAGES.filter((path) => path !== "/contact"),
  artists.directors[0].url,
  artists.photographers[0].url,
];
const MODERN_SHARE = 0.9;

/**
 * Whether a response body is AVIF or WebP, read from its signature: remix-serve sends AVIF as
 * application/octet-stream, so the Content-Type cannot tell.
 */
function isModernImage(body: Buffer): boolean {
  const webp = body.toString("latin1", 0, 4) === "RIFF" && body.toString("latin1", 8, 12) === "WEBP";
  const avif = body.toString("latin1", 4, 8) === "ftyp" && ["avif", "avis"].includes(body.toString("latin1", 8, 12));
  return webp || avif;
}

/** Sums the bytes of every image the page fetches from now on, AVIF and WebP apart. */
function recordImageBytes(page: Page) {
  const bodies: Promise<Buffer>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "image" && response.url().startsWith("http")) {
      bodies.push(response.body());
    }
  });
  return async () => {
    const all = await Promise.all(bodies);
    const total = all.reduce((sum, body) => sum + body.length, 0);
    const modern = all.filter(isModernImage).reduce((sum, body) => sum + body.length, 0);
    return { count: all.length, total, modern };
  };
}

/** The layout shifts so far, each with the elements that moved and from where to where. */
function layoutShifts(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        type Rect = DOMRectReadOnly;
        type Source = { node?: Node; previousRect: Rect; currentRect: Rect };
        type Shift = PerformanceEntry & { value: number; sources: Source[] };
        const box = (rect: Rect) => `${rect.x},${rect.y} ${rect.width}×${rect.height}`;
        new PerformanceObserver((list) => {
          const shifts = list.getEntries() as Shift[];
          resolve(
            shifts.map((shift) => {
              const moved = shift.sources.map((source) => {
                return `${source.node?.nodeName} ${box(source.previousRect)} → ${box(source.currentRect)}`;
              });
              return `${shift.value.toFixed(5)}: ${moved.join(", ")}`;
            }),
          );
        }).observe({ type: "layout-shift", buffered: true });
        // With no shift at all, the observer is never called.
        setTimeout(() => resolve([]), 500);
      }),
  );
}

test.describe("responsive images on a phone", () => {
  test.skip(({ isMobile }) => !isMobile, "the formats and widths a phone downloads");

  for (const path of PAGES) {
    test(`${path}: sized images, mostly AVIF or WebP, the hero first`, async ({ page, player }, testInfo) => {
      const imageBytes = recordImageBytes(page);
      await page.goto(path);
      // The reel pages are checked with video.js in place, its poster <img> included.
      if (REEL_PAGES.includes(path)) await player.ready();

      // (c) The largest image in the first screen loads eagerly at high priority; no other image
      // in the first screen waits to be lazily loaded.
      const firstScreen = await page.locator("img").evaluateAll((images) =>
        images
          .map((image) => {
            const box = image.getBoundingClientRect();
            const visible =
              Math.max(0, Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0)) *
              Math.max(0, Math.min(box.right, window.innerWidth) - Math.max(box.left, 0));
            return {
              src: image.getAttribute("src"),
              area: box.width * box.height,
              visible,
              loading: image.getAttribute("loading"),
              fetchpriority: image.getAttribute("fetchpriority"),
            };
          })
          .filter((image) => image.visible > 0)
          .sort((a, b) => b.area - a.area),
      );
      expect(firstScreen.length, "images in the first screen").toBeGreaterThan(0);
      const [hero] = firstScreen;
      expect(hero, "the hero").toMatchObject({ fetchpriority: "high", loading: "eager" });
      expect(firstScreen.filter((image) => image.loading === "lazy")).toEqual([]);
      if (REEL_PAGES.includes(path)) {
        // `<video poster>` cannot carry a priority, so the server's HTML preloads the poster with one.
        const preload = page.locator('link[rel="preload"][as="image"]');
        await expect(preload).toHaveAttribute("href", hero.src ?? "");
        await expect(preload).toHaveAttribute("fetchpriority", "high");
      }

      // (a) Every image states its size, so its box is reserved before it loads: nothing moves
      // while the page, lazy images included, loads.
      await scrollThrough(page);
      const unsized = await page
        .locator("img")
        .evaluateAll((images) =>
          images
            .filter((image) => !(Number(image.getAttribute("width")) > 0 && Number(image.getAttribute("height")) > 0))
            .map((image) => image.outerHTML.slice(0, 200)),
        );
      expect(unsized).toEqual([]);
      expect(await layoutShifts(page)).toEqual([]);

      // (b) Nearly all image bytes a phone downloads, scrolled top to bottom, are AVIF or WebP.
      const { count, total, modern } = await imageBytes();
      expect(count, "images fetched").toBeGreaterThan(0);
      const share = modern / total;
      testInfo.annotations.push({
        type: "image bytes",
        description: `${count} images, ${(total / 1024).toFixed(1)} KiB, ${(share * 100).toFixed(1)}% AVIF or WebP`,
      });
      expect(share).toBeGreaterThanOrEqual(MODERN_SHARE);
    });
  }
});
