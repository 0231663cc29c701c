import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { createApp, type Render } from "#server/app.ts";
import { createLogger } from "#server/log.ts";
import { PageCache } from "#server/page-cache.ts";
import { RenderQueue } from "#server/render-queue.ts";
import { encodedRequest } from "#tests/support/raw-http.ts";

/**
 * The server's app (server/app.ts) with a stand-in for Remix that records what it renders, on an
 * ephemeral loopback port: what the page cache keeps and what errors look like, checked without a build.
 */
let root: string;
let server: Server;
let origin: string;
let rendered: string[];
/** The request log's lines, as parsed JSON. */
let logged: { level: number; req: { url: string }; err?: { message: string; stack: string } }[];

/** A page long enough to compress, with an ETag as the app's. */
const longPage = "/collective-reels";
const longHtml = `<html>${"<p>A reel, and another.</p>".repeat(400)}</html>`;

/** The app's answers, by path: documents, a data request, a missing page, a failed render. */
const render: Render = async (request) => {
  const url = new URL(request.url);
  rendered.push(url.pathname + url.search);
  const html = { "Content-Type": "text/html", "Cache-Control": "public, max-age=60, s-maxage=600" };
  if (url.pathname === "/broken")
    return new Response("render failed", { status: 500, headers: { "Cache-Control": "no-store" } });
  if (url.pathname === "/throws") throw new Error("secret stack detail");
  if (url.pathname === "/missing")
    return new Response("not here", { status: 404, headers: { ...html, "Cache-Control": "public, max-age=60" } });
  if (url.pathname === longPage) return new Response(longHtml, { headers: { ...html, ETag: '"tag"' } });
  if (url.pathname.endsWith(".data") || url.searchParams.has("_data")) {
    return new Response('{"data":true}', { headers: { ...html, "Content-Type": "application/json" } });
  }
  return new Response(`<html>${url.pathname}${url.search}</html>`, { headers: html });
};

const serving = { render, pageCache: new PageCache(2 ** 20) };

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "server-app-"));
  await mkdir(path.join(root, "public/build"), { recursive: true });
  const app = await createApp({
    root,
    build: { assetsBuildDirectory: "public/build", publicPath: "/build/" },
    serving: () => serving,
    log: createLogger({ destination: { write: (line: string) => void logged.push(JSON.parse(line)) } }),
  });
  server = createServer(app).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
});

beforeEach(() => {
  rendered = [];
  logged = [];
});

const get = (target: string, init?: RequestInit) => fetch(origin + target, init);

describe("the page cache", () => {
  it("1,000 junk query strings leave /artists/directors in the cache", async () => {
    expect((await get("/artists/directors")).headers.get("X-Page-Cache")).toBe("miss");
    for (let n = 0; n < 1_000; n++) {
      const response = await get(`/contact?junk=${n}`);
      expect(response.headers.get("X-Page-Cache")).toBe("miss");
      await response.arrayBuffer();
    }
    const again = await get("/artists/directors");
    expect(again.headers.get("X-Page-Cache")).toBe("hit");
    expect(await again.text()).toBe("<html>/artists/directors</html>");
    expect(rendered.filter((target) => target === "/artists/directors")).toHaveLength(1);
    expect(rendered).toHaveLength(1_001);
    // A thousand round trips take about a second alone, and several beside a busy e2e run.
  }, 30_000);

  it("never answers a data request with a cached document", async () => {
    await get("/contact");
    expect((await get("/contact")).headers.get("X-Page-Cache")).toBe("hit");
    for (const target of ["/contact.data", "/contact?_data=routes%2Fcontact"]) {
      const response = await get(target);
      expect(await response.text(), target).toBe('{"data":true}');
    }
    expect(await (await get("/contact")).text()).toBe("<html>/contact</html>");
  });
});

describe("errors", () => {
  it("a 5xx from the app is marked no-store and rendered afresh every time", async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await get("/broken");
      expect(response.status).toBe(500);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(response.headers.get("X-Page-Cache")).toBe("miss");
    }
    expect(rendered).toEqual(["/broken", "/broken"]);
  });

  it("a failure outside the app is a plain-text 500, no-store, without its message or stack", async () => {
    const response = await get("/throws");
    expect(response.status).toBe(500);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    const body = await response.text();
    expect(body).toBe("500 Internal Server Error\n");
    // Logged once, at the error level (50), with the stack the visitor never sees.
    const lines = logged.filter((line) => line.req.url === "/throws");
    expect(lines).toHaveLength(1);
    expect(lines[0].level).toBe(50);
    expect(lines[0].err?.message).toBe("secret stack detail");
    expect(lines[0].err?.stack).toContain("secret stack detail\n    at ");
  });

  it("a 404 stays short-lived and out of the page cache", async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await get("/missing");
      expect(response.status).toBe(404);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
    }
    expect(rendered).toEqual(["/missing", "/missing"]);
  });

  it("any method but GET and HEAD gets a 405 naming them, before the app renders anything", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
      const response = await get("/contact", { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("Allow"), method).toBe("GET, HEAD");
    }
    expect(rendered).toEqual([]);
  });
});

describe("compressed once", () => {
  const raw = (target: string, headers: Record<string, string> = {}, method = "GET") =>
    encodedRequest(origin + target, headers, method);

  it("sends the encoding the request prefers, with Vary, its length and its own ETag, on a miss and a hit", async () => {
    const cases: [string, string | undefined][] = [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip", "gzip"],
      ["gzip;q=0.5, br;q=0.4", "gzip"],
      ["gzip;q=0, br;q=0", undefined],
      ["identity", undefined],
      ["", undefined],
    ];
    for (const [acceptEncoding, expected] of cases) {
      const response = await raw(longPage, acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {});
      const label = `${acceptEncoding} (${response.headers["x-page-cache"]})`;
      expect(response.headers["content-encoding"], label).toBe(expected);
      expect(response.headers.vary, label).toBe("Accept-Encoding");
      expect(Number(response.headers["content-length"]), label).toBe(response.body.length);
      const decoded =
        expected === "br"
          ? brotliDecompressSync(response.body)
          : expected === "gzip"
            ? gunzipSync(response.body)
            : response.body;
      expect(decoded.toString(), label).toBe(longHtml);
      expect(response.headers.etag, label).toBe(expected ? `"tag-${expected}"` : '"tag"');
    }
    expect(rendered).toEqual([longPage]);
  });

  it("answers If-None-Match per encoding with an empty 304, and HEAD with the headers alone", async () => {
    await raw(longPage);
    const revalidated = await raw(longPage, { "Accept-Encoding": "br", "If-None-Match": '"tag-br"' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.etag).toBe('"tag-br"');
    expect(revalidated.body.length).toBe(0);
    const otherEncoding = await raw(longPage, { "Accept-Encoding": "gzip", "If-None-Match": '"tag-br"' });
    expect(otherEncoding.status).toBe(200);
    const head = await raw(longPage, { "Accept-Encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("gzip");
    expect(Number(head.headers["content-length"])).toBe(otherEncoding.body.length);
    expect(head.body.length).toBe(0);
  });
});

describe("the render queue", () => {
  it("answers 503 with Retry-After, as plain text, once its line is full; a cached page still goes out", async () => {
    let release!: () => void;
    const renders: string[] = [];
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const slowServing = {
      pageCache: new PageCache(2 ** 20),
      render: async (request: Request) => {
        const url = new URL(request.url);
        renders.push(url.pathname + url.search);
        if (new URL(request.url).pathname.startsWith("/slow")) await blocked;
        return new Response("<html>page</html>", {
          headers: { "Content-Type": "text/html", "Cache-Control": "public, max-age=60, s-maxage=600" },
        });
      },
    };
    const app = await createApp({
      root,
      build: { assetsBuildDirectory: "public/build", publicPath: "/build/" },
      serving: () => slowServing,
      log: createLogger({ level: "silent" }),
      renderQueue: new RenderQueue(1, 1),
    });
    const busy = createServer(app).listen(0, "127.0.0.1");
    await new Promise((resolve) => busy.once("listening", resolve));
    const busyOrigin = `http://127.0.0.1:${(busy.address() as AddressInfo).port}`;
    try {
      await (await fetch(`${busyOrigin}/cached`)).text();
      // One render running, one waiting: the third is refused.
      const running = fetch(`${busyOrigin}/slow`);
      const waiting = fetch(`${busyOrigin}/slow?waiting`);
      // A request for the page being rendered waits for that render, outside the line.
      const same = fetch(`${busyOrigin}/slow`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const refused = await fetch(`${busyOrigin}/contact?third`);
      expect(refused.status).toBe(503);
      expect(refused.headers.get("Retry-After")).toBe("1");
      expect(refused.headers.get("Cache-Control")).toBe("no-store");
      expect(refused.headers.get("Content-Type")).toContain("text/plain");
      expect(await refused.text()).toMatch(/^503 Service Unavailable\n/);
      const hit = await fetch(`${busyOrigin}/cached`);
      expect(hit.status).toBe(200);
      expect(hit.headers.get("X-Page-Cache")).toBe("hit");
      release();
      expect((await running).status).toBe(200);
      expect((await waiting).status).toBe(200);
      const shared = await same;
      expect(shared.status).toBe(200);
      expect(shared.headers.get("X-Page-Cache")).toBe("hit");
      expect(renders.filter((path) => path === "/slow")).toHaveLength(1);
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  });
});
