import { expect, test } from "@playwright/test";

import { reels } from "../../app/content/index";

/** Seconds in a Cache-Control directive, e.g. `maxAge("public, max-age=60", "max-age")` → 60. */
const seconds = (cacheControl: string, directive: string) =>
  Number(cacheControl.match(new RegExp(`(?:^|[ ,])${directive}=(\\d+)`))?.[1] ?? NaN);

test.describe("HTTP caching", () => {
  test.skip(({ isMobile }) => isMobile, "headers do not depend on the screen");

  test("documents carry shared-cache lifetimes, stale-while-revalidate and a strong ETag", async ({ request }) => {
    for (const path of ["/artists/directors", "/reel-2021", "/artists/film/mira-castell"]) {
      const first = await request.get(path);
      const second = await request.get(path);
      const cacheControl = first.headers()["cache-control"];
      expect(cacheControl, path).toContain("public");
      expect(seconds(cacheControl, "s-maxage"), path).toBeGreaterThan(0);
      expect(seconds(cacheControl, "stale-while-revalidate"), path).toBeGreaterThan(0);

      const etag = first.headers().etag;
      expect(etag, path).toMatch(/^"[^"]+"$/);
      // Deterministic: the same URL and build give the same bytes and so the same tag.
      expect(second.headers().etag, path).toBe(etag);
      expect(await second.text(), path).toBe(await first.text());
    }
  });

  test("If-None-Match with the current tag gets an empty 304; a stale tag gets the page", async ({ request }) => {
    const page = await request.get("/clients");
    const etag = page.headers().etag;

    const revalidated = await request.get("/clients", { headers: { "If-None-Match": etag } });
    expect(revalidated.status()).toBe(304);
    expect(revalidated.headers().etag).toBe(etag);
    expect((await revalidated.body()).length).toBe(0);

    const listed = await request.get("/clients", { headers: { "If-None-Match": `"stale", W/${etag}` } });
    expect(listed.status()).toBe(304);

    const stale = await request.get("/clients", { headers: { "If-None-Match": '"stale"' } });
    expect(stale.status()).toBe(200);
    expect(await stale.text()).toContain("Clients");
  });

  test("hashed build assets are immutable for a year; media are cached for 30 days", async ({ page, request }) => {
    const scripts: string[] = [];
    page.on("response", (response) => {
      if (/\/build\/.+\.js$/.test(response.url())) scripts.push(response.url());
    });
    await page.goto("/contact");
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) {
      const cacheControl = (await request.get(url)).headers()["cache-control"];
      expect(cacheControl, url).toContain("immutable");
      expect(seconds(cacheControl, "max-age"), url).toBe(365 * 24 * 3600);
    }
    for (const path of [reels[0].poster, reels[0].sources[1].src]) {
      const cacheControl = (await request.get(path)).headers()["cache-control"];
      expect(seconds(cacheControl, "max-age"), path).toBe(30 * 24 * 3600);
    }
  });

  test("pages are compressed on the wire", async ({ request }) => {
    const response = await request.get("/artists/directors", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(response.headers()["content-encoding"]).toMatch(/gzip|br/);
  });
});
