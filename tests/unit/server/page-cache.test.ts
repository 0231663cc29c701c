import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

import { describe, expect, it, vi } from "vitest";

import { isRosterPage, isShareable, PageCache, pageCacheBytes, pageCacheKey } from "#server/page-cache.ts";

const page = (status: number, cacheControl: string, body = "<html></html>") =>
  new Response(body, { status, headers: { "Cache-Control": cacheControl, "Content-Type": "text/html" } });
const PUBLIC = "public, max-age=60, s-maxage=600";

describe("pageCacheKey", () => {
  it("keys a GET or HEAD of a URL without a query on its path", () => {
    expect(pageCacheKey("GET", "/artists/directors")).toBe("/artists/directors");
    expect(pageCacheKey("HEAD", "/artists/directors")).toBe("/artists/directors");
  });

  it("keeps nothing for a query, junk or not, nor for any other method", () => {
    for (const target of ["/contact?junk=1", "/contact?", "/selects?artists=a,b", "/contact?_data=routes%2Fcontact"]) {
      expect(pageCacheKey("GET", target), target).toBeUndefined();
    }
    expect(pageCacheKey("POST", "/contact")).toBeUndefined();
    expect(pageCacheKey("GET", "*")).toBeUndefined();
  });

  it("keeps no recipient link's page, nor its data, whatever the token (the loader's no-store says so too)", () => {
    const token = "AbCdEfGhIjKlMnOpQrSt_-";
    for (const target of [
      `/selects?artists=a,b&link=${token}`,
      `/selects?link=${token}&artists=a`,
      "/selects?artists=a&link=nope",
      "/selects?artists=a&link",
      `/selects.data?artists=a&link=${token}`,
      `/selects?artists=a&link=${token}&_data=routes%2Fselects`,
    ])
      for (const method of ["GET", "HEAD"]) expect(pageCacheKey(method, target), `${method} ${target}`).toBeUndefined();
  });

  it("gives a single-fetch data request an entry apart from its document", () => {
    expect(pageCacheKey("GET", "/contact.data")).not.toBe(pageCacheKey("GET", "/contact"));
  });
});

describe("isShareable", () => {
  it("accepts only a 200 marked public", () => {
    expect(isShareable(page(200, PUBLIC))).toBe(true);
    expect(isShareable(page(404, "public, max-age=60"))).toBe(false);
    expect(isShareable(page(500, "no-store"))).toBe(false);
    expect(isShareable(page(200, "private, max-age=60"))).toBe(false);
    expect(isShareable(page(200, "public, no-store"))).toBe(false);
    expect(isShareable(page(200, ""))).toBe(false);
  });
});

describe("PageCache", () => {
  const MB = 2 ** 20;

  it("replays what it kept: status, headers, and the bytes in each encoding with its own ETag", async () => {
    const cache = new PageCache(MB);
    const html = "<p>page a</p>".repeat(200);
    const response = page(200, PUBLIC, html);
    response.headers.set("ETag", '"abc"');
    await cache.keep("/a", response);
    const kept = cache.get("/a")!;
    expect(kept.status).toBe(200);
    expect(Object.fromEntries(kept.headers)["content-type"]).toBe("text/html");
    expect(kept.headers.map(([name]) => name)).not.toContain("etag");
    expect(kept.variants.identity.body.toString()).toBe(html);
    expect(brotliDecompressSync(kept.variants.br!.body).toString()).toBe(html);
    expect(gunzipSync(kept.variants.gzip!.body).toString()).toBe(html);
    expect(kept.variants.br!.body.length).toBeLessThan(html.length / 10);
    expect([kept.variants.identity.etag, kept.variants.br!.etag, kept.variants.gzip!.etag]).toEqual([
      '"abc"',
      '"abc-br"',
      '"abc-gzip"',
    ]);
  });

  it("keeps a tiny body as it is when compressing would make it larger", async () => {
    const cache = new PageCache(MB);
    const kept = await cache.keep("/robots.txt", page(200, PUBLIC, "ok"));
    expect(kept?.variants.br).toBeUndefined();
    expect(kept?.variants.gzip).toBeUndefined();
    expect(kept?.variants.identity.body.toString()).toBe("ok");
  });

  it("keeps no error", async () => {
    const cache = new PageCache(MB);
    expect(await cache.keep("/missing", page(404, "public, max-age=60"))).toBeUndefined();
    expect(await cache.keep("/broken", page(500, "no-store"))).toBeUndefined();
    expect(cache.get("/missing")).toBeUndefined();
    expect(cache.get("/broken")).toBeUndefined();
  });

  it("is bounded by bytes: the least recently used artist pages go first", async () => {
    // Nearly incompressible bodies of 100 KB (about 250 KB kept, in three encodings).
    const cache = new PageCache(MB);
    const body = () => randomBytes(75_000).toString("base64");
    for (let n = 0; n < 20; n++) {
      await cache.keep(`/artists/film/a-${n}`, page(200, PUBLIC, body()));
      cache.get("/artists/film/a-0");
      expect(cache.bytes).toBeLessThanOrEqual(MB);
    }
    expect(cache.get("/artists/film/a-0")).toBeDefined();
    expect(cache.get("/artists/film/a-1")).toBeUndefined();
    expect(cache.get("/artists/film/a-19")).toBeDefined();
    expect(cache.bytes).toBeGreaterThan(MB / 2);
  });

  it("keeps the section pages through a sweep of every artist's page", async () => {
    const cache = new PageCache(MB);
    const sections = ["/artists/directors", "/artists/photographers", "/clients", "/reel-2021", "/contact"];
    for (const path of sections) await cache.keep(path, page(200, PUBLIC, `<h1>${path}</h1>`.repeat(500)));
    for (let n = 0; n < 300; n++) {
      const body = randomBytes(20_000).toString("base64");
      await cache.keep(`/artists/photography/p-${n}`, page(200, PUBLIC, body));
    }
    for (const path of sections) expect(cache.get(path), path).toBeDefined();
    expect(cache.get("/artists/photography/p-0")).toBeUndefined();
    expect(cache.get("/artists/photography/p-299")).toBeDefined();
  });

  it("a request for a page being rendered gets that render's page", async () => {
    const cache = new PageCache(MB);
    let finish!: (response: Response) => void;
    const filling = cache.fill("/clients", () => new Promise((resolve) => (finish = resolve)));
    const waiting = cache.pending("/clients");
    expect(waiting).toBeDefined();
    finish(page(200, PUBLIC, "clients"));
    await filling;
    expect((await waiting)?.variants.identity.body.toString()).toBe("clients");
    expect(cache.pending("/clients")).toBeUndefined();
  });

  it("keeps nothing with 0 bytes", async () => {
    const off = new PageCache(0);
    expect(off.enabled).toBe(false);
    expect(await off.keep("/a", page(200, PUBLIC))).toBeUndefined();
    expect(off.get("/a")).toBeUndefined();
  });
});

describe("isRosterPage", () => {
  it("tells an artist's page from the sections", () => {
    expect(isRosterPage("/artists/film/mira-castell")).toBe(true);
    expect(isRosterPage("/artists/photography/marisol-vance-12")).toBe(true);
    for (const path of ["/artists/directors", "/artists/photographers", "/clients", "/reel-2020", "/sitemap.xml"]) {
      expect(isRosterPage(path), path).toBe(false);
    }
  });
});

describe("pageCacheBytes", () => {
  const MB = 2 ** 20;
  it("reads PAGE_CACHE_MB, 64 MB by default, and PAGE_CACHE_SIZE=0 still turns the cache off", () => {
    expect(pageCacheBytes({})).toBe(64 * MB);
    expect(pageCacheBytes({ PAGE_CACHE_MB: "16" })).toBe(16 * MB);
    expect(pageCacheBytes({ PAGE_CACHE_MB: "0" })).toBe(0);
    expect(pageCacheBytes({ PAGE_CACHE_SIZE: "0" })).toBe(0);
    const warn = vi.fn();
    expect(pageCacheBytes({ PAGE_CACHE_SIZE: "200" }, warn)).toBe(64 * MB);
    expect(warn).toHaveBeenCalledOnce();
    expect(() => pageCacheBytes({ PAGE_CACHE_MB: "lots" })).toThrow(/PAGE_CACHE_MB/);
  });
});
