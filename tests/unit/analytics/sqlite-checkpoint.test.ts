/**
 * The SQLite store's clean-up after deletions (analytics/sqlite-store.ts's clearDeleted, run by each
 * hourly maintenance and after an erasure) never waits on another process: an instance's event loop
 * is not held, nor the other's writes, while a reader elsewhere holds the file.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, test } from "vitest";

import { openSqliteEngine } from "#analytics/sqlite-store.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "sqlite-checkpoint-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

test("a reader in another connection makes the clean-up give up at once, not wait its 5 s", async () => {
  const file = path.join(dir, "analytics.sqlite");
  const engine = await openSqliteEngine(file);
  await engine.createTables(["CREATE TABLE kept (n INTEGER)"]);
  await engine.batch([{ sql: "INSERT INTO kept (n) VALUES ($1)", params: [1] }]);
  // Another instance in the middle of reading: its snapshot holds the WAL.
  const other = new Database(file);
  other.exec("BEGIN");
  other.prepare("SELECT n FROM kept").all();
  await engine.batch([{ sql: "INSERT INTO kept (n) VALUES ($1)", params: [2] }]);
  try {
    const started = performance.now();
    await engine.clearDeleted();
    expect(performance.now() - started).toBeLessThan(1_000);
    // And it still writes with its usual patience afterwards.
    await engine.batch([{ sql: "INSERT INTO kept (n) VALUES ($1)", params: [3] }]);
    expect(await engine.query<{ count: number }>({ sql: "SELECT count(*) AS count FROM kept", params: [] })).toEqual([
      { count: 3 },
    ]);
  } finally {
    other.exec("COMMIT");
    other.close();
    await engine.close();
  }
});
