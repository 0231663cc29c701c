/**
 * The store's engine for one instance: an SQLite file through better-sqlite3. WAL and a busy timeout let
 * the site and the editing instance (separate processes) write one file; placeholders are rewritten from
 * PostgreSQL's `$1` to SQLite's `?`, so store.ts's SQL serves both. Deleted rows are overwritten with
 * zeros (secure_delete), so an erased recipient's name is not left in the file's free space.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";

import type { Engine, Statement } from "./engine.ts";

/**
 * A statement with PostgreSQL's `$n` placeholders as SQLite's anonymous `?`, its parameters in their order
 * (better-sqlite3 binds a numbered `?n` by name only).
 */
function forSqlite({ sql, params = [] }: Statement): [string, unknown[]] {
  const ordered: unknown[] = [];
  const text = sql.replace(/\$(\d+)/g, (_, n: string) => {
    ordered.push(params[Number(n) - 1]);
    return "?";
  });
  return [text, ordered];
}

/** How long a statement waits for another process's lock on the file. */
const BUSY_TIMEOUT_MS = 5_000;

/**
 * The engine on the SQLite file `file`, made (and its folder) if missing. better-sqlite3, a native
 * module, is loaded only here: a site that counts nothing, or counts into PostgreSQL, never loads it.
 */
export async function openSqliteEngine(file: string): Promise<Engine> {
  const { default: Database } = await import("better-sqlite3");
  mkdirSync(path.dirname(file), { recursive: true });
  // The busy timeout first: another process may hold the file while this one turns WAL on.
  const db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  db.pragma("journal_mode = WAL");
  // Each event is written before it is answered (collector.ts), in this thread: a commit that waited for the disk
  // (FULL) would hold every page served meanwhile. NORMAL, SQLite's advice for WAL: a commit survives the process's
  // death; a power cut may take the last ones the system had not yet written, never the file's consistency.
  db.pragma("synchronous = NORMAL");
  // A setting of each connection, not of the file: every process that writes the file turns it on.
  db.pragma("secure_delete = ON");

  const run = (statement: Statement) => {
    const [sql, params] = forSqlite(statement);
    db.prepare(sql).run(...params);
  };
  // IMMEDIATE takes the write lock at the start, so two processes never both wait to upgrade a read lock.
  const inTransaction = (work: () => void) => db.transaction(work).immediate();

  return {
    types: { bytes: "BLOB", json: "TEXT" },
    async createTables(ddl) {
      inTransaction(() => ddl.forEach((sql) => db.exec(sql)));
    },
    async query<Row>(statement: Statement) {
      const [sql, params] = forSqlite(statement);
      return db.prepare(sql).all(...params) as Row[];
    },
    async batch(statements) {
      inTransaction(() => statements.forEach(run));
    },
    async clearDeleted() {
      // Copies the WAL's pages (the zeroed ones) into the file and empties the WAL, whose older frames
      // still hold the rows as they were. Another process reading or writing holds it back: then it gives
      // up at once rather than wait (a wait blocks this instance, and holds back the other's writes) and
      // the next hourly maintenance tries again.
      db.pragma("busy_timeout = 0");
      try {
        db.pragma("wal_checkpoint(TRUNCATE)");
      } finally {
        db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      }
    },
    async close() {
      db.close();
    },
  };
}
