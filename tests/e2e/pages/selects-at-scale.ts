/**
 * Selects cost what the list costs (issue 37): the same list's page is about the same size, in
 * HTML, loader data and elements to hydrate, whether the roster is the content's or 40 times it
 * (`npm run roster -- 40`, built and served once by roster.spec.ts). Artists of the large roster
 * are still found and added, with JavaScript and without.
 */
import { gzipSync } from "node:zlib";

import type { APIRequestContext, Page } from "@playwright/test";

import { artists } from "#app/content/index.ts";
import { SITE_URL } from "#tests/support/site-url.mjs";
import { expect, test } from "#tests/support/fixtures.ts";

/** How much larger the same page may be at 40× the roster (it carries no artist it does not show). */
const FACTOR = 1.1;
/** A list of 30 of the content's artists (all of them, if it has fewer): on both rosters alike. */
const LIST = [...artists.directors, ...artists.photographers].slice(0, 30);
const [first] = LIST;

interface PageSize {
  html: number;
  gzip: number;
  /** Remix's loader data and route manifest, which the page's scripts parse to hydrate. */
  remixContext: number;
}

async function pageSize(request: APIRequestContext, url: string): Promise<PageSize> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  const html = await response.text();
  const context = /window\.__remixContext = (.*?);<\/script>/s.exec(html);
  expect(context, `${url}: Remix's context`).not.toBeNull();
  return {
    html: Buffer.byteLength(html),
    gzip: gzipSync(html).length,
    remixContext: Buffer.byteLength(context![1]),
  };
}

/** The elements of the page once hydrated: what React has to walk. */
async function hydratedElements(page: Page, url: string, wait: () => Promise<void>): Promise<number> {
  await page.goto(url);
  await wait();
  return page.evaluate(() => document.getElementsByTagName("*").length);
}

const listPath = (ids: readonly string[]) => `/selects?artists=${ids.join(",")}`;

/**
 * The tests, for roster.spec.ts to call with its served roster (`times` the content's, at `large()`):
 * one build of the large roster for both files' worth of checks.
 */
export function defineSelectsAtScale(TIMES: number, large: () => string) {
  test.describe(`selects with a roster ${TIMES} times the content's`, () => {
    test.skip(({ isMobile }) => isMobile, "the pages' sizes do not depend on the screen");

    test(`the same list's page, its loader data and its hydrated elements are within ${FACTOR}× of the content's roster`, async ({
      request,
      page,
      hydration,
      baseURL,
    }) => {
      for (const path of ["/selects", listPath(LIST.map((artist) => artist.id))]) {
        const small = await pageSize(request, `${baseURL}${path}`);
        const big = await pageSize(request, `${large()}${path}`);
        for (const key of ["html", "gzip", "remixContext"] as const) {
          expect(
            big[key],
            `${path}: ${key} at ${TIMES}× (${big[key]} B) against 1× (${small[key]} B)`,
          ).toBeLessThanOrEqual(small[key] * FACTOR);
        }
        const elements = await hydratedElements(page, `${baseURL}${path}`, hydration.wait);
        const elementsLarge = await hydratedElements(page, `${large()}${path}`, hydration.wait);
        expect(elementsLarge, `${path}: elements at ${TIMES}× against 1× (${elements})`).toBeLessThanOrEqual(
          elements * FACTOR,
        );
      }
    });

    test(`without JavaScript the search finds and adds an artist of the ${TIMES}× roster`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${large()}${listPath([first.id])}`);
      const name = `${first.name} ${TIMES}`;
      await page.getByRole("searchbox", { name: "Find an artist by name" }).fill(name);
      await page.getByRole("button", { name: "Search" }).click();
      await page.getByRole("link", { name: `Add ${name}`, exact: true }).click();
      await expect(page.locator("[data-selects-list] > li h2")).toHaveText([first.name, name]);
      await expect(page.getByLabel("Link to this list")).toHaveValue(
        `${SITE_URL}${listPath([first.id, `${first.id}-${TIMES}`])}`,
      );
      await context.close();
    });

    test(`with JavaScript the search lists at most a few of the ${TIMES}× roster as the visitor types`, async ({
      page,
      hydration,
    }) => {
      await page.goto(`${large()}/selects`);
      await hydration.wait();
      const word = first.name.split(" ")[0];
      await page.getByRole("searchbox", { name: "Find an artist by name" }).fill(word);
      const add = page.getByRole("region", { name: "Add artists" }).getByRole("link", { name: /^Add / });
      await expect(add.first()).toBeVisible();
      expect(await add.count()).toBeLessThanOrEqual(12);
      await expect(page.locator("#artist-search-status")).toContainText("type more of the name");
      await page.getByRole("searchbox", { name: "Find an artist by name" }).fill(`${first.name} ${TIMES}`);
      await page.getByRole("link", { name: `Add ${first.name} ${TIMES}`, exact: true }).click();
      await expect(page.locator("[data-selects-list] > li h2")).toHaveText([`${first.name} ${TIMES}`]);
    });
  });
}
