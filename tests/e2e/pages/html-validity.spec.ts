import { HtmlValidate, type Message } from "html-validate";

import { SITE_URL } from "#tests/support/site-url.mjs";
import { expect, test } from "#tests/support/fixtures.ts";
import { sitemapUrls } from "#tests/support/sitemap.ts";

/**
 * html-validate's "standard" preset: the HTML standard's conformance rules (content models,
 * attributes and their values, unique ids, nesting, ARIA), without the "recommended" preset's
 * matters of style (`<meta/>` versus `<meta>`, attribute case), which React decides and which
 * every browser and validator read the same way.
 */
const validator = new HtmlValidate({ extends: ["html-validate:standard"] });

const describe = (message: Message) => `${message.line}:${message.column} ${message.ruleId}: ${message.message}`;

async function validate(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((result) => result.messages.map(describe));
}

test.describe("every page is valid HTML", () => {
  test.skip(({ isMobile }) => isMobile, "server HTML does not depend on the screen");

  test("every page of the sitemap, the not-found page and a list of selects have 0 conformance errors", async ({
    request,
  }) => {
    const pages = (await sitemapUrls(request)).map((url) => url.slice(SITE_URL.length));
    expect(pages.length).toBeGreaterThan(0);
    const notFound = "/artists/film/no-such-artist";
    const artists = pages.filter((page) => page.startsWith("/artists/")).map((page) => page.split("/").pop());
    const selects = `/selects?artists=${artists.slice(0, 3).join(",")}`;

    const errors: Record<string, string[]> = {};
    for (const page of [...pages, notFound, selects]) {
      const response = await request.get(page);
      expect(response.status(), page).toBe(page === notFound ? 404 : 200);
      const html = await response.text();
      // A NUL is a parse error the validator below does not report (the Nu validator does).
      const found = [...(html.includes("\0") ? ["U+0000 in the document"] : []), ...(await validate(html))];
      if (found.length > 0) errors[page] = found;
    }
    expect(errors).toEqual({});
  });

  test("the validator does find errors", async () => {
    // An id used twice, and a preload link without `rel` in the body (what rewriting Remix's
    // output once left on every page): if these passed, the test above would prove nothing.
    const broken =
      '<!DOCTYPE html><html lang="en"><head><title>x</title></head>' +
      '<body><p id="a"></p><p id="a"></p><link data-rel="modulepreload" href="/build/x.js"></body></html>';
    const errors = await validate(broken);
    expect(errors).toContainEqual(expect.stringContaining("no-dup-id"));
    expect(errors).toContainEqual(expect.stringContaining("<link> element is not permitted as content under <body>"));
  });
});
