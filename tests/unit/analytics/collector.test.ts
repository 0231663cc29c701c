/** The collector: events stamped with the day's visitor hash, written in batches, forwarded; the visitor's address never kept. */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

import { afterEach, describe, expect, it, vi } from "vitest";

import { createCollector, visitorHash } from "#analytics/collector.ts";
import { forwardBody, forwarder, forwardSettings } from "#analytics/forward.ts";
import type { AnalyticsStore } from "#analytics/store.ts";
import type { CountedEvent, RecipientLink } from "#analytics/types.ts";
import { takenEvent } from "#tests/support/analytics-events.ts";

const PAGEVIEW = takenEvent({ path: "/clients" });
const ADA = { ip: "203.0.113.7", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36" };

/** The one recipient link the memory store knows, counting until `expires`. */
const LINK: RecipientLink = {
  id: "link-1",
  token: "Zt6n0kqY2mW8cXb1VhR4sA",
  recipient: "Juniper Films — Sam",
  artists: ["ada-rowe"],
  created: Date.parse("2026-11-20T09:00:00Z"),
  expires: Date.parse("2026-11-24T00:00:00Z"),
  revoked: null,
};

/** A store in memory: what the collector wrote, and the salts it asked for. */
function memoryStore(failures = 0) {
  const written: CountedEvent[][] = [];
  const salts = new Map<string, Buffer>();
  let failing = failures;
  const store: AnalyticsStore = {
    async insert(events) {
      if (failing-- > 0) throw new Error("the store is down");
      written.push([...events]);
    },
    async salt(day) {
      if (!salts.has(day)) salts.set(day, Buffer.alloc(32, salts.size + 1));
      return salts.get(day)!;
    },
    async maintain() {},
    async figures() {
      return { reels: [], artists: [], shortlists: [] };
    },
    links: {
      async active(token, now) {
        return token === LINK.token && now.getTime() < LINK.expires! ? LINK : undefined;
      },
      create: unused,
      list: unused,
      revoke: unused,
      erase: unused,
      events: unused,
    },
    async close() {},
  };
  return { store, written, salts };
}

function unused(): never {
  throw new Error("the collector does not call this");
}

const collectors: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(collectors.splice(0).map((collector) => collector.close()));
});

describe("createCollector", () => {
  it("counts an event for the recipient link its token names, only while links are on and the link counts", async () => {
    let now = new Date("2026-11-23T09:30:00Z");
    const url = "https://agency.example/selects?artists=ada-rowe";
    const counted = async (recipientLinks: boolean, token: string | null) => {
      const { store, written } = memoryStore();
      const collector = createCollector({ store, recipientLinks, site: "agency.example", now: () => now });
      collectors.push(collector);
      await collector.take(PAGEVIEW, url, null, ADA, token);
      await collector.flush();
      return { link: written.flat()[0].link, active: await collector.activeLink(LINK.token) };
    };
    expect(await counted(true, LINK.token)).toEqual({ link: LINK.id, active: true });
    // Off: the token is ignored, and its page says nothing.
    expect(await counted(false, LINK.token)).toEqual({ link: undefined, active: false });
    // A token no link has, or none: the event is counted, for nobody.
    expect(await counted(true, "A".repeat(22))).toEqual({ link: undefined, active: true });
    expect(await counted(true, null)).toEqual({ link: undefined, active: true });
    // Past its expiry, the link counts nothing.
    now = new Date("2026-11-24T00:00:01Z");
    expect(await counted(true, LINK.token)).toEqual({ link: undefined, active: false });
  });

  it("keeps an event whose link the store cannot look up, for nobody, and says the store failed", async () => {
    const { store, written } = memoryStore();
    store.links.active = async () => {
      throw new Error("the store is down");
    };
    const failures: unknown[] = [];
    const collector = createCollector({
      store,
      recipientLinks: true,
      site: "agency.example",
      failed: (error) => failures.push(error),
    });
    collectors.push(collector);
    await collector.take(PAGEVIEW, "https://agency.example/selects", null, ADA, LINK.token);
    await collector.flush();
    expect(written.flat().map((event) => [event.path, event.link])).toEqual([["/clients", undefined]]);
    expect(await collector.activeLink(LINK.token)).toBe(false);
    expect(failures).toHaveLength(2);
  });

  it("stamps each event with the time, the day and the day's visitor hash, and keeps nothing else of the visitor", async () => {
    let now = new Date("2026-11-23T09:30:00Z");
    const { store, written, salts } = memoryStore();
    const collector = createCollector({ store, site: "agency.example", now: () => now });
    collectors.push(collector);
    await collector.take(PAGEVIEW, "https://agency.example/clients", null, ADA);
    await collector.take(PAGEVIEW, "https://agency.example/clients", null, { ...ADA, ip: "203.0.113.8" });
    now = new Date("2026-11-24T00:00:01Z");
    await collector.take(PAGEVIEW, "https://agency.example/clients", null, ADA);
    await collector.flush();

    const events = written.flat();
    expect(events.map(({ day, at }) => [day, at])).toEqual([
      ["2026-11-23", Date.parse("2026-11-23T09:30:00Z")],
      ["2026-11-23", Date.parse("2026-11-23T09:30:00Z")],
      ["2026-11-24", Date.parse("2026-11-24T00:00:01Z")],
    ]);
    // Another address is another visitor; the next day, the same visitor has another hash.
    expect(events[0].visitor).toBe(visitorHash(salts.get("2026-11-23")!, "agency.example", ADA));
    expect(new Set(events.map(({ visitor }) => visitor)).size).toBe(3);
    expect(JSON.stringify(events)).not.toContain("203.0.113");
    expect(JSON.stringify(events)).not.toContain("Chrome");
  });

  it("answers an event once it is written; those taken together are one write; a refused batch waits for the next", async () => {
    const { store, written } = memoryStore(1);
    const errors: unknown[] = [];
    const collector = createCollector({ store, site: "agency.example", failed: (error) => errors.push(error) });
    collectors.push(collector);
    const take = () => collector.take(PAGEVIEW, "https://agency.example/clients", null, ADA);
    // Refused: answered all the same, and held.
    await take();
    expect(written).toEqual([]);
    expect(errors).toHaveLength(1);
    // The next is answered once it and the one held are in the store, in one write.
    await take();
    expect(written.map((batch) => batch.length)).toEqual([2]);
    // Three at once: one write, in the store before any is answered.
    await Promise.all([take(), take(), take()]);
    expect(written.map((batch) => batch.length)).toEqual([2, 3]);
  });

  it("answers an event a store that hangs has not written within a second, and writes it once the store answers", async () => {
    const { store, written } = memoryStore();
    const write = store.insert;
    let answer = () => {};
    store.insert = (events) =>
      new Promise<void>((resolve) => {
        answer = () => void write(events).then(resolve);
      });
    // Closed by the test, once its store answers: afterEach's close would wait on it for ever if the test failed.
    const collector = createCollector({ store, site: "agency.example" });
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      let answered = false;
      const taken = collector.take(PAGEVIEW, "https://agency.example/clients", null, ADA).then(() => (answered = true));
      await vi.advanceTimersByTimeAsync(999);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await taken;
      expect(written).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
    answer();
    await collector.close();
    expect(written.map((batch) => batch.length)).toEqual([1]);
  });
});

describe("visitorHash", () => {
  it("is 16 hex digits that change with the salt, the site, the address and the user agent", () => {
    const salt = Buffer.alloc(32, 1);
    const hash = visitorHash(salt, "agency.example", ADA);
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(
      new Set([
        hash,
        visitorHash(Buffer.alloc(32, 2), "agency.example", ADA),
        visitorHash(salt, "other.example", ADA),
        visitorHash(salt, "agency.example", { ...ADA, ip: "203.0.113.8" }),
        visitorHash(salt, "agency.example", { ...ADA, userAgent: "Mozilla/5.0 Firefox/140.0" }),
      ]).size,
    ).toBe(5);
  });
});

describe("forwarding", () => {
  it("reads its settings, and refuses bad ones naming the setting", () => {
    expect(forwardSettings({}, "agency.example")).toBeUndefined();
    expect(forwardSettings({ ANALYTICS_FORWARD_URL: "https://plausible.example/api/event" }, "agency.example")).toEqual(
      {
        kind: "plausible",
        url: "https://plausible.example/api/event",
        domain: "agency.example",
      },
    );
    expect(() => forwardSettings({ ANALYTICS_FORWARD_URL: "ftp://x.example" }, "a.example")).toThrow(
      /^ANALYTICS_FORWARD_URL/,
    );
    expect(() =>
      forwardSettings(
        { ANALYTICS_FORWARD_URL: "https://u.example/api/send", ANALYTICS_FORWARD_KIND: "umami" },
        "a.example",
      ),
    ).toThrow(/^ANALYTICS_UMAMI_WEBSITE/);
    expect(() =>
      forwardSettings({ ANALYTICS_FORWARD_URL: "https://u.example", ANALYTICS_FORWARD_KIND: "matomo" }, "a.example"),
    ).toThrow(/^ANALYTICS_FORWARD_KIND/);
  });

  it("shapes Umami's body: a page view has no name", () => {
    const settings = {
      kind: "umami",
      url: "https://u.example/api/send",
      website: "w-1",
      domain: "agency.example",
    } as const;
    expect(forwardBody(settings, PAGEVIEW, "https://agency.example/clients?x=1", null)).toEqual({
      type: "event",
      payload: { website: "w-1", hostname: "agency.example", url: "/clients?x=1", referrer: "" },
    });
  });

  it("posts each event to the operator's Plausible with the visitor's user agent and address", async () => {
    const received: { headers: IncomingMessage["headers"]; body: unknown }[] = [];
    const server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        received.push({ headers: request.headers, body: JSON.parse(body) });
        response.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/event`;
    const failures: string[] = [];
    const forward = forwarder({ kind: "plausible", url, domain: "agency.example" }, (why) => failures.push(why));
    const shortlist = takenEvent({ name: "shortlist", path: "/selects", shortlist: "a,b" });
    forward(shortlist, "https://agency.example/selects?artists=b,a", "https://mail.example/", ADA);
    await expect.poll(() => received.length).toBe(1);
    server.close();
    expect(received[0].headers["user-agent"]).toBe(ADA.userAgent);
    expect(received[0].headers["x-forwarded-for"]).toBe(ADA.ip);
    expect(received[0].body).toEqual({
      name: "shortlist",
      url: "https://agency.example/selects?artists=b,a",
      domain: "agency.example",
      referrer: "https://mail.example/",
      props: { key: "a,b" },
    });
    expect(failures).toEqual([]);
  });
});
