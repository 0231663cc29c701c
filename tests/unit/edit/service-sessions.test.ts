/**
 * The editing service's sessions (edit/service/auth.ts, session-store.ts), opened by signing in as the service
 * serves it (tests/support/sign-in-service.ts): every way a session or a callback is refused, what of a session is
 * kept in the data folder across a restart, and a provider that puts the email in the ID token. Signing in itself:
 * service-auth.test.ts.
 */
import { createHash, createHmac } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";

import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import {
  ABSOLUTE_TIMEOUT_MS,
  IDLE_TIMEOUT_MS,
  SESSION_COOKIE,
  SIGN_IN_COOKIE,
  SIGN_IN_TIMEOUT_MS,
  createAuth,
} from "#edit/service/auth.ts";
import { startOidcProvider, TEST_USERS, type TestOidcProvider } from "#tests/support/oidc-provider.ts";
import {
  Browser,
  clock,
  flowOf,
  listen,
  MINUTE,
  now,
  quietErrors,
  SECRET,
  serveSignIn,
  sessionCookieLines,
  startService,
  stopServer,
  tempFolder,
  type Service,
} from "#tests/support/sign-in-service.ts";

const running = serveSignIn();
const { toCallback, signIn, whoAmI, signedInAs } = flowOf(running);

describe("signing in to the editing service", () => {
  describe("a cookie the service did not issue, or no longer honours, is refused", () => {
    test("a forged signature, or a signature moved to another id", async () => {
      const { browser, cookie } = await signedInAs(TEST_USERS.ada);
      const [id, signature] = cookie.split(".");
      const flipped = `${signature.slice(0, -2)}${signature.at(-2) === "A" ? "B" : "A"}${signature.at(-1)}`;
      for (const forged of [
        `${id}.${flipped}`,
        `${id}.`,
        id,
        `${id.replace(/^./, (c) => (c === "A" ? "B" : "A"))}.${signature}`,
        `${id}.${signature}x`,
      ])
        expect((await whoAmI(browser, forged)).status, forged).toBe(302);
      expect((await whoAmI(browser, cookie)).status).toBe(200);
    });

    test("the same session id signed with another secret", async () => {
      const { browser, cookie } = await signedInAs(TEST_USERS.ada);
      const [id] = cookie.split(".");
      const signedWith = (secret: string) =>
        `${id}.${createHmac("sha256", secret).update(`session:${id}`).digest("base64url")}`;
      // The forgery is made as the service makes its own: with the service's secret it is the very cookie.
      expect(signedWith(SECRET)).toBe(cookie);
      expect((await whoAmI(browser, signedWith("another-secret-of-at-least-32-characters"))).status).toBe(302);
    });

    test("a session idle for 8 hours", async () => {
      const { browser } = await signedInAs(TEST_USERS.ada);
      try {
        clock.jump += IDLE_TIMEOUT_MS - MINUTE;
        expect((await whoAmI(browser)).status).toBe(200);
        clock.jump += IDLE_TIMEOUT_MS;
        expect((await whoAmI(browser)).status).toBe(302);
      } finally {
        clock.jump = 0;
      }
    });

    test("a session in use past its absolute time-out", async () => {
      const { browser } = await signedInAs(TEST_USERS.ada);
      try {
        // Used every 7 hours: never idle, yet over at 24 hours.
        for (let used = 7 * 60 * MINUTE; used < ABSOLUTE_TIMEOUT_MS; used += 7 * 60 * MINUTE) {
          clock.jump = used;
          expect((await whoAmI(browser)).status, `after ${used / MINUTE} minutes`).toBe(200);
        }
        clock.jump = ABSOLUTE_TIMEOUT_MS;
        expect((await whoAmI(browser)).status).toBe(302);
      } finally {
        clock.jump = 0;
      }
    });

    test("an address taken off EDIT_ALLOWED, at its next request", async () => {
      const { browser } = await signedInAs(TEST_USERS.ben);
      running.allowed.splice(0, running.allowed.length, "ada@agency.example");
      try {
        expect((await whoAmI(browser)).status).toBe(302);
      } finally {
        running.allowed.splice(0, running.allowed.length, "@agency.example");
      }
      // The session ended then; it does not come back with the address.
      expect((await whoAmI(browser)).status).toBe(302);
    });
  });

  describe("a callback that does not belong to this browser's sign-in is refused", () => {
    test("a state other than the one sent", async () => {
      const errors = quietErrors();
      const browser = new Browser();
      const { callback } = await toCallback(browser, TEST_USERS.ada);
      callback.searchParams.set("state", "another-state");
      const refused = await browser.request(callback);
      expect(refused.status).toBe(400);
      expect(sessionCookieLines(refused)).toEqual([]);
      expect(errors).toHaveBeenCalledWith(expect.stringMatching(/^sign-in failed: .*state/));
    });

    test("a callback reaching a browser that started no sign-in (a planted link)", async () => {
      const { callback } = await toCallback(new Browser(), TEST_USERS.ada);
      const victim = new Browser();
      const refused = await victim.request(callback);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("started in another browser");
      expect(victim.cookies.has(SESSION_COOKIE)).toBe(false);
    });

    test("a sign-in left longer than 10 minutes at the provider", async () => {
      const browser = new Browser();
      const { callback } = await toCallback(browser, TEST_USERS.ada);
      try {
        clock.jump = SIGN_IN_TIMEOUT_MS;
        const refused = await browser.request(callback);
        expect(refused.status).toBe(400);
        expect(sessionCookieLines(refused)).toEqual([]);
      } finally {
        clock.jump = 0;
      }
    });

    test("a code used twice", async () => {
      const errors = quietErrors();
      const browser = new Browser();
      const { callback } = await toCallback(browser, TEST_USERS.ada);
      const signInCookie = browser.cookies.get(SIGN_IN_COOKIE) ?? "";
      expect((await browser.request(callback)).status).toBe(302);
      const replayed = await browser.request(callback, { headers: { cookie: `${SIGN_IN_COOKIE}=${signInCookie}` } });
      expect(replayed.status).toBe(400);
      expect(sessionCookieLines(replayed)).toEqual([]);
      expect(errors).toHaveBeenCalledWith(expect.stringMatching(/^sign-in failed: .*invalid_grant/));
    });
  });
});

describe("sessions are kept in the data folder, across a restart", () => {
  const file = () => path.join(running.data, "sessions.sqlite");
  const idOf = (cookie: string) => cookie.split(".")[0];
  const keyOf = (cookie: string) => createHash("sha256").update(idOf(cookie)).digest("hex");

  /** The row of a session cookie's session, read from the file by a connection of the test's own. */
  function rowOf(cookie: string): unknown {
    const db = new Database(file(), { readonly: true });
    try {
      return db.prepare("SELECT email, name FROM sessions WHERE id_hash = ?").get(keyOf(cookie));
    } finally {
      db.close();
    }
  }

  test("a signed-in browser is still signed in after a restart", async () => {
    const { browser, cookie } = await signedInAs(TEST_USERS.ada);
    expect(rowOf(cookie)).toEqual({ email: "ada@agency.example", name: "Ada Producer" });
    await running.restart();
    const page = await whoAmI(browser);
    expect(page.status).toBe(200);
    expect(await page.json()).toEqual({ email: "ada@agency.example", name: "Ada Producer" });
  });

  test("sign-out deletes the session's row: its old cookie is refused after a restart too", async () => {
    const { browser, cookie } = await signedInAs(TEST_USERS.ben);
    const signOut = await browser.request(`${running.service.origin}/auth/sign-out`, {
      method: "POST",
      headers: { origin: running.service.origin },
    });
    expect(signOut.status).toBe(303);
    expect(rowOf(cookie)).toBeUndefined();
    await running.restart();
    expect((await whoAmI(browser, cookie)).status).toBe(302);
  });

  test("an expired session is pruned from the file when the service starts, unasked for", async () => {
    const { cookie } = await signedInAs(TEST_USERS.ada);
    try {
      clock.jump = IDLE_TIMEOUT_MS;
      await running.restart();
      expect(rowOf(cookie)).toBeUndefined();
    } finally {
      clock.jump = 0;
    }
  });

  test("a data folder the sessions' file cannot be made in stops the service, naming EDIT_DATA", async () => {
    // A regular file where the folder should be: no folder can be made under it.
    const blocked = path.join(running.data, "sessions.sqlite", "data");
    await expect(createAuth({ ...running.service.settings, data: blocked }, { now })).rejects.toThrow(
      /^EDIT_DATA: the sessions' file .* could not be opened: /,
    );
  });

  test("the file holds the session id's SHA-256, never the id itself", async () => {
    const { cookie } = await signedInAs(TEST_USERS.ada);
    // In WAL mode a new row may be only in the write-ahead log as yet: both files are searched.
    const bytes = Buffer.concat(
      await Promise.all([file(), `${file()}-wal`].filter((name) => existsSync(name)).map((name) => readFile(name))),
    );
    // Not the id, in the cookie's base64url or as its raw bytes…
    expect(bytes.includes(idOf(cookie))).toBe(false);
    expect(bytes.includes(Buffer.from(idOf(cookie), "base64url"))).toBe(false);
    // …though the search finds what is there: the key the row is stored under.
    expect(bytes.includes(keyOf(cookie))).toBe(true);
  });
});

describe("signing in with a provider that puts the email in the ID token, as Google does", () => {
  let google: TestOidcProvider;
  let beside: Service;

  let besideData: string;

  beforeAll(async () => {
    besideData = await tempFolder();
    const listening = await listen();
    google = await startOidcProvider({ redirectUris: [`${listening.origin}/auth/callback`], emailInIdToken: true });
    beside = await startService(google, listening, now, ["ada@agency.example"], besideData);
  });

  afterAll(async () => {
    await stopServer(beside.server);
    beside.auth.close();
    await google.stop();
    await rm(besideData, { recursive: true, force: true });
  });

  test("the ID token's claims admit the editor, without asking userinfo", async () => {
    const requests = vi.spyOn(globalThis, "fetch");
    const browser = new Browser();
    const signedIn = await signIn(browser, TEST_USERS.ada, "/keystatic", beside.origin);
    expect(signedIn.headers.get("location")).toBe(`${beside.origin}/keystatic`);
    const asked = requests.mock.calls.map(([target]) => String(target));
    expect(asked).toContain(`${google.issuer}/token`);
    expect(asked).not.toContain(`${google.issuer}/me`);
    const page = await browser.request(`${beside.origin}/keystatic`);
    expect(await page.json()).toEqual({ email: "ada@agency.example", name: "Ada Producer" });
  });
});
