/**
 * Erasing a recipient (docs/privacy.md, "Answering a recipient") against what outlives the delete: the
 * events an instance still holds in its buffer (collector.ts), a write of them in progress on another
 * PostgreSQL connection, and the bytes SQLite would leave in its file.
 */
import { existsSync, readFileSync } from "node:fs";

import pg from "pg";
import { describe, expect, it } from "vitest";

import { createCollector } from "#analytics/collector.ts";
import { type LinkEvent, linkEventWrites } from "#analytics/link-store.ts";
import type { AnalyticsStore } from "#analytics/store.ts";
import { storedEvent, takenEvent } from "#tests/support/analytics-events.ts";
import { postgresEngine, sqliteEngine, storesOn } from "#tests/support/analytics-engines.ts";

const NOW = new Date("2025-03-10T12:00:00.000Z");
const DAY = "2025-03-10";
const SAM = { recipient: "Juniper Films — Sam", artists: ["bo-lind", "ada-rowe"], expires: null };
const OLA = { ...SAM, recipient: "Northlight — Ola" };
const VISITOR = { ip: "203.0.113.7", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36" };
const OPENING = takenEvent({ name: "shortlist", path: "/selects", shortlist: "ada-rowe,bo-lind" });

/** A collector on `store` that counts links, at NOW; closing it leaves the store to the test's own close. */
function collectorOn(store: AnalyticsStore) {
  return createCollector({
    store: { ...store, close: async () => {} },
    recipientLinks: true,
    site: "agency.example",
    now: () => NOW,
  });
}

describe.each([
  { name: "SQLite", engine: sqliteEngine() },
  { name: "PostgreSQL", engine: postgresEngine() },
])("erasing a recipient on $name", ({ engine }) => {
  const open = storesOn(engine);

  it("drops the events a collector still held for them, and writes those of a link revoked meanwhile", async () => {
    const store = await open(await engine.fresh(90));
    const sam = await store.links.create(SAM, NOW);
    const ola = await store.links.create(OLA, NOW);
    const collector = collectorOn(store);
    const url = "https://agency.example/selects?artists=ada-rowe,bo-lind";
    await collector.take(OPENING, url, null, VISITOR, sam.token);
    await collector.take(OPENING, url, null, { ...VISITOR, ip: "203.0.113.8" }, ola.token);

    // Both taken while their links counted; then, before the collector writes, one erased, one revoked.
    expect(await store.links.erase(SAM.recipient)).toBe(1);
    expect(await store.links.revoke(ola.id, NOW)).toBe(true);
    await collector.close();

    expect((await store.links.events(DAY, DAY)).map(({ link, name }) => [link, name])).toEqual([[ola.id, "shortlist"]]);
    // The anonymous figures keep both openings, as they keep every visitor's: they say nothing of whose.
    expect((await store.figures(DAY, DAY, NOW)).shortlists.map(({ opens }) => opens)).toEqual([2]);
  });
});

describe("erasing a recipient on PostgreSQL while an instance writes their events", () => {
  const engine = postgresEngine();
  const open = storesOn(engine);

  it("waits for that write and deletes what it wrote", async () => {
    const settings = await engine.fresh(90);
    if (settings.kind !== "postgres") throw new Error("not a PostgreSQL store");
    const store = await open(settings);
    const sam = await store.links.create(SAM, NOW);
    const {
      visitor: _visitor,
      referrer: _referrer,
      ...opening
    } = storedEvent({ ...OPENING, day: DAY, at: NOW.getTime() });
    const event: LinkEvent = { ...opening, link: sam.id };

    // Another instance's write, in its own transaction, not committed yet when the erasure starts.
    const writer = new pg.Client(settings.url);
    await writer.connect();
    try {
      await writer.query("BEGIN");
      for (const { sql, params = [] } of linkEventWrites([event], 500)) await writer.query(sql, [...params]);
      const erasing = store.links.erase(SAM.recipient);
      // Until the erasure waits on the writer's lock on the link (or, were there none, has finished).
      const waiting = async () => {
        const { rows } = await writer.query<{ waiting: number }>(
          "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        return rows[0].waiting > 0;
      };
      const finished = erasing.then(() => true);
      while (!(await Promise.race([finished, waiting()]))) await new Promise((resolve) => setTimeout(resolve, 20));
      await writer.query("COMMIT");
      expect(await erasing).toBe(1);
    } finally {
      await writer.end();
    }
    expect(await store.links.events(DAY, DAY)).toEqual([]);
    expect(await store.links.list()).toEqual([]);
  });
});

describe("erasing a recipient on SQLite", () => {
  const engine = sqliteEngine();
  const open = storesOn(engine);

  it("leaves nothing of them in the file's bytes, nor in its WAL, while their visit stays in the anonymous figures", async () => {
    const settings = await engine.fresh(90);
    if (settings.kind !== "sqlite") throw new Error("not an SQLite store");
    const store = await open(settings);
    const sam = await store.links.create(SAM, NOW);
    const ola = await store.links.create(OLA, NOW);
    const collector = collectorOn(store);
    const url = "https://agency.example/selects?artists=ada-rowe,bo-lind";
    await collector.take(OPENING, url, null, VISITOR, sam.token);
    await collector.take(takenEvent({ path: "/directors/bo-lind", artist: "bo-lind" }), url, null, VISITOR, sam.token);
    await collector.take(OPENING, url, null, VISITOR, ola.token);
    await collector.flush();
    // Sam's rows are in the file and in the WAL's frames before the erasure.
    const bytes = () =>
      Buffer.concat([settings.file, `${settings.file}-wal`].filter(existsSync).map((file) => readFileSync(file)));
    expect(bytes().includes(SAM.recipient)).toBe(true);

    await store.links.erase(SAM.recipient);
    await collector.close();

    const after = bytes();
    for (const trace of [SAM.recipient, sam.token, sam.id]) expect(after.includes(trace), trace).toBe(false);
    // The search finds what is still there: the other recipient, kept.
    for (const trace of [OLA.recipient, ola.token, ola.id]) expect(after.includes(trace), trace).toBe(true);
    // The events table never held the token or the link (decision 16): the visit is still counted, by nobody.
    expect((await store.figures(DAY, DAY, NOW)).shortlists.map(({ opens }) => opens)).toEqual([2]);
  });
});
