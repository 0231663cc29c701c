/**
 * The editing service's sign-in (edit/service/auth.ts) against a real OpenID provider (tests/support/oidc-provider.ts)
 * and a bare node:http server that, as the service does, hands /auth/ to the editing app's routes (edit/app/routes/auth.*,
 * built here as `npm run build:edit` builds them) with the sign-in in their load context, and asks createAuth for the
 * session of every other request: the code flow driven by hand — each redirect followed and each cookie kept as a
 * browser would — then every way a session is refused, and what of a session is kept in the data folder across a restart.
 */
import { execFile } from "node:child_process";
import { createHash, createHmac } from "node:crypto";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import Database from "better-sqlite3";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";

import {
  ABSOLUTE_TIMEOUT_MS,
  IDLE_TIMEOUT_MS,
  SESSION_COOKIE,
  SIGN_IN_COOKIE,
  SIGN_IN_TIMEOUT_MS,
  createAuth,
  safeReturnPath,
  type Auth,
} from "#edit/service/auth.ts";
import type { ServiceSettings } from "#edit/service/settings.ts";
import { editingApp, type EditingApp } from "#edit/http/editing-app.ts";
import { loadContextOf } from "#edit/server/editing-context.ts";
import { AUTH_PATHS } from "#edit/views/editing-paths.ts";
import {
  LOGIN_FORM,
  TEST_USERS,
  startOidcProvider,
  type TestOidcProvider,
  type TestUser,
} from "#tests/support/oidc-provider.ts";

const ROOT = path.join(import.meta.dirname, "../../..");
const SECRET = "a-session-secret-of-at-least-32-characters";
const MINUTE = 60_000;

/** A browser, reduced to what sign-in needs: a cookie jar (shared across ports, as browsers share it) and redirects followed by hand. */
class Browser {
  readonly cookies = new Map<string, string>();

  async request(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0 && !headers.has("cookie"))
      headers.set("cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";").map((part) => part.trim());
      const equals = pair.indexOf("=");
      const name = pair.slice(0, equals);
      const gone = attributes.some((attribute) => /^max-age=0$/i.test(attribute) || /^expires=.*1970/i.test(attribute));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(equals + 1));
    }
    return response;
  }

  /** GETs, following redirects until `stop` says a location is where to stop (not requested) or a page answers. */
  async follow(start: string | URL, stop: (url: URL) => boolean = () => false) {
    let url = new URL(start);
    for (let hops = 0; hops < 10; hops++) {
      const response = await this.request(url);
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location) return { url, response };
      await response.body?.cancel();
      url = new URL(location, url);
      if (stop(url)) return { url, response: undefined };
    }
    throw new Error(`more than 10 redirects from ${start}`);
  }
}

interface Service {
  origin: string;
  settings: ServiceSettings;
  auth: Auth;
  server: Server;
}

/** The editing app as this checkout's code has it, built as `npm run build:edit` builds it, then loaded as the service loads it. */
async function builtApp(): Promise<EditingApp> {
  await promisify(execFile)(path.join(ROOT, "node_modules/.bin/remix"), ["build", "edit/remix"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production" },
  });
  return editingApp(ROOT, [AUTH_PATHS.prefix, "/edit/"]);
}

let app: EditingApp;

/** A server that listens first (its redirect URI is the provider's to know), then takes its Auth. */
async function listen(): Promise<{
  server: Server;
  origin: string;
  serve: (auth: Auth, settings: ServiceSettings) => void;
}> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const serve = (auth: Auth, settings: ServiceSettings) =>
    server.on("request", async (request, response) => {
      const url = new URL(request.url ?? "/", settings.publicUrl);
      try {
        // The sign-in's routes as the service hands them over; /edit/ too, given nobody, to test the app's own check.
        if (url.pathname.startsWith(AUTH_PATHS.prefix) || url.pathname.startsWith("/edit/"))
          return await app.serve(request, response, url, loadContextOf({ auth }));
        const editor = auth.editorOf(request);
        if (!editor) return auth.refuse(request, response, url, url.pathname.startsWith("/api/"));
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ email: editor.email, name: editor.name }));
      } catch (error) {
        response.writeHead(500).end(String(error));
      }
    });
  return { server, origin, serve };
}

function settingsFor(origin: string, provider: TestOidcProvider, allowed: string[], data: string): ServiceSettings {
  return {
    publicUrl: origin,
    redirectUri: `${origin}/auth/callback`,
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    allowed,
    sessionSecret: SECRET,
    repo: "/unused",
    branch: "main",
    data,
    host: "127.0.0.1",
    port: Number(new URL(origin).port),
  };
}

async function startService(
  provider: TestOidcProvider,
  listening: Awaited<ReturnType<typeof listen>>,
  now: () => number,
  allowed: string[],
  data: string,
) {
  const settings = settingsFor(listening.origin, provider, allowed, data);
  const auth = await createAuth(settings, { now });
  listening.serve(auth, settings);
  return { origin: listening.origin, settings, auth, server: listening.server } satisfies Service;
}

async function stopServer(server: Server) {
  server.closeAllConnections();
  server.close();
  await once(server, "close");
}

// The sessions' clock: real time (the provider's tokens are checked against it) plus a jump the tests choose.
let jump = 0;
const now = () => Date.now() + jump;

let provider: TestOidcProvider;
let listening: Awaited<ReturnType<typeof listen>>;
let service: Service;
/** The service's EDIT_ALLOWED, held here so a test can take a domain off it. */
const allowed = ["@agency.example"];
/** The service's data folder, where its sessions' file is. */
let data: string;

const tempFolder = () => mkdtemp(path.join(tmpdir(), "edit-auth-"));

beforeAll(async () => {
  app = await builtApp();
  data = await tempFolder();
  listening = await listen();
  provider = await startOidcProvider({ redirectUris: [`${listening.origin}/auth/callback`] });
  service = await startService(provider, listening, now, allowed, data);
});

afterAll(async () => {
  await stopServer(service.server);
  service.auth.close();
  await provider.stop();
  await rm(data, { recursive: true, force: true });
});

/** The service stopped and started again over the same data folder, at the same address (browsers keep their cookies). */
async function restart() {
  service.auth.close();
  listening.server.removeAllListeners("request");
  service = await startService(provider, listening, now, allowed, data);
}

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * From the service's sign-in to the provider's redirect back, filling the provider's login form on the way if it
 * shows one (a browser still signed in at the provider goes straight through). Returns the callback's address, not yet requested.
 */
async function toCallback(browser: Browser, user: TestUser, returnPath = "/keystatic", origin = service.origin) {
  const start = await browser.request(`${origin}/auth/sign-in?return=${encodeURIComponent(returnPath)}`);
  expect(start.status).toBe(302);
  const authorization = new URL(start.headers.get("location") ?? "");
  const atCallback = (url: URL) => url.href.startsWith(`${origin}/auth/callback`);
  let step = await browser.follow(authorization, atCallback);
  if (step.response) {
    expect(step.url.pathname).toMatch(/^\/interaction\//);
    const form = await step.response.text();
    const action = new URL(/action="([^"]+)"/.exec(form)?.[1] ?? "", step.url);
    const { fields } = LOGIN_FORM;
    const submitted = await browser.request(action, {
      method: "POST",
      body: new URLSearchParams({
        [fields.prompt]: "login",
        [fields.login]: user.email,
        [fields.password]: "any password",
      }),
    });
    expect(submitted.status).toBe(303);
    step = await browser.follow(new URL(submitted.headers.get("location") ?? "", action), atCallback);
  }
  expect(step.response).toBeUndefined();
  return { authorization, callback: step.url };
}

/** A whole sign-in: the callback's response, with the browser now holding whatever cookie it set. */
async function signIn(browser: Browser, user: TestUser, returnPath?: string, origin?: string) {
  const { callback } = await toCallback(browser, user, returnPath, origin);
  return browser.request(callback);
}

async function whoAmI(browser: Browser, cookie?: string) {
  const headers: Record<string, string> = cookie === undefined ? {} : { cookie: `${SESSION_COOKIE}=${cookie}` };
  return browser.request(`${service.origin}/keystatic`, { headers });
}

async function signedInAs(user: TestUser) {
  const browser = new Browser();
  const response = await signIn(browser, user);
  expect(response.status).toBe(302);
  const cookie = browser.cookies.get(SESSION_COOKIE);
  if (!cookie) throw new Error(`${user.email} has no session`);
  return { browser, cookie };
}

const sessionCookieLines = (response: Response) =>
  response.headers.getSetCookie().filter((line) => line.startsWith(`${SESSION_COOKIE}=`));

/** Silences, and returns, the service's log of a sign-in it refused. */
const quietErrors = () => vi.spyOn(console, "error").mockImplementation(() => undefined);

describe("signing in to the editing service", () => {
  test("without a session, a page is sent to sign in and an API is answered 401", async () => {
    const browser = new Browser();
    const page = await browser.request(`${service.origin}/keystatic/collection/directors?view=list`);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(
      `${service.origin}/auth/sign-in?return=${encodeURIComponent("/keystatic/collection/directors?view=list")}`,
    );
    const api = await browser.request(`${service.origin}/api/keystatic/tree`);
    expect(api.status).toBe(401);
    expect(await api.text()).toBe("Not signed in, or the session has ended: sign in again.");
    // A redirect would lose a form's body: a page's POST is refused like an API call.
    expect((await browser.request(`${service.origin}/keystatic`, { method: "POST" })).status).toBe(401);
  });

  test("the code flow: PKCE, state and nonce out; a signed, __Host- session cookie back; the page asked for", async () => {
    const browser = new Browser();
    const { authorization, callback } = await toCallback(
      browser,
      TEST_USERS.ada,
      "/keystatic/collection/directors?view=list",
    );
    expect(authorization.origin).toBe(provider.issuer);
    const asked = authorization.searchParams;
    expect(asked.get("response_type")).toBe("code");
    expect(asked.get("redirect_uri")).toBe(`${service.origin}/auth/callback`);
    expect(asked.get("scope")).toBe("openid email profile");
    expect(asked.get("code_challenge_method")).toBe("S256");
    expect(asked.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(asked.get("state")).toMatch(/^[\w-]{43}$/);
    expect(asked.get("nonce")).toMatch(/^[\w-]{43}$/);
    expect(callback.searchParams.get("state")).toBe(asked.get("state"));

    const requests = vi.spyOn(globalThis, "fetch");
    const signedIn = await browser.request(callback);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe(`${service.origin}/keystatic/collection/directors?view=list`);
    // oidc-provider sends email and name in userinfo only: the service asked for them there.
    expect(requests.mock.calls.map(([target]) => String(target))).toContain(`${provider.issuer}/me`);
    const lines = signedIn.headers.getSetCookie();
    expect(lines).toContain(`${SIGN_IN_COOKIE}=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax`);
    const session = sessionCookieLines(signedIn);
    expect(session).toHaveLength(1);
    // The id (32 random bytes) and its HMAC-SHA256, both base64url; no Domain, as a __Host- cookie must have none.
    expect(session[0]).toMatch(
      new RegExp(
        `^${SESSION_COOKIE}=[\\w-]{43}\\.[\\w-]{43}; Max-Age=${ABSOLUTE_TIMEOUT_MS / 1000}; Path=/; HttpOnly; Secure; SameSite=Lax$`,
      ),
    );

    const page = await whoAmI(browser);
    expect(page.status).toBe(200);
    expect(await page.json()).toEqual({ email: "ada@agency.example", name: "Ada Producer" });
  });

  test("a person signed in at the provider but not on EDIT_ALLOWED gets 403, a short page, and no session", async () => {
    const browser = new Browser();
    const refused = await signIn(browser, TEST_USERS.outsider);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("<p>outsider@elsewhere.example may not edit here.");
    expect(sessionCookieLines(refused)).toEqual([]);
    expect(browser.cookies.has(SIGN_IN_COOKIE)).toBe(false);
    expect((await whoAmI(browser)).status).toBe(302);
  });

  test("an email the provider has not verified is refused, even on an allowed domain", async () => {
    const browser = new Browser();
    const refused = await signIn(browser, TEST_USERS.unverified);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("has not verified una@agency.example");
    expect(sessionCookieLines(refused)).toEqual([]);
    expect((await whoAmI(browser)).status).toBe(302);
  });

  test("each sign-in is a new session, and the browser's old one ends", async () => {
    const { browser, cookie: first } = await signedInAs(TEST_USERS.ben);
    // Still signed in at the provider: no login form this time.
    expect((await signIn(browser, TEST_USERS.ben)).status).toBe(302);
    const second = browser.cookies.get(SESSION_COOKIE);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await whoAmI(browser, second)).status).toBe(200);
    expect((await whoAmI(browser, first)).status).toBe(302);
  });

  test("sign-out ends the session: the old cookie no longer opens anything", async () => {
    const { browser, cookie } = await signedInAs(TEST_USERS.ada);
    const signOut = await browser.request(`${service.origin}/auth/sign-out`, {
      method: "POST",
      headers: { origin: service.origin },
    });
    expect(signOut.status).toBe(303);
    expect(signOut.headers.get("location")).toBe(`${service.origin}/auth/signed-out`);
    expect(sessionCookieLines(signOut)).toEqual([
      `${SESSION_COOKIE}=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax`,
    ]);
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await whoAmI(browser, cookie)).status).toBe(302);

    const signedOut = await browser.request(`${service.origin}/auth/signed-out`);
    expect(signedOut.status).toBe(200);
    expect(await signedOut.text()).toContain("You are signed out");
  });

  test("sign-out only by a POST from the service's own page", async () => {
    const { browser, cookie } = await signedInAs(TEST_USERS.ada);
    const fromElsewhere = await browser.request(`${service.origin}/auth/sign-out`, {
      method: "POST",
      headers: { origin: "https://elsewhere.example" },
    });
    expect(fromElsewhere.status).toBe(403);
    expect((await browser.request(`${service.origin}/auth/sign-out`, { method: "POST" })).status).toBe(403);
    const byLink = await browser.request(`${service.origin}/auth/sign-out`);
    expect(byLink.status).toBe(405);
    expect(byLink.headers.get("allow")).toBe("POST");
    expect((await whoAmI(browser, cookie)).status).toBe(200);
  });

  test("the sign-in's pages: never cached, nothing to run but their own style, nothing to frame", async () => {
    const browser = new Browser();
    const { callback } = await toCallback(new Browser(), TEST_USERS.ada);
    for (const [answer, status] of [
      [await browser.request(`${service.origin}/auth/signed-out`), 200],
      [await browser.request(callback), 400],
    ] as const) {
      expect(answer.status).toBe(status);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      const policy = answer.headers.get("content-security-policy") ?? "";
      expect(policy).toMatch(/^default-src 'none'; style-src 'sha256-[\w+/]+=*'; frame-ancestors 'none'$/);
      const page = await answer.text();
      expect(page).not.toMatch(/<script/i);
      // The one style the policy admits is the page's own, by its hash.
      const style = /<style>([^<]*)<\/style>/.exec(page)?.[1] ?? "";
      expect(policy).toContain(`'sha256-${createHash("sha256").update(style).digest("base64")}'`);
    }
  });

  test("each of the sign-in's routes answers its own method, any other 405 with Allow", async () => {
    const browser = new Browser();
    for (const [method, route, allow] of [
      ["POST", "/auth/sign-in", "GET"],
      ["HEAD", "/auth/callback", "GET"],
      ["POST", "/auth/callback", "GET"],
      ["PUT", "/auth/sign-out", "POST"],
      ["POST", "/auth/signed-out", "GET, HEAD"],
    ]) {
      const answer = await browser.request(`${service.origin}${route}`, { method });
      expect(answer.status, `${method} ${route}`).toBe(405);
      expect(answer.headers.get("allow"), `${method} ${route}`).toBe(allow);
    }
    expect(browser.cookies.size).toBe(0);
  });

  test("the app's pages that need an editor send a request without one to sign in; its APIs refuse it", async () => {
    const browser = new Browser();
    for (const page of ["/edit/views?from=2025-01-01&to=2025-01-07", "/edit/saves"]) {
      const answer = await browser.request(`${service.origin}${page}`);
      expect(answer.status, page).toBe(302);
      expect(answer.headers.get("location"), page).toBe(`/auth/sign-in?return=${encodeURIComponent(page)}`);
    }
    for (const api of ["/edit/api/saves", "/edit/api/status?entry=contact", "/edit/api/views"])
      expect((await browser.request(`${service.origin}${api}`)).status, api).toBe(401);
  });

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
        jump += IDLE_TIMEOUT_MS - MINUTE;
        expect((await whoAmI(browser)).status).toBe(200);
        jump += IDLE_TIMEOUT_MS;
        expect((await whoAmI(browser)).status).toBe(302);
      } finally {
        jump = 0;
      }
    });

    test("a session in use past its absolute time-out", async () => {
      const { browser } = await signedInAs(TEST_USERS.ada);
      try {
        // Used every 7 hours: never idle, yet over at 24 hours.
        for (let used = 7 * 60 * MINUTE; used < ABSOLUTE_TIMEOUT_MS; used += 7 * 60 * MINUTE) {
          jump = used;
          expect((await whoAmI(browser)).status, `after ${used / MINUTE} minutes`).toBe(200);
        }
        jump = ABSOLUTE_TIMEOUT_MS;
        expect((await whoAmI(browser)).status).toBe(302);
      } finally {
        jump = 0;
      }
    });

    test("an address taken off EDIT_ALLOWED, at its next request", async () => {
      const { browser } = await signedInAs(TEST_USERS.ben);
      allowed.splice(0, allowed.length, "ada@agency.example");
      try {
        expect((await whoAmI(browser)).status).toBe(302);
      } finally {
        allowed.splice(0, allowed.length, "@agency.example");
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
        jump = SIGN_IN_TIMEOUT_MS;
        const refused = await browser.request(callback);
        expect(refused.status).toBe(400);
        expect(sessionCookieLines(refused)).toEqual([]);
      } finally {
        jump = 0;
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

  describe("a sign-in returns only to a path on the service", () => {
    test("another origin, given as the return path, is not followed", async () => {
      const browser = new Browser();
      const signedIn = await signIn(browser, TEST_USERS.ada, "https://elsewhere.example/keystatic");
      expect(signedIn.status).toBe(302);
      expect(signedIn.headers.get("location")).toBe(`${service.origin}/`);
    });

    test("whatever a browser might read as another host becomes /", () => {
      const origin = "https://edit.agency.example";
      for (const attempt of [
        null,
        "",
        "keystatic",
        "https://elsewhere.example/",
        "//elsewhere.example/keystatic",
        "/\\elsewhere.example",
        "/\\/elsewhere.example",
        "/keystatic\\..\\..",
        "/\telsewhere",
        "/auth/sign-in?return=/x",
        "/auth/sign-out",
      ])
        expect(safeReturnPath(attempt, origin), JSON.stringify(attempt)).toBe("/");
      expect(safeReturnPath("/keystatic/collection/directors?view=list#top", origin)).toBe(
        "/keystatic/collection/directors?view=list#top",
      );
      expect(safeReturnPath("/keystatic/../preview", origin)).toBe("/preview");
    });
  });
});

describe("sessions are kept in the data folder, across a restart", () => {
  const file = () => path.join(data, "sessions.sqlite");
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
    await restart();
    const page = await whoAmI(browser);
    expect(page.status).toBe(200);
    expect(await page.json()).toEqual({ email: "ada@agency.example", name: "Ada Producer" });
  });

  test("sign-out deletes the session's row: its old cookie is refused after a restart too", async () => {
    const { browser, cookie } = await signedInAs(TEST_USERS.ben);
    const signOut = await browser.request(`${service.origin}/auth/sign-out`, {
      method: "POST",
      headers: { origin: service.origin },
    });
    expect(signOut.status).toBe(303);
    expect(rowOf(cookie)).toBeUndefined();
    await restart();
    expect((await whoAmI(browser, cookie)).status).toBe(302);
  });

  test("an expired session is pruned from the file when the service starts, unasked for", async () => {
    const { cookie } = await signedInAs(TEST_USERS.ada);
    try {
      jump = IDLE_TIMEOUT_MS;
      await restart();
      expect(rowOf(cookie)).toBeUndefined();
    } finally {
      jump = 0;
    }
  });

  test("a data folder the sessions' file cannot be made in stops the service, naming EDIT_DATA", async () => {
    // A regular file where the folder should be: no folder can be made under it.
    const blocked = path.join(data, "sessions.sqlite", "data");
    await expect(createAuth({ ...service.settings, data: blocked }, { now })).rejects.toThrow(
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
