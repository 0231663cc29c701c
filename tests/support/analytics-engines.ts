/**
 * The analytics store's two engines for the store's tests, with the same questions of each: SQLite in a
 * temporary folder, PostgreSQL in a throwaway cluster (postgres.ts), a fresh database each test.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import pg from "pg";

import { afterAll, afterEach, beforeAll } from "vitest";

import type { StoreSettings } from "#analytics/settings.ts";
import { type AnalyticsStore, openStore } from "#analytics/store.ts";
import { startPostgres } from "./postgres.ts";

/** What a test needs of an engine: a fresh empty store's settings, and the days left in a table. */
/** Counting on, recipient links on and kept 90 days. */
const COMMON = { enabled: true, recipientLinks: true, recipientRetentionDays: 90 } as const;

export interface Engine {
  start(): Promise<void>;
  fresh(retentionDays: number): Promise<StoreSettings>;
  days(settings: StoreSettings, table: "events" | "daily" | "salts" | "link_events"): Promise<string[]>;
  stop(): Promise<void>;
}

export function sqliteEngine(): Engine {
  let dir = "";
  let count = 0;
  return {
    async start() {
      dir = await mkdtemp(path.join(tmpdir(), "analytics-store-"));
    },
    async fresh(retentionDays) {
      // In a folder not made yet: the store makes it.
      const file = path.join(dir, `store-${++count}`, "a.sqlite");
      return { ...COMMON, retentionDays, kind: "sqlite", file };
    },
    async days(settings, table) {
      if (settings.kind !== "sqlite") throw new Error("not an SQLite store");
      const db = new Database(settings.file, { readonly: true });
      try {
        const rows = db.prepare(`SELECT DISTINCT day FROM ${table} ORDER BY day`).all() as { day: string }[];
        return rows.map((row) => row.day);
      } finally {
        db.close();
      }
    },
    stop: () => rm(dir, { recursive: true, force: true }),
  };
}

export function postgresEngine(): Engine {
  let server: Awaited<ReturnType<typeof startPostgres>> | undefined;
  let count = 0;
  async function onDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client(url);
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }
  return {
    async start() {
      server = await startPostgres();
    },
    async fresh(retentionDays) {
      if (!server) throw new Error("PostgreSQL has not started");
      const name = `store_${++count}`;
      await onDatabase(server.url, (client) => client.query(`CREATE DATABASE ${name}`));
      const url = new URL(server.url);
      url.pathname = `/${name}`;
      return { ...COMMON, retentionDays, kind: "postgres", url: url.href };
    },
    async days(settings, table) {
      if (settings.kind !== "postgres") throw new Error("not a PostgreSQL store");
      const { rows } = await onDatabase(settings.url, (client) =>
        client.query<{ day: string }>(`SELECT DISTINCT day FROM ${table} ORDER BY day`),
      );
      return rows.map((row) => row.day);
    },
    stop: async () => server?.stop(),
  };
}

/**
 * Starts `engine` for the tests of the describe block it is called in, and stops it after them; the
 * returned `open` opens a store, closed after each test.
 */
export function storesOn(engine: Engine): (settings: StoreSettings) => Promise<AnalyticsStore> {
  const opened: AnalyticsStore[] = [];
  beforeAll(() => engine.start(), 30_000);
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });
  afterAll(() => engine.stop());
  return async (settings) => {
    const store = await openStore(settings);
    opened.push(store);
    return store;
  };
}
