/**
 * How both screens mount the editing app (edit/http/editing-app.ts), on a stand-in for its server
 * build: Remix's answer sent on with every header it set and never cached, a request's body and
 * the screen's load context reaching the route; the browser's assets kept for good, nothing outside
 * the build's assets folder served, and a build that is not there named with how to make it.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { editingApp } from "#edit/http/editing-app.ts";

/** A server build as Remix's compiler writes one, reduced to a root and one resource route under /edit/. */
const BUILD = `
export const mode = "production";
export const future = {};
export const publicPath = "/edit/build/";
export const assetsBuildDirectory = "assets";
export const isSpaMode = false;
export const assets = { entry: { module: "/edit/build/entry.js", imports: [] }, routes: {}, url: "/edit/build/manifest.js", version: "1" };
export const entry = { module: { default: () => new Response("a document") } };
const echo = async ({ request, context }) => {
  const headers = new Headers({
    "x-route": "echo",
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  });
  if (new URL(request.url).searchParams.has("kept")) headers.set("cache-control", "public, max-age=60");
  headers.append("set-cookie", "a=1");
  headers.append("set-cookie", "b=2");
  const body = request.method === "POST" ? await request.text() : "";
  return new Response(JSON.stringify({ method: request.method, body, context }), { status: 201, headers });
};
export const routes = {
  root: { id: "root", path: "", module: {} },
  "routes/edit.echo": { id: "routes/edit.echo", parentId: "root", path: "edit/echo", module: { loader: echo, action: echo } },
};
`;

describe("the editing app as the screens mount it", () => {
  let root: string;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "editing-app-"));
    await mkdir(path.join(root, "edit/build/server"), { recursive: true });
    await mkdir(path.join(root, "edit/build/assets/_shared"), { recursive: true });
    await writeFile(path.join(root, "edit/build/server/index.js"), BUILD);
    await writeFile(path.join(root, "edit/build/assets/_shared/entry-ABCD.js"), "console.log(1);");
    await writeFile(path.join(root, "edit/build/secret.txt"), "not an asset");
    const app = await editingApp(root, ["/edit/"]);
    server = createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://edit");
      if (!app.owns(url.pathname)) return void response.writeHead(418).end();
      // The screen's own header, before the app's answer, as refuseFraming sets it.
      response.setHeader("content-security-policy", "frame-ancestors 'none'");
      void app.serve(request, response, url, { editing: { editor: "Ada" } });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(root, { recursive: true, force: true });
  });

  test("Remix's answer: its status with its reason phrase and its headers, the screen's replaced, each cookie its own, never cached unless the route says so; the body and the context reach the route", async () => {
    const answer = await fetch(`${origin}/edit/echo`, { method: "POST", body: "hello" });
    expect(answer.status).toBe(201);
    // The route gave no reason phrase: the status's own is sent, not an empty one.
    expect(answer.statusText).toBe("Created");
    expect(answer.headers.get("x-route")).toBe("echo");
    expect(answer.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    // The app's header of a name the screen set too takes its place, once.
    expect(answer.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.json()).toEqual({ method: "POST", body: "hello", context: { editing: { editor: "Ada" } } });
    // A route that says how long its answer may be kept (the screen's script, named by its hash) is taken at its word.
    expect((await fetch(`${origin}/edit/echo?kept`)).headers.get("cache-control")).toBe("public, max-age=60");
    expect((await fetch(`${origin}/keystatic`)).status).toBe(418);
  });

  test("the browser's assets, kept for good; nothing else of the build, and nothing outside it", async () => {
    const asset = await fetch(`${origin}/edit/build/_shared/entry-ABCD.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await asset.text()).toBe("console.log(1);");
    for (const missing of [
      "/edit/build/_shared/entry-0000.js",
      // A URL's parser takes out "..", not an escaped slash: decoded, these would climb out of the assets.
      "/edit/build/..%2Fsecret.txt",
      "/edit/build/..%2Fserver%2Findex.js",
      "/edit/build/%E0%A4%A.js",
    ]) {
      const answer = await fetch(`${origin}${missing}`);
      expect(answer.status, missing).toBe(404);
      expect(answer.statusText, missing).toBe("Not Found");
      expect(answer.headers.get("cache-control"), missing).toBe("no-store");
    }
  });

  test("no build: an error naming the command that makes it", async () => {
    await expect(editingApp(path.join(root, "nowhere"), ["/edit/"])).rejects.toThrow(/npm run build:edit/);
  });
});
