/** A visitor's continuous scroll, for the bench's roster section and the roster e2e test alike. */
import type { Page } from "@playwright/test";

export interface ContinuousScroll {
  /** From the first frame to the last. */
  ms: number;
  /** The longest gap between two frames: a gap as long as the site's rest (PAGE_REST_MS) let the page rest. */
  longestFrameMs: number;
  /** How many `<video>` elements started to play (a `play` event) while the page moved. */
  videosStarted: number;
  /** The page's clock (`performance.now()`) at the last frame, when the page stopped. */
  stoppedAt: number;
}

/**
 * Scrolls the page down from where it is at `speed` px/s, moving it every animation frame (as a
 * wheel or trackpad does, never in steps with moments at rest between them), to the scroll
 * position `to`, or to the bottom when `to` is not given or lies past it. Resolves at the last
 * frame, the moment the page stops.
 */
export function scrollContinuously(page: Page, speed: number, to?: number): Promise<ContinuousScroll> {
  // Written without named functions inside: the bench runs through tsx, whose esbuild would wrap
  // them in a `__name` helper that the page does not have.
  return page.evaluate(
    async ({ speed, to }) => {
      const listening = new AbortController();
      let videosStarted = 0;
      // `play` does not bubble: heard on its way down instead.
      document.addEventListener(
        "play",
        (event) => {
          if (event.target instanceof HTMLVideoElement) videosStarted++;
        },
        { capture: true, signal: listening.signal },
      );
      // Kept here rather than read back, so fractions of a pixel a frame add up.
      let y = window.scrollY;
      const first = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      let last = first;
      let longestFrameMs = 0;
      // The end again each frame: the grid's estimated heights give way to real ones as it scrolls.
      while (y < Math.min(to ?? Infinity, document.documentElement.scrollHeight - window.innerHeight)) {
        const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
        longestFrameMs = Math.max(longestFrameMs, now - last);
        const end = Math.min(to ?? Infinity, document.documentElement.scrollHeight - window.innerHeight);
        y = Math.min(end, y + (speed * (now - last)) / 1000);
        window.scrollTo({ top: y, behavior: "instant" });
        last = now;
      }
      listening.abort();
      return { ms: last - first, longestFrameMs, videosStarted, stoppedAt: performance.now() };
    },
    { speed, to },
  );
}
