import type { Page } from "@playwright/test";

/**
 * Waits until the page is hydrated: its scripts load after the load event (see
 * app/lib/hydration.server.ts), and entry.client.tsx sets this to null once every component has.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => window.__pressedBeforeHydration === null);
}
