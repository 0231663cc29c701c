import { describe, expect, it } from "vitest";

import { isShareable, PageCache, pageCacheKey } from "../../server/page-cache";

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
  it("replays what it kept: status, headers and bytes", async () => {
    const cache = new PageCache(2);
    await cache.keep("/a", page(200, PUBLIC, "page a"));
    const kept = cache.get("/a");
    expect(kept?.status).toBe(200);
    expect(kept?.headers["content-type"]).toBe("text/html");
    expect(kept?.body.toString()).toBe("page a");
  });

  it("keeps no error", async () => {
    const cache = new PageCache(2);
    expect(await cache.keep("/missing", page(404, "public, max-age=60"))).toBeUndefined();
    expect(await cache.keep("/broken", page(500, "no-store"))).toBeUndefined();
    expect(cache.get("/missing")).toBeUndefined();
    expect(cache.get("/broken")).toBeUndefined();
  });

  it("evicts the least recently used page first", async () => {
    const cache = new PageCache(2);
    await cache.keep("/a", page(200, PUBLIC));
    await cache.keep("/b", page(200, PUBLIC));
    cache.get("/a");
    await cache.keep("/c", page(200, PUBLIC));
    expect(cache.get("/a")).toBeDefined();
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/c")).toBeDefined();
  });

  it("keeps nothing with size 0", async () => {
    const off = new PageCache(0);
    expect(await off.keep("/a", page(200, PUBLIC))).toBeUndefined();
    expect(off.get("/a")).toBeUndefined();
  });
});
