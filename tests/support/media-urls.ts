import { expect, type Page } from "@playwright/test";

import type { ReelPlayer } from "./reel-player.ts";

/**
 * Every media URL a page gives: its images, videos, posters and tracks, its preloads, its link previews and
 * its JSON-LD (the site's icons and manifest stay with the site, and are not media).
 */
export function mediaUrlsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const urls: string[] = [];
    for (const element of document.querySelectorAll("img, source, video, track, link[rel=preload], meta[property]")) {
      for (const name of ["src", "poster", "href", "content"]) {
        const value = element.getAttribute(name);
        if (value) urls.push(value);
      }
      for (const candidate of (element.getAttribute("srcset") ?? "").split(",")) {
        if (candidate.trim()) urls.push(candidate.trim().split(/\s+/)[0]);
      }
    }
    for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
      JSON.stringify(JSON.parse(script.textContent ?? "null"), (_key, value) => {
        if (typeof value === "string") urls.push(value);
        return value;
      });
    }
    return urls.filter((url) => /\/(images|videos)\//.test(url));
  });
}

/**
 * Plays the reel at `reelUrl` from a media origin elsewhere: in the browser's own player, then,
 * with a rendition answered 404, in video.js's HLS engine, which fetches the playlists and segments
 * itself, across origins (CORS and connect-src). `check` runs after each play, on its document.
 */
export async function playNativeThenInHlsEngine(
  player: ReelPlayer,
  reelUrl: string,
  check: () => Promise<void>,
): Promise<void> {
  const { page, video } = player;
  const play = async () => {
    await page.goto(reelUrl);
    await player.press();
    await expect.poll(() => player.playhead(), { timeout: 20_000 }).toBeGreaterThan(1);
    await check();
  };
  await play();
  await page.route(/\/videos\/reels\/.+\/\d+p\/index\.m3u8$/, (route, request) =>
    request.url().includes("/360p/")
      ? route.fulfill({ status: 404, headers: { "Access-Control-Allow-Origin": "*" }, body: "Not Found" })
      : route.fallback(),
  );
  await play();
  expect(await video.evaluate((element: HTMLVideoElement) => element.src)).toMatch(/^blob:/);
}
