import type { IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

import type { Page } from "@playwright/test";

import { artists, reels } from "#app/content/index.ts";
import { SECTION_PAGES } from "#tests/support/pages.mjs";
import { startServer } from "#tests/support/server-process.mjs";
import { expect, type Hydration, test } from "#tests/support/fixtures.ts";
import { encodedRequest } from "#tests/support/raw-http.ts";

/** 23 above the shared server's port (E2E_PORT, default 3210): the render queue's test runs a server of its own. */
const QUEUE_PORT = Number(process.env.E2E_PORT ?? 3210) + 23;
const ARTIST_PAGES = [...artists.directors, ...artists.photographers].map((artist) => artist.url);

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

  test("a page goes out in the encoding asked for, by q-values then br > gzip > identity, the same bytes in each", async ({
    baseURL,
  }) => {
    const cases: [string, string | undefined][] = [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["deflate", undefined],
      ["br;q=0, gzip", "gzip"],
      ["gzip;q=1, br;q=0.5", "gzip"],
      ["*", "br"],
      ["identity", undefined],
      ["identity;q=0, gzip", "gzip"],
      ["br;q=0, gzip;q=0", undefined],
    ];
    for (const path of ["/artists/directors", "/clients", ARTIST_PAGES[0]]) {
      // Twice: the first may be the render (a miss), the second is the cache's copy (a hit).
      for (let attempt = 0; attempt < 2; attempt++) {
        const plain = await rawGet(baseURL + path, "identity");
        const tags = new Set<string>();
        for (const [acceptEncoding, encoding] of cases) {
          const label = `${path} ${acceptEncoding} (${attempt})`;
          const response = await rawGet(baseURL + path, acceptEncoding);
          expect(response.headers["content-encoding"], label).toBe(encoding);
          expect(response.headers.vary, label).toMatch(/accept-encoding/i);
          expect(Number(response.headers["content-length"]), label).toBe(response.body.length);
          expect(decoded(response).equals(plain.body), label).toBe(true);
          tags.add(`${encoding}: ${response.headers.etag}`);
        }
        // One tag per encoding, each a strong one.
        expect(tags.size, path).toBe(3);
        expect(new Set([...tags].map((tag) => tag.split(": ")[1])).size, path).toBe(3);
        expect((await rawGet(baseURL + path, "br")).headers["x-page-cache"], path).toBe("hit");
      }
    }
  });

  test("HEAD gets the headers a GET would, and no body", async ({ baseURL }) => {
    for (const acceptEncoding of ["gzip, deflate, br", "gzip", "identity"]) {
      const get = await rawGet(`${baseURL}/artists/directors`, acceptEncoding);
      const head = await rawGet(`${baseURL}/artists/directors`, acceptEncoding, { method: "HEAD" });
      expect(head.status, acceptEncoding).toBe(200);
      expect(head.body.length, acceptEncoding).toBe(0);
      for (const name of ["content-length", "content-encoding", "content-type", "etag", "vary", "cache-control"]) {
        expect(head.headers[name], `${acceptEncoding} ${name}`).toBe(get.headers[name]);
      }
    }
  });

  test("If-None-Match is answered per encoding: a tag of another encoding gets the page", async ({ baseURL }) => {
    const url = `${baseURL}/collective-reels`;
    const brotli = await rawGet(url, "br");
    const gzip = await rawGet(url, "gzip");
    expect(brotli.headers.etag).not.toBe(gzip.headers.etag);
    const revalidated = await rawGet(url, "br", { "If-None-Match": brotli.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.etag).toBe(brotli.headers.etag);
    expect(revalidated.headers.vary).toMatch(/accept-encoding/i);
    expect(revalidated.body.length).toBe(0);
    const crossed = await rawGet(url, "gzip", { "If-None-Match": brotli.headers.etag! });
    expect(crossed.status).toBe(200);
    expect(crossed.headers.etag).toBe(gzip.headers.etag);
  });

  test("the section pages stay in the page cache through a sweep of every artist's page", async ({ baseURL }) => {
    test.setTimeout(120_000);
    for (const path of SECTION_PAGES) await rawGet(baseURL + path, "br");
    for (let pass = 0; pass < 2; pass++) {
      for (const path of ARTIST_PAGES) expect((await rawGet(baseURL + path, "br")).status, path).toBe(200);
    }
    for (const path of SECTION_PAGES) {
      expect((await rawGet(baseURL + path, "br")).headers["x-page-cache"], path).toBe("hit");
    }
  });

  test("renders past the queue's length get a plain 503 with Retry-After; cached pages still go out", async () => {
    test.setTimeout(60_000);
    const { child, origin } = await startServer(QUEUE_PORT, { env: { RENDER_CONCURRENCY: "1", RENDER_QUEUE: "1" } });
    try {
      await rawGet(`${origin}/clients`, "br");
      // Every other page at once, on a server that has rendered none: one renders, one waits, the rest are refused.
      const pages = [...SECTION_PAGES, ...ARTIST_PAGES].filter((path) => path !== "/clients");
      const answers = await Promise.all(pages.map((path) => rawGet(origin + path, "gzip, deflate, br")));
      const refused = answers.filter((answer) => answer.status === 503);
      expect(refused.length).toBeGreaterThan(0);
      expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(2);
      for (const answer of refused) {
        expect(answer.headers["retry-after"]).toBe("1");
        expect(answer.headers["cache-control"]).toBe("no-store");
        expect(answer.headers["content-type"]).toMatch(/^text\/plain/);
        expect(decoded(answer).toString()).toMatch(/^503 Service Unavailable\n[^\n]*\n$/);
      }
      expect((await rawGet(`${origin}/clients`, "br")).headers["x-page-cache"]).toBe("hit");
    } finally {
      child.kill();
    }
  });
});

/** A response's body with its Content-Encoding undone. */
function decoded({ headers, body }: { headers: IncomingHttpHeaders; body: Buffer }): Buffer {
  if (headers["content-encoding"] === "br") return brotliDecompressSync(body);
  if (headers["content-encoding"] === "gzip") return gunzipSync(body);
  return body;
}

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

/** A GET (or `method`) as a browser or CDN sends it, with `acceptEncoding`; its body still encoded. */
const rawGet = (url: string, acceptEncoding: string, { method = "GET", ...headers }: Record<string, string> = {}) =>
  encodedRequest(url, { "Accept-Encoding": acceptEncoding, ...headers }, method);
