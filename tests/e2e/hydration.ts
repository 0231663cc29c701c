import type { Page } from "@playwright/test";

/**
 * Waits until the page is hydrated: its scripts load after the load event (see
 * app/components/DeferredScripts.tsx), and entry.client.tsx sets this to null once every component has.
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
