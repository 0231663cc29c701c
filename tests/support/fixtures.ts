/**
 * The Chromium suite's `test` and `expect`: Playwright's, with the set-up specs share as fixtures,
 * each made only for a test that names it.
 */
import { test as base } from "@playwright/test";

import { expectNoViolations } from "./axe.ts";
import { watchForViolations } from "./csp.ts";
import { holdScripts, waitForHydration } from "./hydration.ts";
import { ReelPlayer } from "./reel-player.ts";

/** The page's hydration: wait for it, or hold the site's scripts back until released. */
export interface Hydration {
  wait: () => Promise<void>;
  holdScripts: () => Promise<() => void>;
}

interface Fixtures {
  /** axe (its default rules: WCAG 2.2 A and AA, best practices; and label in name) on the page as it is now. */
  axe: { expectNoViolations: () => Promise<void> };
  /** The CSP violations the page has reported since the test began. */
  csp: { violations: () => Promise<string[]> };
  hydration: Hydration;
  /** The reel page's video.js player. */
  player: ReelPlayer;
}

export const test = base.extend<Fixtures>({
  axe: async ({ page }, use) => {
    await use({
      expectNoViolations: async () => {
        await expectNoViolations(page);
      },
    });
  },
  csp: async ({ page }, use) => {
    await use({ violations: await watchForViolations(page) });
  },
  hydration: async ({ page }, use) => {
    await use({ wait: () => waitForHydration(page), holdScripts: () => holdScripts(page) });
  },
  player: async ({ page, hasTouch }, use) => {
    await use(new ReelPlayer(page, hasTouch));
  },
});

export { expect } from "@playwright/test";
