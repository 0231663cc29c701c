/**
 * An event as a row of the store's tables (store.ts's `events`, link-store.ts's `link_events`): the
 * columns, one INSERT of many rows, and a row read back. The same SQL for both engines.
 */
import type { Statement } from "./engine.ts";
import type { AnalyticsEvent, EventName } from "./types.ts";

/** The events' columns, in AnalyticsEvent's order. */
export const EVENT_COLUMNS = [
  "at",
  "day",
  "visitor",
  "name",
  "path",
  "referrer",
  "artist",
  "reel",
  "play",
  "seconds",
  "duration",
  "twentieths",
  "spots",
  "ended",
  "shortlist",
] as const;

/**
 * The `$n` placeholders of `rows` rows of `columns` values each: `($1, $2), ($3, $4)`; a column `casts`
 * names is written `CAST($n AS type)`.
 */
export function placeholders(
  rows: number,
  columns: readonly string[],
  casts: Readonly<Record<string, string>> = {},
): string {
  const value = (row: number, column: number) => {
    const placeholder = `$${row * columns.length + column + 1}`;
    const type = casts[columns[column]];
    return type === undefined ? placeholder : `CAST(${placeholder} AS ${type})`;
  };
  return Array.from(
    { length: rows },
    (_, row) => `(${Array.from({ length: columns.length }, (_, column) => value(row, column)).join(", ")})`,
  ).join(", ");
}

/** The parameters of `rows` in `columns`' order: `ended` as 0 or 1, as SQLite cannot bind a boolean. */
export function rowParams<Row extends { ended: boolean }>(
  columns: readonly (keyof Row & string)[],
  rows: readonly Row[],
): unknown[] {
  return rows.flatMap((row) => columns.map((column) => (column === "ended" ? (row.ended ? 1 : 0) : row[column])));
}

/** One INSERT of `rows` (at least one) into `table`'s `columns`. */
export function insertRows<Row extends { ended: boolean }>(
  table: string,
  columns: readonly (keyof Row & string)[],
  rows: readonly Row[],
): Statement {
  return {
    sql: `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${placeholders(rows.length, columns)}`,
    params: rowParams(columns, rows),
  };
}

/** A row as stored: PostgreSQL returns a BIGINT as a string, and `ended` is 0 or 1. */
export type StoredRow<Event extends Pick<AnalyticsEvent, "at" | "ended" | "name">> = Omit<
  Event,
  "at" | "ended" | "name"
> & { at: number | string; ended: number; name: string };

/** A stored row as the event it was. */
export function fromRow<Event extends Pick<AnalyticsEvent, "at" | "ended" | "name">>(row: StoredRow<Event>): Event {
  return { ...row, at: Number(row.at), name: row.name as EventName, ended: row.ended === 1 } as Event;
}
