/**
 * A recipient link's token in the events a page sends (app/analytics/track.client.ts): kept when the
 * document's first page is a selects page with a well-formed `link`, then carried by every event it
 * sends (page views, the shortlist's opening, a reel's play and progress); never taken from a later
 * page, never stored in the browser. The module's memory is the document's, so each test imports a
 * fresh copy, with the browser's globals it reads stood in for.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { EventBody } from "#model/analytics-event.ts";

const TOKEN = "AbCdEfGhIjKlMnOpQrSt_-";
const ORIGIN = "https://calloway.example";

let sent: EventBody[];
let storage: ReturnType<typeof vi.fn>;

beforeEach(() => {
  sent = [];
  storage = vi.fn();
  const store = { getItem: storage, setItem: storage, removeItem: storage };
  vi.stubGlobal("navigator", {
    sendBeacon: (_path: string, text: string) => sent.push(JSON.parse(text)) > 0,
  });
  vi.stubGlobal("location", { hostname: "calloway.example" });
  vi.stubGlobal("document", {
    referrer: "https://mail.example/",
    visibilityState: "visible",
    cookie: "",
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
  vi.stubGlobal("addEventListener", () => undefined);
  vi.stubGlobal("removeEventListener", () => undefined);
  vi.stubGlobal("localStorage", store);
  vi.stubGlobal("sessionStorage", store);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A new document's copy of the module. */
async function freshPage() {
  vi.resetModules();
  return import("#app/analytics/track.client.ts");
}

/** A stand-in for video.js's player, enough for watchReel: events by name, and what it has played. */
function fakePlayer() {
  const handlers = new Map<string, (() => void)[]>();
  let paused = true;
  const player = {
    isDisposed: () => false,
    muted: () => false,
    paused: () => paused,
    ended: () => false,
    duration: () => 20,
    played: () => ({ length: 1, start: () => 0, end: () => 4 }),
    on: (name: string, handler: () => void) => handlers.set(name, [...(handlers.get(name) ?? []), handler]),
  };
  const emit = (name: string) => handlers.get(name)?.forEach((handler) => handler());
  return {
    player,
    play: () => {
      paused = false;
      emit("play");
    },
    pause: () => {
      paused = true;
      emit("pause");
    },
  };
}

/** A page view of `path`, then a reel played and paused on it: every kind of event a page sends. */
async function visit(pages: { path: string; shortlist?: string; token?: string | null }[]) {
  const { pageview, watchReel } = await freshPage();
  for (const { path, shortlist = "", token = null } of pages) pageview(`${ORIGIN}${path}`, shortlist, token);
  const reel = fakePlayer();
  // The stand-in has only what watchReel calls of a player.
  watchReel(reel.player as unknown as Parameters<typeof watchReel>[0], {
    slug: "showreel",
    autoplay: false,
    duration: 20,
    chapters: [],
  });
  reel.play();
  reel.pause();
  return sent;
}

describe("a visit begun on a recipient link's page", () => {
  it("sends the token with every event: page views, the shortlist, a play and its progress", async () => {
    const events = await visit([
      {
        path: `/selects?artists=mira-castell,clara-wren&link=${TOKEN}`,
        shortlist: "clara-wren,mira-castell",
        token: TOKEN,
      },
      { path: "/artists/film/mira-castell" },
    ]);
    expect(events.map((event) => event.name)).toEqual(["pageview", "shortlist", "pageview", "play", "progress"]);
    for (const event of events) expect(event.props?.link, event.name).toBe(TOKEN);
    expect(events[0].props).toEqual({ link: TOKEN });
    expect(events[1].props).toEqual({ key: "clara-wren,mira-castell", link: TOKEN });
    expect(events[3].props).toMatchObject({ reel: "showreel", link: TOKEN });
    // The URL stays the page's, as before; the referrer goes with the first page view only.
    expect(events[0].url).toBe(`${ORIGIN}/selects?artists=mira-castell,clara-wren&link=${TOKEN}`);
    expect(events.map((event) => event.referrer)).toEqual(["https://mail.example/", null, null, null, null]);
  });

  it("stores nothing in the browser", async () => {
    await visit([{ path: `/selects?artists=mira-castell&link=${TOKEN}`, shortlist: "mira-castell", token: TOKEN }]);
    expect(storage).not.toHaveBeenCalled();
    expect(document.cookie).toBe("");
  });

  it("is forgotten by the next document", async () => {
    await visit([{ path: `/selects?artists=mira-castell&link=${TOKEN}`, shortlist: "mira-castell", token: TOKEN }]);
    sent.length = 0;
    const events = await visit([{ path: "/selects?artists=mira-castell", shortlist: "mira-castell" }]);
    expect(events).toHaveLength(4);
    for (const event of events) expect(event.props?.link, event.name).toBeUndefined();
  });
});

describe("a visit begun anywhere else", () => {
  it("sends no token, even when a later page carries one", async () => {
    const events = await visit([
      { path: "/artists/directors" },
      { path: `/selects?artists=mira-castell&link=${TOKEN}`, shortlist: "mira-castell", token: TOKEN },
    ]);
    expect(events.map((event) => event.name)).toEqual(["pageview", "pageview", "play", "progress"]);
    for (const event of events) expect(event.props?.link, event.name).toBeUndefined();
    expect(events[0].props).toBeUndefined();
  });

  it("sends no token when the first page's is malformed", async () => {
    for (const token of ["", "short", `${TOKEN}x`, "AbCdEfGhIjKlMnOpQrSt+/", "AbCdEfGhIjKlMnOpQrSt=="]) {
      sent.length = 0;
      const path = `/selects?artists=mira-castell&link=${encodeURIComponent(token)}`;
      const events = await visit([{ path, shortlist: "mira-castell", token }]);
      expect(events).toHaveLength(4);
      for (const event of events) expect(event.props?.link, `${token}: ${event.name}`).toBeUndefined();
    }
  });
});
