/**
 * Where counted events go and how the figures come out (docs/deploy.md): the raw events, the daily salts
 * the visitor hash is made with, and each past day's figures rolled into one row. The SQL is the same for
 * SQLite (one instance) and PostgreSQL (several): what differs is in sqlite-store.ts and postgres-store.ts.
 */
import { randomBytes } from "node:crypto";

import { FIGURES_KEPT_MONTHS } from "#model/analytics-event.ts";

import type { Engine, Statement } from "./engine.ts";
import { EVENT_COLUMNS, fromRow, insertRows, type StoredRow } from "./event-rows.ts";
import { type DayAggregate, aggregateDay, combine } from "./figures.ts";
import { forgetLinks, LINK_TABLES, type LinkEvent, linkEventWrites, type LinkStore, linkStore } from "./link-store.ts";
import { openPostgresEngine } from "./postgres-store.ts";
import type { StoreSettings } from "./settings.ts";
import { openSqliteEngine } from "./sqlite-store.ts";
import { type AnalyticsEvent, type CountedEvent, dayOf, type ViewFigures } from "./types.ts";

export interface AnalyticsStore {
  /**
   * Writes the events in one transaction, and a copy of each that belongs to a link's visit for that link
   * if the link is still there (an erased recipient's are dropped; a revoked link's are written).
   */
  insert(events: readonly CountedEvent[]): Promise<void>;
  /**
   * The salt of `day` (YYYY-MM-DD, UTC): 32 random bytes made by the first instance to ask (insert-if-absent,
   * then read, so several instances on one PostgreSQL agree); salts of days before yesterday are deleted on the way.
   */
  salt(day: string): Promise<Buffer>;
  /**
   * Rolls up each day that ended more than an hour before `now` and has raw events but no rolled row; deletes
   * raw events older than retentionDays, rolled days older than FIGURES_KEPT_MONTHS, salts of days before yesterday,
   * and what recipient links recorded past recipientRetentionDays (link-store.ts's forgetLinks).
   * Idempotent, safe to run from several instances at once.
   */
  maintain(now: Date): Promise<void>;
  /**
   * The figures for the days from `from` to `to` inclusive (YYYY-MM-DD): rolled days from their rows, the
   * others (today, or not yet rolled) rolled on the fly from raw events, not written. Days after `now`'s are left out.
   */
  figures(from: string, to: string, now: Date): Promise<ViewFigures>;
  /** The recipient links and their visits' events. */
  links: LinkStore;
  close(): Promise<void>;
}

/** Rows per INSERT: well under both engines' limit on parameters (32766 for SQLite, 65535 for PostgreSQL). */
const ROWS_PER_INSERT = 500;
const DAY_MS = 86_400_000;
/** A day is rolled up this long after it ended, so that late writes (an instance's buffer) are in. */
const ROLL_UP_DELAY_MS = 3_600_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function tables({ bytes, json }: Engine["types"]): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS events (
      at BIGINT NOT NULL, day TEXT NOT NULL, visitor TEXT NOT NULL, name TEXT NOT NULL, path TEXT NOT NULL,
      referrer TEXT, artist TEXT, reel TEXT, play TEXT, seconds DOUBLE PRECISION, duration DOUBLE PRECISION,
      twentieths TEXT, spots TEXT, ended INTEGER NOT NULL, shortlist TEXT)`,
    "CREATE INDEX IF NOT EXISTS events_day ON events (day)",
    `CREATE TABLE IF NOT EXISTS salts (day TEXT PRIMARY KEY, salt ${bytes} NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS daily (day TEXT PRIMARY KEY, figures ${json} NOT NULL)`,
    ...LINK_TABLES,
  ];
}

/** The day `days` days after `day` (before, when negative). */
function addDays(day: string, days: number): string {
  return dayOf(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/** The day `months` calendar months before `day`, on the month's last day when it is shorter. */
function monthsBefore(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  const first = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - months, 1));
  const length = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date.getUTCDate(), length));
  return dayOf(first.getTime());
}

/** Refuses a day that is not YYYY-MM-DD before it reaches the SQL. */
function checkDay(day: string): void {
  if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
    throw new Error(`"${day}" is not a day (YYYY-MM-DD).`);
}

/** A rolled row's figures: JSONB comes back parsed, TEXT as it was written. */
function toAggregate(figures: unknown): DayAggregate {
  return (typeof figures === "string" ? JSON.parse(figures) : figures) as DayAggregate;
}

/** Deletes the salts of the days before the day before `day`: a visitor hash lasts a day, its salt two. */
function deleteSaltsBefore(day: string): Statement {
  return { sql: "DELETE FROM salts WHERE day < $1", params: [addDays(day, -1)] };
}

const SELECT_EVENTS = `SELECT ${EVENT_COLUMNS.join(", ")} FROM events`;

/** The store on `engine`, whose tables it makes when missing. */
async function storeOn(
  engine: Engine,
  { retentionDays, recipientRetentionDays }: Pick<StoreSettings, "retentionDays" | "recipientRetentionDays">,
): Promise<AnalyticsStore> {
  await engine.createTables(tables(engine.types));

  async function eventsOf(day: string): Promise<AnalyticsEvent[]> {
    const rows = await engine.query<StoredRow<AnalyticsEvent>>({
      sql: `${SELECT_EVENTS} WHERE day = $1 ORDER BY at`,
      params: [day],
    });
    return rows.map(fromRow);
  }

  return {
    async insert(events) {
      const forLinks = events.flatMap(({ visitor: _visitor, referrer: _referrer, link, ...event }): LinkEvent[] =>
        link === undefined ? [] : [{ ...event, link }],
      );
      const statements: Statement[] = [];
      for (let start = 0; start < events.length; start += ROWS_PER_INSERT)
        statements.push(insertRows("events", EVENT_COLUMNS, events.slice(start, start + ROWS_PER_INSERT)));
      statements.push(...linkEventWrites(forLinks, ROWS_PER_INSERT));
      if (statements.length > 0) await engine.batch(statements);
    },

    async salt(day) {
      checkDay(day);
      await engine.batch([
        deleteSaltsBefore(day),
        {
          sql: "INSERT INTO salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING",
          params: [day, randomBytes(32)],
        },
      ]);
      const [row] = await engine.query<{ salt: Buffer }>({
        sql: "SELECT salt FROM salts WHERE day = $1",
        params: [day],
      });
      return Buffer.from(row.salt);
    },

    async maintain(now) {
      const today = dayOf(now.getTime());
      const lastEnded = dayOf(now.getTime() - ROLL_UP_DELAY_MS - 1);
      const oldestKept = monthsBefore(today, FIGURES_KEPT_MONTHS);
      // A day older than rolled rows are kept is not rolled, or each run would roll it and delete it again.
      const unrolled = await engine.query<{ day: string }>({
        sql: `SELECT DISTINCT day FROM events
          WHERE day >= $1 AND day < $2 AND day NOT IN (SELECT day FROM daily) ORDER BY day`,
        params: [oldestKept, lastEnded],
      });
      for (const { day } of unrolled) {
        const figures = JSON.stringify(aggregateDay(await eventsOf(day)));
        // Another instance may have rolled it meanwhile, from the same events: its row stands.
        await engine.batch([
          {
            sql: "INSERT INTO daily (day, figures) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING",
            params: [day, figures],
          },
        ]);
      }
      await engine.batch([
        { sql: "DELETE FROM events WHERE day < $1", params: [addDays(today, -retentionDays)] },
        { sql: "DELETE FROM daily WHERE day < $1", params: [oldestKept] },
        deleteSaltsBefore(today),
        ...forgetLinks(now, recipientRetentionDays, addDays(today, -recipientRetentionDays)),
      ]);
      await engine.clearDeleted();
    },

    async figures(from, to, now) {
      checkDay(from);
      checkDay(to);
      const last = [to, dayOf(now.getTime())].sort()[0];
      // The rolled rows first: a day rolled between the two reads is then read from its raw events, never twice.
      const rolled = await engine.query<{ day: string; figures: unknown }>({
        sql: "SELECT day, figures FROM daily WHERE day >= $1 AND day <= $2",
        params: [from, last],
      });
      const rolledDays = rolled.map((row) => row.day);
      const notRolled = rolledDays.length
        ? ` AND day NOT IN (${rolledDays.map((_, i) => `$${i + 3}`).join(", ")})`
        : "";
      const rows = await engine.query<StoredRow<AnalyticsEvent>>({
        sql: `${SELECT_EVENTS} WHERE day >= $1 AND day <= $2${notRolled} ORDER BY day, at`,
        params: [from, last, ...rolledDays],
      });
      const live = new Map<string, AnalyticsEvent[]>();
      for (const event of rows.map(fromRow)) {
        const day = live.get(event.day);
        if (day) day.push(event);
        else live.set(event.day, [event]);
      }
      return combine([...rolled.map((row) => toAggregate(row.figures)), ...[...live.values()].map(aggregateDay)]);
    },

    links: linkStore(engine),
    close: () => engine.close(),
  };
}

/** The store the settings name, its tables made if missing. */
export async function openStore(settings: StoreSettings): Promise<AnalyticsStore> {
  const engine =
    settings.kind === "postgres" ? await openPostgresEngine(settings.url) : await openSqliteEngine(settings.file);
  try {
    return await storeOn(engine, settings);
  } catch (error) {
    await engine.close();
    throw error;
  }
}
