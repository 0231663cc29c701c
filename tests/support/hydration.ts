import type { Page } from "@playwright/test";

/**
 * Waits until the page is hydrated: its scripts load after the load event (see
 * app/components/deferred-scripts.tsx), and entry.client.tsx sets this to null once every component has.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => window.__pressedBeforeHydration === null);
}

/** Holds back every script of the site's build until the returned function is called. */
export async function holdScripts(page: Page): Promise<() => void> {
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route("**/build/**/*.js", async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  return releaseScripts;
}

/**
 * Run in a page (self-contained, for any engine's driver): when the images it fetches at once (eager
 * `<img>`s and image preloads) had all arrived, when the site's first script was requested, and
 * when the load event came, in ms since the navigation began.
 */
export function firstScreenTiming() {
  const end = (url: string) => performance.getEntriesByName(url)[0] as PerformanceResourceTiming | undefined;
  const images = [
    ...[...document.images].filter((image) => image.loading !== "lazy").map((image) => image.currentSrc),
    ...[...document.querySelectorAll<HTMLLinkElement>("link[rel=preload][as=image][href]")].map((link) => link.href),
  ];
  const scripts = performance.getEntriesByType("resource").filter((entry) => /\/build\/.+\.js$/.test(entry.name));
  return {
    imagesEnd: Math.max(0, ...images.map((url) => end(url)?.responseEnd ?? Infinity)),
    scriptsStart: Math.min(...scripts.map((entry) => entry.startTime)),
    loadStart: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart,
  };
}
