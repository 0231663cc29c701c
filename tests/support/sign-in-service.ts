/**
 * The editing service's sign-in as its unit tests serve it (tests/unit/edit/service-auth.test.ts and
 * service-sessions.test.ts): a real OpenID provider (oidc-provider.ts) and a bare node:http server that, as the
 * service does, hands /auth/ to the editing app's routes (edit/app/routes/auth.*, built by vitest's global setup,
 * build-editing-app.ts) with the sign-in in their load context, and asks createAuth for the session of every other
 * request; and a browser reduced to a cookie jar, its redirects followed by hand.
 */
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, afterEach, beforeAll, expect, vi } from "vitest";

import { editingApp, sendAnswer } from "#edit/http/editing-app.ts";
import { loadContextOf } from "#edit/server/editing-context.ts";
import { createAuth, SESSION_COOKIE, type Auth } from "#edit/service/auth.ts";
import type { ServiceSettings } from "#edit/service/settings.ts";
import { AUTH_PATHS } from "#edit/views/editing-paths.ts";
import { LOGIN_FORM, startOidcProvider, type TestOidcProvider, type TestUser } from "./oidc-provider.ts";

const ROOT = path.join(import.meta.dirname, "../..");
export const SECRET = "a-session-secret-of-at-least-32-characters";
export const MINUTE = 60_000;

/** A browser, reduced to what sign-in needs: a cookie jar (shared across ports, as browsers share it) and redirects followed by hand. */
export class Browser {
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

export interface Service {
  origin: string;
  settings: ServiceSettings;
  auth: Auth;
  server: Server;
}

type Listening = Awaited<ReturnType<typeof listen>>;

/** A server that listens first (its redirect URI is the provider's to know), then takes its Auth. */
export async function listen(): Promise<{
  server: Server;
  origin: string;
  serve: (auth: Auth, settings: ServiceSettings) => void;
}> {
  // The app as this checkout's code has it, loaded as the service loads it.
  const app = await editingApp(ROOT, [AUTH_PATHS.prefix, "/edit/"]);
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
        if (!editor) return await sendAnswer(response, auth.refuse(request, url, url.pathname.startsWith("/api/")));
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

export async function startService(
  provider: TestOidcProvider,
  listening: Listening,
  now: () => number,
  allowed: string[],
  data: string,
) {
  const settings = settingsFor(listening.origin, provider, allowed, data);
  const auth = await createAuth(settings, { now });
  listening.serve(auth, settings);
  return { origin: listening.origin, settings, auth, server: listening.server } satisfies Service;
}

export async function stopServer(server: Server) {
  server.closeAllConnections();
  server.close();
  await once(server, "close");
}

/** The sessions' clock: real time (the provider's tokens are checked against it) plus a jump the tests choose. */
export const clock = { jump: 0 };
export const now = () => Date.now() + clock.jump;

export const tempFolder = () => mkdtemp(path.join(tmpdir(), "edit-auth-"));

/** A test file's provider and service, as serveSignIn starts them. */
export class Running {
  provider!: TestOidcProvider;
  listening!: Listening;
  service!: Service;
  /** The service's EDIT_ALLOWED, held here so a test can take a domain off it. */
  readonly allowed = ["@agency.example"];
  /** The service's data folder, where its sessions' file is. */
  data!: string;

  /** The service stopped and started again over the same data folder, at the same address (browsers keep their cookies). */
  async restart() {
    this.service.auth.close();
    this.listening.server.removeAllListeners("request");
    this.service = await startService(this.provider, this.listening, now, this.allowed, this.data);
  }
}

/** One provider and one service for a test file, started before its tests and stopped after them. */
export function serveSignIn(): Running {
  const running = new Running();
  beforeAll(async () => {
    running.data = await tempFolder();
    running.listening = await listen();
    running.provider = await startOidcProvider({ redirectUris: [`${running.listening.origin}/auth/callback`] });
    running.service = await startService(running.provider, running.listening, now, running.allowed, running.data);
  });
  afterAll(async () => {
    await stopServer(running.service.server);
    running.service.auth.close();
    await running.provider.stop();
    await rm(running.data, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  return running;
}

/** The sign-in driven by hand against `running`'s service (or another origin, when given). */
export function flowOf(running: Running) {
  /**
   * From the service's sign-in to the provider's redirect back, filling the provider's login form on the way if it
   * shows one (a browser still signed in at the provider goes straight through). Returns the callback's address, not yet requested.
   */
  async function toCallback(
    browser: Browser,
    user: TestUser,
    returnPath = "/keystatic",
    origin = running.service.origin,
  ) {
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
    return browser.request(`${running.service.origin}/keystatic`, { headers });
  }

  async function signedInAs(user: TestUser) {
    const browser = new Browser();
    const response = await signIn(browser, user);
    expect(response.status).toBe(302);
    const cookie = browser.cookies.get(SESSION_COOKIE);
    if (!cookie) throw new Error(`${user.email} has no session`);
    return { browser, cookie };
  }

  return { toCallback, signIn, whoAmI, signedInAs };
}

export const sessionCookieLines = (response: Response) =>
  response.headers.getSetCookie().filter((line) => line.startsWith(`${SESSION_COOKIE}=`));

/** Silences, and returns, the service's log of a sign-in it refused. */
export const quietErrors = () => vi.spyOn(console, "error").mockImplementation(() => undefined);
