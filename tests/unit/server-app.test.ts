import { mkdir, mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { createApp, type Render } from "../../server/app";
import { PageCache } from "../../server/page-cache";

/**
 * The server's app (server/app.ts) with a stand-in for Remix that records what it renders, on an
 * ephemeral loopback port: what the page cache keeps and what errors look like, checked without a build.
 */
let root: string;
let server: Server;
let origin: string;
let rendered: string[];

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
  if (url.pathname.endsWith(".data") || url.searchParams.has("_data")) {
    return new Response('{"data":true}', { headers: { ...html, "Content-Type": "application/json" } });
  }
  return new Response(`<html>${url.pathname}${url.search}</html>`, { headers: html });
};

const serving = { render, pageCache: new PageCache(200) };

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "server-app-"));
  await mkdir(path.join(root, "public/build"), { recursive: true });
  const app = await createApp({
    root,
    build: { assetsBuildDirectory: "public/build", publicPath: "/build/" },
    serving: () => serving,
    requestLog: new Writable({ write: (_chunk, _encoding, done) => done() }),
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
});

beforeEach(() => {
  rendered = [];
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
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const response = await get("/throws");
      expect(response.status).toBe(500);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(response.headers.get("Content-Type")).toContain("text/plain");
      const body = await response.text();
      expect(body).toBe("500 Internal Server Error\n");
      expect(logged).toHaveBeenCalledOnce();
    } finally {
      logged.mockRestore();
    }
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
