import { expect, test } from "@playwright/test";

import { artists } from "../../app/content/index";
import { SECTION_PAGES } from "../../scripts/pages.mjs";
import { waitForHydration } from "./hydration";

const JS_BUDGET_BYTES = 100 * 1024;
const PAGES = [...SECTION_PAGES, artists.film[0].url, artists.photographers[0].url];

test.describe("first-load budgets on a phone", () => {
  test.skip(({ isMobile }) => !isMobile, "the budgets are a phone's");

  for (const path of PAGES) {
    test(`${path}: at most 100 KiB of JS on the wire, after the first screen, nothing third-party, no video.js`, async ({
      page,
      baseURL,
    }) => {
      const scripts: Promise<number>[] = [];
      const origins = new Set<string>();
      page.on("requestfinished", (request) => {
        origins.add(new URL(request.url()).origin);
        if (request.resourceType() === "script") {
          scripts.push(request.sizes().then((sizes) => sizes.responseBodySize + sizes.responseHeadersSize));
        }
      });
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");

      const jsBytes = (await Promise.all(scripts)).reduce((sum, bytes) => sum + bytes, 0);
      expect(jsBytes).toBeGreaterThan(0);
      expect(jsBytes, `${(jsBytes / 1024).toFixed(1)} KiB of JS`).toBeLessThanOrEqual(JS_BUDGET_BYTES);
      expect([...origins]).toEqual([new URL(baseURL!).origin]);
      // Hydration waits for the page's load event (app/lib/hydration.server.ts): the scripts never
      // share the connection with the first screen's images.
      const { loadEnd, scriptStarts } = await page.evaluate(() => ({
        loadEnd: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventEnd,
        scriptStarts: performance
          .getEntriesByType("resource")
          .filter((entry) => /\/build\/.+\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      }));
      expect(scriptStarts.length).toBeGreaterThan(0);
      expect(Math.min(...scriptStarts)).toBeGreaterThanOrEqual(loadEnd);
      expect(await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name))).not.toContainEqual(
        expect.stringMatching(/\/video\.es-[^/]+\.js$/),
      );
    });
  }
});
