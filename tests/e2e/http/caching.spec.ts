import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

import type { Page } from "@playwright/test";

import { reels } from "../../../app/content/index";
import { expect, type Hydration, test } from "../fixtures";

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

  test("hashed build assets are immutable for a year; media are cached for 30 days", async ({
    page,
    request,
    hydration,
  }) => {
    const scripts = await scriptsOf(page, hydration, "/contact");
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

  test("scripts go out as their Brotli copy to browsers that accept br, gzip to the rest, the same bytes", async ({
    page,
    hydration,
  }) => {
    const scripts = await scriptsOf(page, hydration, "/artists/directors");
    let largest = { plain: 0, brotli: 0, gzip: 0 };
    for (const url of scripts) {
      const plain = await rawGet(url, "identity");
      const brotli = await rawGet(url, "gzip, deflate, br");
      const gzip = await rawGet(url, "gzip");
      expect(brotli.headers["content-encoding"], url).toBe("br");
      expect(brotli.headers["content-type"], url).toMatch(/^application\/javascript/);
      expect(brotli.headers["vary"], url).toMatch(/accept-encoding/i);
      expect(brotli.headers["cache-control"], url).toContain("immutable");
      expect(brotliDecompressSync(brotli.body).equals(plain.body), url).toBe(true);
      // Compressing on the fly skips files under 1 KiB.
      expect(gzip.headers["content-encoding"], url).toBe(plain.body.length < 1024 ? undefined : "gzip");
      const unzipped = gzip.headers["content-encoding"] ? gunzipSync(gzip.body) : gzip.body;
      expect(unzipped.equals(plain.body), url).toBe(true);
      if (plain.body.length > largest.plain) {
        largest = { plain: plain.body.length, brotli: brotli.body.length, gzip: gzip.body.length };
      }
    }
    // The largest script is React's chunk: Brotli at its highest level beats compressing on the fly.
    expect(largest.brotli).toBeLessThan(largest.gzip * 0.9);
  });

  test("1,000 junk query strings leave /artists/directors in the page cache", async ({ request }) => {
    test.setTimeout(60_000);
    await request.get("/artists/directors");
    expect((await request.get("/artists/directors")).headers()["x-page-cache"]).toBe("hit");
    for (let n = 0; n < 1_000; n++) {
      const junk = await request.get(`/contact?junk=${n}`);
      expect(junk.status()).toBe(200);
      expect(junk.headers()["x-page-cache"]).toBe("miss");
    }
    expect((await request.get("/artists/directors")).headers()["x-page-cache"]).toBe("hit");
  });

  test("a missing page is cached a minute at most, and never by the page cache", async ({ request }) => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await request.get("/artists/film/nobody-by-this-name");
      expect(response.status()).toBe(404);
      const cacheControl = response.headers()["cache-control"];
      expect(seconds(cacheControl, "max-age")).toBe(60);
      expect(cacheControl).not.toContain("s-maxage");
      expect(response.headers()["x-page-cache"]).toBe("miss");
    }
  });

  test("pages are compressed on the wire", async ({ request }) => {
    const response = await request.get("/artists/directors", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(response.headers()["content-encoding"]).toMatch(/gzip|br/);
  });
});

/** The URLs of the build's scripts a page loads (at least one), once it is hydrated. */
async function scriptsOf(page: Page, hydration: Hydration, path: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (/\/build\/.+\.js$/.test(response.url())) scripts.push(response.url());
  });
  await page.goto(path);
  await hydration.wait();
  expect(scripts.length, path).toBeGreaterThan(0);
  return scripts;
}

/** A GET whose body is returned as sent, still encoded (fetch and Playwright would decode it). */
function rawGet(url: string, acceptEncoding: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}
