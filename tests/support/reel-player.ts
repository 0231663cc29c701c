import { expect, type Page } from "@playwright/test";

/** A reel page's video.js player, driven as a visitor drives it (a tap on a touch screen, else a click). */
export class ReelPlayer {
  /** The box video.js adopted around the page's own <video>. */
  readonly box;
  /** The page's own <video>: video.js's tech once it has taken over. */
  readonly video;

  constructor(
    readonly page: Page,
    private readonly touch: boolean,
  ) {
    this.box = page.locator("[data-vjs-player].video-js");
    this.video = page.locator("main video");
  }

  /**
   * Waits, without any interaction, until video.js has taken over the reel page's native player, as
   * it does on every device once the page is hydrated.
   */
  async ready() {
    await expect(this.box).toHaveClass(/vjs-v8/, { timeout: 15_000 });
  }

  /** Waits for the player, then presses its big play button. */
  async press() {
    await this.ready();
    const button = this.page.locator(".vjs-big-play-button");
    await (this.touch ? button.tap() : button.click());
  }

  /** Presses play and waits until the reel plays: video.js has started it and the playhead has left 0. */
  async play() {
    await this.press();
    await expect(this.page.locator("[data-vjs-player]")).toHaveClass(/vjs-has-started/, { timeout: 15_000 });
    await expect.poll(() => this.playhead(), { timeout: 15_000 }).toBeGreaterThan(0);
  }

  /** Pauses the reel where it is; paused, video.js keeps its control bar in view. */
  async pause() {
    await this.video.evaluate((video: HTMLVideoElement) => video.pause());
  }

  /** Where the reel's <video> is now, whoever drives it. */
  playhead(): Promise<number> {
    return this.video.evaluate((video: HTMLVideoElement) => video.currentTime);
  }
}
