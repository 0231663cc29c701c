/**
 * What the analytics store asks of a database (store.ts), which each engine's file makes
 * (sqlite-store.ts, postgres-store.ts): the port between the store's SQL and the engine it runs on.
 */

/** A statement and its parameters, written `$1`, `$2`… as PostgreSQL reads them. */
export interface Statement {
  sql: string;
  params?: readonly unknown[];
}

/** What the store needs of a database; each engine's file makes one. */
export interface Engine {
  /** Column types that differ between the engines. */
  types: { bytes: string; json: string };
  /** Runs `ddl` in one transaction that no other instance runs at the same time. */
  createTables(ddl: readonly string[]): Promise<void>;
  query<Row>(statement: Statement): Promise<Row[]>;
  /** Runs the statements in one transaction. */
  batch(statements: readonly Statement[]): Promise<void>;
  /**
   * After personal data was deleted: removes what the engine's own files still hold of it, where the
   * engine can (docs/privacy.md, "What erasing leaves behind").
   */
  clearDeleted(): Promise<void>;
  close(): Promise<void>;
}
