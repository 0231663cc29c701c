import { expect, type Page } from "@playwright/test";

/** The video.js player of a reel page: the box video.js adopted around the page's own <video>. */
export const reelPlayer = (page: Page) => page.locator("[data-vjs-player].video-js");

/**
 * Waits, without any interaction, until video.js has taken over the reel page's native player, as
 * it does on every device once the page is hydrated.
 */
export async function waitForReelPlayer(page: Page) {
  await expect(reelPlayer(page)).toHaveClass(/vjs-v8/, { timeout: 15_000 });
}
