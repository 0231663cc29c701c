import { expect, type Page } from "@playwright/test";

/**
 * Points at the reel, as a visitor about to watch it does, which loads video.js, and waits until
 * the video.js player has taken the native one's place (a pointer already over the player, after a
 * client-side navigation, may have done it). Retried, because a pointer that arrives before the
 * page is hydrated has nothing listening to it yet.
 */
export async function upgradeReelPlayer(page: Page) {
  const player = page.locator(".video-js");
  await expect(async () => {
    if ((await player.count()) === 0) {
      await page.mouse.move(0, 0);
      await page.locator("main video").hover();
    }
    await expect(player).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}
