/**
 * Recipient links (docs/privacy.md, "Links for one buyer"): each a shortlist made for one person, with
 * a random token for its URL, and what the visits it opened did. Kept beside the events, in the same
 * store and through the same engine (store.ts), but in tables of their own: the events table never
 * holds a token or a link, so the aggregate figures stay anonymous, and erasing a recipient is two
 * deletes.
 */
import { randomBytes } from "node:crypto";

import { LINK_TOKEN_BYTES } from "#model/shortlist-url.ts";
import { EVENT_COLUMNS, fromRow, placeholders, rowParams, type StoredRow } from "./event-rows.ts";
import type { Engine, Statement } from "./engine.ts";
import type { AnalyticsEvent, RecipientLink } from "./types.ts";

/** An event of a visit a link opened, as kept: no visitor hash, no referrer; the link's id instead. */
export type LinkEvent = Omit<AnalyticsEvent, "visitor" | "referrer"> & { link: string };

export interface LinkStore {
  /** Makes a link with a new random token and id. */
  create(link: Pick<RecipientLink, "recipient" | "artists" | "expires">, now: Date): Promise<RecipientLink>;
  /** Every link, newest first. */
  list(): Promise<RecipientLink[]>;
  /** The link `token` names, if it counts at `now` (not revoked, not expired). */
  active(token: string, now: Date): Promise<RecipientLink | undefined>;
  /** Stops the link counting; false when there is no such link. */
  revoke(id: string, now: Date): Promise<boolean>;
  /** Deletes every link made for exactly `recipient`, and all their visits recorded; answers how many links. */
  erase(recipient: string): Promise<number>;
  /** The links' events of the days from `from` to `to` (YYYY-MM-DD, included), oldest first. */
  events(from: string, to: string): Promise<LinkEvent[]>;
}

/** The link events' columns: the link's id, then an event's less whose it was (its visitor, its referrer). */
export const LINK_EVENT_COLUMNS = [
  "link",
  ...EVENT_COLUMNS.filter((column) => column !== "visitor" && column !== "referrer"),
] as (keyof LinkEvent & string)[];
const LINK_COLUMNS = "id, token, recipient, artists, created, expires, revoked";
/** The link events' columns that are not TEXT: PostgreSQL takes a parameter in a VALUES list for TEXT unless told. */
const LINK_EVENT_CASTS = { at: "BIGINT", seconds: "DOUBLE PRECISION", duration: "DOUBLE PRECISION", ended: "INTEGER" };

export const LINK_TABLES = [
  `CREATE TABLE IF NOT EXISTS links (
    id TEXT PRIMARY KEY, token TEXT NOT NULL UNIQUE, recipient TEXT NOT NULL, artists TEXT NOT NULL,
    created BIGINT NOT NULL, expires BIGINT, revoked BIGINT)`,
  `CREATE TABLE IF NOT EXISTS link_events (
    link TEXT NOT NULL, at BIGINT NOT NULL, day TEXT NOT NULL, name TEXT NOT NULL, path TEXT NOT NULL,
    artist TEXT, reel TEXT, play TEXT, seconds DOUBLE PRECISION, duration DOUBLE PRECISION,
    twentieths TEXT, spots TEXT, ended INTEGER NOT NULL, shortlist TEXT)`,
  "CREATE INDEX IF NOT EXISTS link_events_day ON link_events (day)",
  "CREATE INDEX IF NOT EXISTS link_events_link ON link_events (link)",
];

type LinkRow = Omit<RecipientLink, "artists" | "created" | "expires" | "revoked"> & {
  artists: string;
  created: number | string;
  expires: number | string | null;
  revoked: number | string | null;
};

/** PostgreSQL returns a BIGINT as a string. */
const time = (value: number | string | null) => (value === null ? null : Number(value));

const toLink = (row: LinkRow): RecipientLink => ({
  ...row,
  artists: row.artists.split(","),
  created: Number(row.created),
  expires: time(row.expires),
  revoked: time(row.revoked),
});

/** Deletes the events of links that are no longer there: what an erasure or the retention left behind. */
const DELETE_ORPHAN_EVENTS: Statement = {
  sql: "DELETE FROM link_events WHERE NOT EXISTS (SELECT 1 FROM links WHERE links.id = link_events.link)",
};

/**
 * Writes `events`, `rowsPerInsert` a statement, each only if its link is still there when it is written:
 * an instance holds events a moment before writing them (collector.ts), and those of a recipient erased
 * meanwhile must not come back. A link revoked or expired meanwhile still gets them: the visit happened
 * while it counted. The links' rows are locked first, so that on PostgreSQL an erasure running at the same
 * time either waits for these rows and deletes them, or goes first and these see its links gone.
 */
export function linkEventWrites(events: readonly LinkEvent[], rowsPerInsert: number): Statement[] {
  if (events.length === 0) return [];
  const links = [...new Set(events.map((event) => event.link))];
  const statements: Statement[] = [
    {
      sql: `UPDATE links SET revoked = revoked WHERE id IN (${links.map((_, i) => `$${i + 1}`).join(", ")})`,
      params: links,
    },
  ];
  // A VALUES list's columns are column1, column2… in both engines; the link's id is the first.
  const linkColumn = `v.column${LINK_EVENT_COLUMNS.indexOf("link") + 1}`;
  for (let start = 0; start < events.length; start += rowsPerInsert) {
    const rows = events.slice(start, start + rowsPerInsert);
    statements.push({
      sql: `INSERT INTO link_events (${LINK_EVENT_COLUMNS.join(", ")})
        SELECT * FROM (VALUES ${placeholders(rows.length, LINK_EVENT_COLUMNS, LINK_EVENT_CASTS)}) AS v
        WHERE EXISTS (SELECT 1 FROM links WHERE links.id = ${linkColumn})`,
      params: rowParams(LINK_EVENT_COLUMNS, rows),
    });
  }
  return statements;
}

/**
 * What is past keeping at `now`: the visits' events older than `days` days, and the links that
 * stopped counting (revoked or expired) more than `days` days ago, with their name.
 */
export function forgetLinks(now: Date, days: number, oldestDay: string): Statement[] {
  const before = now.getTime() - days * 86_400_000;
  return [
    { sql: "DELETE FROM link_events WHERE day < $1", params: [oldestDay] },
    { sql: "DELETE FROM links WHERE COALESCE(revoked, expires) < $1", params: [before] },
    DELETE_ORPHAN_EVENTS,
  ];
}

/** The links on `engine`, whose tables store.ts makes. */
export function linkStore(engine: Engine): LinkStore {
  return {
    async create({ recipient, artists, expires }, now) {
      const link: RecipientLink = {
        // 16 random bytes: nothing in the name, the time or another link's token says anything about it.
        token: randomBytes(LINK_TOKEN_BYTES).toString("base64url"),
        id: randomBytes(9).toString("base64url"),
        recipient,
        artists,
        created: now.getTime(),
        expires,
        revoked: null,
      };
      await engine.batch([
        {
          sql: `INSERT INTO links (${LINK_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          params: [link.id, link.token, recipient, artists.join(","), link.created, expires, null],
        },
      ]);
      return link;
    },

    async list() {
      const rows = await engine.query<LinkRow>({ sql: `SELECT ${LINK_COLUMNS} FROM links ORDER BY created DESC, id` });
      return rows.map(toLink);
    },

    async active(token, now) {
      const [row] = await engine.query<LinkRow>({
        sql: `SELECT ${LINK_COLUMNS} FROM links WHERE token = $1 AND revoked IS NULL AND (expires IS NULL OR expires > $2)`,
        params: [token, now.getTime()],
      });
      return row && toLink(row);
    },

    async revoke(id, now) {
      const [row] = await engine.query<{ id: string }>({ sql: "SELECT id FROM links WHERE id = $1", params: [id] });
      if (!row) return false;
      await engine.batch([
        { sql: "UPDATE links SET revoked = $2 WHERE id = $1 AND revoked IS NULL", params: [id, now.getTime()] },
      ]);
      return true;
    },

    async erase(recipient) {
      const ids = await engine.query<{ id: string }>({
        sql: "SELECT id FROM links WHERE recipient = $1",
        params: [recipient],
      });
      // The links first: on PostgreSQL this waits for a write of their events in progress (linkEventWrites).
      await engine.batch([
        { sql: "DELETE FROM links WHERE recipient = $1", params: [recipient] },
        DELETE_ORPHAN_EVENTS,
      ]);
      await engine.clearDeleted();
      return ids.length;
    },

    async events(from, to) {
      const rows = await engine.query<StoredRow<LinkEvent>>({
        sql: `SELECT ${LINK_EVENT_COLUMNS.join(", ")} FROM link_events WHERE day >= $1 AND day <= $2 ORDER BY at`,
        params: [from, to],
      });
      return rows.map(fromRow);
    },
  };
}
