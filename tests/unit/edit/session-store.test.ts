/**
 * The editing service's session store (edit/service/session-store.ts) on a file in a temporary folder, its clock
 * the test's: the time-outs, the throttled last use, the periodic prune, and what the file holds.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";

import {
  ABSOLUTE_TIMEOUT_MS,
  IDLE_TIMEOUT_MS,
  PRUNE_EVERY_MS,
  TOUCH_EVERY_MS,
  openSessionStore,
  type SessionStore,
} from "#edit/service/session-store.ts";

const START = Date.UTC(2025, 0, 6, 9);
let time = START;
const now = () => time;

let folder: string;
let file: string;
let store: SessionStore | undefined;

beforeEach(async () => {
  time = START;
  folder = await mkdtemp(path.join(tmpdir(), "edit-sessions-"));
  // A folder not yet there: the store makes it.
  file = path.join(folder, "data", "sessions.sqlite");
});

afterEach(async () => {
  store?.close();
  store = undefined;
  vi.useRealTimers();
  await rm(folder, { recursive: true, force: true });
});

const open = async () => (store = await openSessionStore(file, { now }));

/** The rows in the file, read by a connection of the test's own. */
function rows(): { id_hash: string; email: string; created: number; last_seen: number }[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare("SELECT id_hash, email, created, last_seen FROM sessions ORDER BY created").all() as ReturnType<
      typeof rows
    >;
  } finally {
    db.close();
  }
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("the editing service's session store", () => {
  test("a session opened is found by its id, in WAL mode, and by nothing else", async () => {
    const sessions = await open();
    const id = sessions.open("ada@agency.example", "Ada Producer");
    expect(id).toMatch(/^[\w-]{43}$/);
    expect(sessions.get(id)).toEqual({
      email: "ada@agency.example",
      name: "Ada Producer",
      created: START,
      lastSeen: START,
    });
    expect(sessions.get(`${id.slice(0, -1)}x`)).toBeUndefined();
    expect(sessions.get(sha256(id))).toBeUndefined();
    const db = new Database(file, { readonly: true });
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    db.close();
  });

  test("it survives closing and opening again; a deleted one does not", async () => {
    let sessions = await open();
    const kept = sessions.open("ada@agency.example", "Ada Producer");
    const ended = sessions.open("ben@agency.example", "Ben Editor");
    sessions.delete(ended);
    sessions.close();
    sessions = await open();
    expect(sessions.get(kept)?.email).toBe("ada@agency.example");
    expect(sessions.get(ended)).toBeUndefined();
    expect(rows().map((row) => row.email)).toEqual(["ada@agency.example"]);
  });

  test("its last use is written at most once a minute, and keeps it from going idle", async () => {
    const sessions = await open();
    const id = sessions.open("ada@agency.example", "Ada Producer");
    const use = () => {
      const session = sessions.get(id);
      if (session) sessions.touch(id, session);
      return session;
    };
    time += TOUCH_EVERY_MS - 1;
    use();
    expect(rows()[0].last_seen).toBe(START);
    time += 1;
    use();
    expect(rows()[0].last_seen).toBe(START + TOUCH_EVERY_MS);
    time = START + TOUCH_EVERY_MS + IDLE_TIMEOUT_MS - 1;
    expect(use()).toBeDefined();
    time += IDLE_TIMEOUT_MS;
    expect(use()).toBeUndefined();
    // Found expired, it was deleted on the way.
    expect(rows()).toEqual([]);
  });

  test("a session ends at its absolute time-out however it is used", async () => {
    const sessions = await open();
    const id = sessions.open("ada@agency.example", "Ada Producer");
    for (time = START; time < START + ABSOLUTE_TIMEOUT_MS; time += IDLE_TIMEOUT_MS / 2) {
      const session = sessions.get(id);
      expect(session, `after ${(time - START) / 60_000} minutes`).toBeDefined();
      if (session) sessions.touch(id, session);
    }
    time = START + ABSOLUTE_TIMEOUT_MS;
    expect(sessions.get(id)).toBeUndefined();
  });

  test("expired sessions are pruned from the file at open and every hour, unasked for", async () => {
    let sessions = await open();
    sessions.open("ada@agency.example", "Ada Producer");
    sessions.close();
    time += IDLE_TIMEOUT_MS;
    sessions = await open();
    expect(rows()).toEqual([]);
    sessions.close();

    // Only the interval is faked: the store's file and its import run for real.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    sessions = await open();
    const idle = sessions.open("ben@agency.example", "Ben Editor");
    time += IDLE_TIMEOUT_MS / 2;
    const fresh = sessions.open("ada@agency.example", "Ada Producer");
    time += IDLE_TIMEOUT_MS / 2;
    vi.advanceTimersByTime(PRUNE_EVERY_MS - 1);
    expect(rows()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(rows().map((row) => row.id_hash)).toEqual([sha256(fresh)]);
    expect(sessions.get(idle)).toBeUndefined();
  });

  test("the file holds each session id's SHA-256, never the id", async () => {
    const sessions = await open();
    const ids = ["ada", "ben", "cy"].map((name) => sessions.open(`${name}@agency.example`, name));
    const bytes = async () =>
      Buffer.concat(
        await Promise.all([file, `${file}-wal`].filter((name) => existsSync(name)).map((name) => readFile(name))),
      );
    // While open (the rows perhaps only in the write-ahead log), then closed (checkpointed into the file).
    for (const stage of ["open", "closed"]) {
      if (stage === "closed") sessions.close();
      const held = await bytes();
      for (const id of ids) {
        expect(held.includes(id), `${stage}: the id`).toBe(false);
        expect(held.includes(Buffer.from(id, "base64url")), `${stage}: the id's bytes`).toBe(false);
        expect(held.includes(sha256(id)), `${stage}: the key`).toBe(true);
      }
    }
  });
});
