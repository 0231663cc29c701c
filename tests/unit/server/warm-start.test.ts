/**
 * A followed branch's new worker filled from the one it replaces (server/warm-start.ts): pages the
 * release did not change kept as they were served, in the order they were asked; those it changed
 * rendered afresh, the most asked first, within the time given; and the page cache's own part of it
 * (entries, adopt). The exchange over the cluster's channel is the follow spec's (tests/e2e/operators).
 */
import { describe, expect, it } from "vitest";

import { EventEmitter } from "node:events";

import { EVERYTHING } from "#model/cache-ban.ts";
import { askOver, type WarmMessage } from "#model/warm-pages.ts";
import { PageCache } from "#server/page-cache.ts";
import { warmCache } from "#server/warm-start.ts";

const MB = 2 ** 20;
const page = (body: string) =>
  new Response(body, { headers: { "Cache-Control": "public, max-age=60", "Content-Type": "text/html" } });

/** A worker's page cache that rendered `keys` in this order, each page saying which release rendered it. */
async function servedBy(release: string, keys: string[]) {
  const cache = new PageCache(MB);
  for (const key of keys) await cache.fill(key, async () => page(`${key} of ${release}`));
  return cache;
}

const text = (cache: PageCache, key: string) => cache.get(key)?.variants.identity.body.toString();

describe("a new worker's page cache, from the one it replaces", () => {
  it("lists what it keeps, the most recently asked first, section pages before the artists'", async () => {
    const cache = await servedBy("a", ["/contact", "/artists/film/ada-rowe", "/clients"]);
    cache.get("/contact");
    expect(cache.entries().map(([key]) => key)).toEqual(["/contact", "/clients", "/artists/film/ada-rowe"]);
  });

  it("keeps the pages the release did not change as they were served, renders those it changed", async () => {
    const before = await servedBy("a", ["/contact", "/artists/film/ada-rowe", "/artists/directors", "/clients"]);
    const after = new PageCache(MB);
    const rendered: string[] = [];
    const warmed = await warmCache(
      after,
      async (key) => {
        rendered.push(key);
        return page(`${key} of b`);
      },
      { pages: before.entries(), changed: ["^/artists/film/ada-rowe(/|\\?|$)", "^/artists/directors/*(\\?|$)"] },
    );
    expect(warmed).toEqual({ carried: 2, rendered: 2, left: 0 });
    expect(rendered).toEqual(["/artists/directors", "/artists/film/ada-rowe"]);
    expect(text(after, "/contact")).toBe("/contact of a");
    expect(text(after, "/clients")).toBe("/clients of a");
    expect(text(after, "/artists/directors")).toBe("/artists/directors of b");
    expect(text(after, "/artists/film/ada-rowe")).toBe("/artists/film/ada-rowe of b");
    // Those kept stay in the order they were asked: the next pushed out is the one asked least recently, as before.
    const kept = (cache: PageCache) => cache.entries().flatMap(([key]) => (key.startsWith("/c") ? [key] : []));
    expect(kept(before)).toEqual(["/clients", "/contact"]);
    expect(kept(after)).toEqual(kept(before));
  });

  it("renders every page after a change of code, the most asked first, until its time is spent", async () => {
    const before = await servedBy("a", ["/clients", "/contact", "/biography"]);
    const rendered: string[] = [];
    const render = async (key: string) => {
      rendered.push(key);
      return page(`${key} of b`);
    };
    const all = await warmCache(new PageCache(MB), render, { pages: before.entries(), changed: [EVERYTHING] });
    expect(all).toEqual({ carried: 0, rendered: 3, left: 0 });
    expect(rendered).toEqual(["/biography", "/contact", "/clients"]);

    const none = await warmCache(new PageCache(MB), render, { pages: before.entries(), changed: [EVERYTHING] }, 0);
    expect(none).toEqual({ carried: 0, rendered: 0, left: 3 });
  });

  it("starts empty when the worker before kept nothing, or there was none", async () => {
    const after = new PageCache(MB);
    expect(await warmCache(after, async () => page(""), { pages: [], changed: [] })).toEqual({
      carried: 0,
      rendered: 0,
      left: 0,
    });
    expect(after.entries()).toEqual([]);
  });
});

describe("a question on the cluster's channel (askOver)", () => {
  /** A channel whose other side answers each message with `reply`, or says nothing; `refuse` fails each send. */
  function channel(reply?: (asked: WarmMessage) => WarmMessage, refuse = false) {
    const other = new EventEmitter();
    return Object.assign(other, {
      send(message: WarmMessage, callback: (error: Error | null) => void) {
        setImmediate(() => {
          if (refuse) return callback(new Error("channel closed"));
          callback(null);
          if (reply) other.emit("message", reply(message));
        });
        return true;
      },
    });
  }
  const ask = (side: ReturnType<typeof channel>) =>
    askOver(side, "asked", "answered", { waitMs: 50, otherwise: "none", read: (message) => String(message.changed) });

  it("takes the answer of its type, and stops listening", async () => {
    const side = channel((asked) => ({ type: asked.type === "asked" ? "answered" : "?", changed: ["^/x"] }));
    expect(await ask(side)).toBe("^/x");
    expect(side.listenerCount("message")).toBe(0);
  });

  it("gives `otherwise` when the other side is silent, answers another question, or cannot be told", async () => {
    expect(await ask(channel())).toBe("none");
    expect(await ask(channel(() => ({ type: "something else", changed: ["^/x"] })))).toBe("none");
    expect(await ask(channel(undefined, true))).toBe("none");
  });
});
