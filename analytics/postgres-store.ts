/**
 * The store's engine for several instances: one PostgreSQL through a small `pg` pool, each instance
 * holding a few connections. Table creation is serialised by an advisory lock, as two instances starting
 * together would otherwise race on PostgreSQL's catalogue even with IF NOT EXISTS.
 */
import type { Engine, Statement } from "./engine.ts";

/** The advisory lock's key: any number no other user of the database takes. */
const SCHEMA_LOCK = 5_117_001;
const CONNECTIONS = 4;
/**
 * A database that takes the connection and never answers (a network cut, a server stopped mid-way)
 * fails the call within these, in ms: the collector keeps the events for its next write, and a page
 * or the editing screen gets its answer rather than waiting for ever.
 */
export const POSTGRES_TIMEOUTS = { connectionTimeoutMillis: 10_000, query_timeout: 30_000 };

/** The engine on the database at `url` (postgres://…); connects on first use. `pg` is loaded only here. */
export async function openPostgresEngine(url: string, timeouts = POSTGRES_TIMEOUTS): Promise<Engine> {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS, ...timeouts });
  // An idle connection the server drops would otherwise be an uncaught error; the next query reconnects or fails.
  pool.on("error", () => {});

  async function inTransaction(statements: readonly Statement[]): Promise<void> {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      for (const { sql, params = [] } of statements) await client.query(sql, [...params]);
      await client.query("COMMIT");
      client.release();
    } catch (error) {
      // A connection whose ROLLBACK fails too is broken: released with the error, the pool drops it.
      await client.query("ROLLBACK").then(
        () => client.release(),
        (rollbackError: Error) => client.release(rollbackError),
      );
      throw error;
    }
  }

  return {
    types: { bytes: "BYTEA", json: "JSONB" },
    createTables: (ddl) =>
      inTransaction([
        { sql: "SELECT pg_advisory_xact_lock($1)", params: [SCHEMA_LOCK] },
        ...ddl.map((sql) => ({ sql })),
      ]),
    async query<Row>({ sql, params = [] }: Statement) {
      const result = await pool.query(sql, [...params]);
      return result.rows as Row[];
    },
    batch: inTransaction,
    // Deleted rows stay in the table's pages until VACUUM reuses their space: the operator's part (docs/privacy.md).
    clearDeleted: async () => {},
    close: () => pool.end(),
  };
}
