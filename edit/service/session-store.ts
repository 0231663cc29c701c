/**
 * The editing service's sessions, in an SQLite file in its data folder (better-sqlite3, WAL): a restart or a deploy
 * leaves everyone signed in. A row is keyed by the SHA-256 of its session's id, never by the id: the id is what the
 * cookie carries, so a copied file or backup holds no session anyone could present (and the cookie is signed too).
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A session unused this long ends: lunch and meetings pass, a night does not (the next morning signs in again). */
export const IDLE_TIMEOUT_MS = 8 * HOUR;
/**
 * A session ends this long after its sign-in however busy it is. With EDIT_ALLOWED naming a whole @domain, the
 * provider is where a departed employee is switched off; this bounds how long a session opened before that lasts.
 */
export const ABSOLUTE_TIMEOUT_MS = 24 * HOUR;
/**
 * A session's last use is written at most this often, not at every request (a page load is dozens): the idle
 * time-out may thereby end a session up to this much early, which nobody at a desk notices.
 */
export const TOUCH_EVERY_MS = MINUTE;
/** Expired rows are deleted at open and this often after, so the file holds at most about a day's sign-ins. */
export const PRUNE_EVERY_MS = HOUR;

export interface StoredSession {
  email: string;
  name: string;
  /** When it was opened (ms since the epoch). */
  created: number;
  /** When it was last used, as last written (see TOUCH_EVERY_MS). */
  lastSeen: number;
}

export interface SessionStore {
  /** Stores a new session for the editor and returns its id (32 random bytes, base64url): the cookie's value. */
  open(email: string, name: string): string;
  /** The session with this id, or undefined if there is none or it has expired (its row then deleted). */
  get(id: string): StoredSession | undefined;
  /** Records a use of the session `get` returned for `id`, now (written once TOUCH_EVERY_MS has passed). */
  touch(id: string, session: StoredSession): void;
  delete(id: string): void;
  /** Deletes every expired session. */
  prune(): void;
  /** Stops the periodic prune and closes the file. */
  close(): void;
}

/** The key a session's row is stored under: SHA-256 of its id, hex. */
export const sessionKey = (id: string) => createHash("sha256").update(id).digest("hex");

const expired = (session: StoredSession, time: number) =>
  time - session.created >= ABSOLUTE_TIMEOUT_MS || time - session.lastSeen >= IDLE_TIMEOUT_MS;

/**
 * The sessions in the SQLite file `file`, made (and its folder) if missing. better-sqlite3, a native module, is
 * loaded only here; its calls are synchronous, so a request's session is read without waiting on anything.
 */
export async function openSessionStore(file: string, options: { now?: () => number } = {}): Promise<SessionStore> {
  const now = options.now ?? Date.now;
  const { default: Database } = await import("better-sqlite3");
  mkdirSync(path.dirname(file), { recursive: true });
  // The busy timeout covers a deploy's overlap, when the old process may still hold the file.
  const db = new Database(file, { timeout: 5000 });
  db.pragma("journal_mode = WAL");
  db.exec(`CREATE TABLE IF NOT EXISTS sessions (
    id_hash TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    name TEXT NOT NULL,
    created INTEGER NOT NULL,
    last_seen INTEGER NOT NULL
  ) STRICT`);

  const insert = db.prepare<[string, string, string, number, number]>(
    "INSERT INTO sessions (id_hash, email, name, created, last_seen) VALUES (?, ?, ?, ?, ?)",
  );
  const select = db.prepare<[string], StoredSession>(
    "SELECT email, name, created, last_seen AS lastSeen FROM sessions WHERE id_hash = ?",
  );
  const update = db.prepare<[number, string]>("UPDATE sessions SET last_seen = ? WHERE id_hash = ?");
  const remove = db.prepare<[string]>("DELETE FROM sessions WHERE id_hash = ?");
  // The same rule as `expired`, as SQL: time - created >= ABSOLUTE ⇔ created <= time - ABSOLUTE.
  const removeExpired = db.prepare<[number, number]>("DELETE FROM sessions WHERE created <= ? OR last_seen <= ?");

  function prune() {
    const time = now();
    removeExpired.run(time - ABSOLUTE_TIMEOUT_MS, time - IDLE_TIMEOUT_MS);
  }

  prune();
  const pruning = setInterval(() => {
    // A prune that fails (a full disk, a locked file) is tried again next time; it must not end the service.
    try {
      prune();
    } catch (error) {
      console.error(`sessions: the prune failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }, PRUNE_EVERY_MS);
  // The prune alone never keeps the process alive.
  pruning.unref();

  return {
    open(email, name) {
      const id = randomBytes(32).toString("base64url");
      const time = now();
      insert.run(sessionKey(id), email, name, time, time);
      return id;
    },
    get(id) {
      const key = sessionKey(id);
      const session = select.get(key);
      if (!session) return undefined;
      if (!expired(session, now())) return session;
      remove.run(key);
      return undefined;
    },
    touch(id, session) {
      const time = now();
      if (time - session.lastSeen < TOUCH_EVERY_MS) return;
      update.run(time, sessionKey(id));
    },
    delete(id) {
      remove.run(sessionKey(id));
    },
    prune,
    close() {
      clearInterval(pruning);
      db.close();
    },
  };
}
