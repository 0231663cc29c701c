/**
 * Every spelling of Keystatic's save reaches the save gate, never Keystatic's own write
 * (edit/server/keystatic-api.ts, keystaticRouteOf and localKeystaticApi, which `npm run edit` and the
 * team's service both route by). The truth of what is a save is Keystatic's own handler: each spelling
 * below is first shown to write a file through it, unguarded.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { makeGenericAPIRouteHandler } from "@keystatic/core/api/generic";
import { afterAll, describe, expect, test } from "vitest";

import config from "#edit/keystatic.config.ts";
import { keystaticRouteOf, localKeystaticApi } from "#edit/server/keystatic-api.ts";
import { routeOf } from "#edit/service/service-routes.ts";

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

const ORIGIN = "http://127.0.0.1:4999";
const WRITTEN = "app/content/artists/directors/written-unchecked.md";

/** A save of one file, as the screen posts it. */
const saveTo = (target: string) =>
  new Request(`${ORIGIN}${target}`, {
    method: "POST",
    headers: { "no-cors": "1", "content-type": "application/json" },
    body: JSON.stringify({
      additions: [{ path: WRITTEN, contents: Buffer.from("---\nname: X\n---\n").toString("base64url") }],
      deletions: [],
    }),
  });

function freshRoot() {
  const root = mkdtempSync(path.join(tmpdir(), "keystatic-routes-"));
  roots.push(root);
  return root;
}

/** The path both servers route on: the request's target read against their origin, as `new URL` reads it. */
const pathnameOf = (target: string) => new URL(target, ORIGIN).pathname;

const SAVES = [
  "/api/keystatic/update",
  "/api/keystatic/update/",
  "/api/keystatic//update",
  "/api/keystatic/update//",
  "/api/keystatic///update///",
  "/api/keystatic/%75pdate",
  "/api/keystatic/%75%70%64%61%74%65",
  "/api/keystatic/update?then=more",
  "/api/keystatic/./update",
  "/api/keystatic/%2e/update",
  "/api/keystatic/blob/../update",
  "/api/keystatic/blob/%2E%2E/update/",
];

const NOT_SAVES = [
  "/api/keystatic/Update",
  "/api/keystatic/UPDATE",
  "/api/keystatic/update/more",
  "/api/keystatic/update%2F",
  "/api/keystatic/%2Fupdate",
  "/api/keystatic/updates",
];

describe("a save however it is spelt", () => {
  test.each(SAVES)(
    "%s: Keystatic writes it unguarded; both servers send it to the gate, their API refuses it",
    async (target) => {
      const unguarded = freshRoot();
      const generic = makeGenericAPIRouteHandler({ config, localBaseDirectory: unguarded });
      expect((await generic(saveTo(target))).status).toBe(200);
      expect(existsSync(path.join(unguarded, WRITTEN))).toBe(true);

      // The team's service routes it to its Keystatic API, `npm run edit` by the same prefix; both then by keystaticRouteOf.
      expect(routeOf(pathnameOf(target)).prefix).toBe("/api/keystatic/");
      expect(pathnameOf(target).startsWith("/api/keystatic/")).toBe(true);
      expect(keystaticRouteOf(pathnameOf(target))).toBe("save");

      const guarded = freshRoot();
      const answer = await localKeystaticApi(guarded)(saveTo(target));
      expect(answer.status).toBe(404);
      expect(existsSync(path.join(guarded, WRITTEN))).toBe(false);
    },
  );
});

describe("what Keystatic does not take for a save", () => {
  test.each(NOT_SAVES)("%s: Keystatic answers 404, and it is not routed to the gate", async (target) => {
    const root = freshRoot();
    const generic = makeGenericAPIRouteHandler({ config, localBaseDirectory: root });
    expect((await generic(saveTo(target))).status).toBe(404);
    expect(keystaticRouteOf(pathnameOf(target))).not.toBe("save");
  });

  test("the listing, however spelt, is the listing; a segment that does not decode is a 400, not Keystatic's throw", async () => {
    for (const target of ["/api/keystatic/tree", "/api/keystatic/tree/", "/api/keystatic//%74ree"])
      expect(keystaticRouteOf(pathnameOf(target))).toBe("listing");
    expect(keystaticRouteOf(pathnameOf("/api/keystatic/blob/0/app/content/site.yaml"))).toBe("api");

    const malformed = "/api/keystatic/%E0%A4%A/update";
    const generic = makeGenericAPIRouteHandler({ config, localBaseDirectory: freshRoot() });
    expect(() => generic(saveTo(malformed))).toThrow(URIError);
    expect(keystaticRouteOf(pathnameOf(malformed))).toBe("malformed");
    expect((await localKeystaticApi(freshRoot())(saveTo(malformed))).status).toBe(400);
  });
});
