/**
 * The editing service's sign-in, by OpenID Connect with the agency's identity provider (openid-client), and its
 * sessions. The code flow with PKCE (S256), state and nonce; the editor's email must be verified by the provider
 * and listed in EDIT_ALLOWED, checked at sign-in and again on every request. Its pages and redirects are the editing
 * app's routes (edit/app/routes/auth.*), which call the functions here (SignIn, edit/server/editing-context.ts)
 * through their load context; the service asks editorOf for every other request.
 *
 * Sessions are kept in an SQLite file in the service's data folder (session-store.ts), so a restart or a deploy
 * signs nobody out and need not wait for the team to stop working. The file holds each session id's SHA-256, never
 * the id, so a copy of it opens no session; EDIT_ALLOWED is checked on every request, so taking an address off it
 * still applies at once, to sessions opened before. The browser holds only a session's id, signed, in a `__Host-`
 * cookie: HttpOnly (no script reads it), Secure, SameSite=Lax (a cross-site POST carries none), Path=/ and no
 * Domain (no sibling subdomain can set or read it).
 *
 * The sign-in in progress (state, nonce, PKCE verifier, return path) travels in a signed cookie of its own, not in a
 * server-side map: the cookie binds the sign-in to the browser that started it, so a callback link planted in
 * another browser finds no matching state (login CSRF); anyone may start a sign-in, and a map would hold their
 * attempts in memory; and a restart between the provider's page and the callback costs nothing. The verifier is
 * thereby visible to the browser that holds it, which is the one party entitled to redeem the code anyway.
 */
import type { IncomingMessage } from "node:http";
import path from "node:path";

import * as oidc from "openid-client";

import { textAnswer } from "#edit/http/answers.ts";
import type { SignIn, SignInRefusal } from "#edit/server/editing-context.ts";
import { AUTH_PATHS } from "#edit/views/editing-paths.ts";
import { cleared, cookie, cookieSigner, cookiesOf } from "./auth-cookies.ts";
import { discoverProvider, identityOf, message, type Expected, type Identity } from "./auth-provider.ts";
import { ABSOLUTE_TIMEOUT_MS, openSessionStore } from "./session-store.ts";
import type { ServiceSettings } from "./settings.ts";

export { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS } from "./session-store.ts";

export interface Editor {
  email: string;
  name: string;
  sessionId: string;
}

/** The sign-in's routes (SignIn: /auth/sign-in, /auth/callback, /auth/sign-out), and the session of every other request. */
export interface Auth extends SignIn {
  /** The signed-in, admitted editor of a request, or undefined (no/forged/expired cookie). Touches the idle timer (see TOUCH_EVERY_MS). */
  editorOf(request: IncomingMessage): Editor | undefined;
  /** The answer to a request without an editor: a page's is 302 to /auth/sign-in?return=<path>, an API's (`api: true`) 401 with a short text. */
  refuse(request: IncomingMessage, url: URL, api: boolean): Response;
  /** Closes the sessions' file: the last call, once the server has stopped answering. */
  close(): void;
}

export const SESSION_COOKIE = "__Host-edit-session";
export const SIGN_IN_COOKIE = "__Host-edit-signin";

const MINUTE = 60_000;
/** From the service's redirect to the provider back to the callback: a login page, perhaps a second factor. */
export const SIGN_IN_TIMEOUT_MS = 10 * MINUTE;

const SCOPES = "openid email profile";

interface Attempt extends Expected {
  returnTo: string;
  expires: number;
}

/** A redirect of the sign-in's, never cached, each cookie its own Set-Cookie. */
function redirected(status: 302 | 303, location: string, cookies: string[]): Response {
  const headers = new Headers({ location, "cache-control": "no-store" });
  for (const line of cookies) headers.append("set-cookie", line);
  return new Response(null, { status, headers });
}

/** Whether EDIT_ALLOWED admits an address: listed itself, or its domain listed as "@domain" (not its subdomains). */
export function isAllowed(email: string, allowed: readonly string[]): boolean {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return false;
  return allowed.includes(address) || allowed.includes(address.slice(at));
}

/**
 * Where a sign-in may return: a path on this service only. Anything else — another origin, a scheme-relative
 * "//host", a backslash some browsers read as a slash, the sign-in's own routes (a loop) — returns to "/".
 */
export function safeReturnPath(value: string | null, publicUrl: string): string {
  // eslint-disable-next-line no-control-regex -- a control character has no business in a path, and may hide a host
  if (!value || !value.startsWith("/") || value.startsWith("//") || /[\\\x00-\x1f\x7f]/.test(value)) return "/";
  let url: URL;
  try {
    url = new URL(value, publicUrl);
  } catch {
    return "/";
  }
  if (url.origin !== new URL(publicUrl).origin || url.pathname.startsWith(AUTH_PATHS.prefix)) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in for `settings`; its sessions in `{settings.data}/sessions.sqlite`. */
export async function createAuth(settings: ServiceSettings, options: { now?: () => number } = {}): Promise<Auth> {
  const now = options.now ?? Date.now;
  const config = await discoverProvider(settings);

  // Opened after discovery, so a provider that cannot be reached leaves no file open behind the error.
  const file = path.join(settings.data, "sessions.sqlite");
  const sessions = await openSessionStore(file, { now }).catch((error: unknown) => {
    throw new Error(`EDIT_DATA: the sessions' file ${file} could not be opened: ${message(error)}`);
  });
  const { signed, verified } = cookieSigner(settings.sessionSecret);

  const sessionIdOf = (header: string | null | undefined) => verified("session", cookiesOf(header).get(SESSION_COOKIE));

  function attemptOf(request: Request): Attempt | undefined {
    const value = verified("signin", cookiesOf(request.headers.get("cookie")).get(SIGN_IN_COOKIE));
    if (!value) return undefined;
    const attempt = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as Attempt;
    return attempt.expires > now() ? attempt : undefined;
  }

  /** Who signed in at the provider, as a session's owner, or why nobody. */
  async function admitted(
    request: Request,
    attempt: Attempt,
  ): Promise<SignInRefusal | { address: string; name: string }> {
    // The redirect URI the provider was given, whatever address the request reached this process by.
    const answered = new URL(settings.redirectUri);
    answered.search = new URL(request.url).search;
    let identity: Identity;
    try {
      identity = await identityOf(config, answered, attempt);
    } catch (error) {
      console.error(`sign-in failed: ${message(error)}`);
      return { status: 400, reason: "failed" };
    }
    const { email, emailVerified, name } = identity;
    if (typeof email !== "string" || email === "") return { status: 403, reason: "no email" };
    const address = email.trim().toLowerCase();
    if (emailVerified !== true) return { status: 403, reason: "unverified", address };
    if (!isAllowed(address, settings.allowed)) return { status: 403, reason: "not allowed", address };
    return { address, name: typeof name === "string" && name.trim() !== "" ? name.trim() : address };
  }

  return {
    async signIn(request) {
      const verifier = oidc.randomPKCECodeVerifier();
      const attempt: Attempt = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier,
        returnTo: safeReturnPath(new URL(request.url).searchParams.get("return"), settings.publicUrl),
        expires: now() + SIGN_IN_TIMEOUT_MS,
      };
      const provider = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: SCOPES,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
        state: attempt.state,
        nonce: attempt.nonce,
      });
      const value = signed("signin", Buffer.from(JSON.stringify(attempt)).toString("base64url"));
      return redirected(302, provider.href, [cookie(SIGN_IN_COOKIE, value, SIGN_IN_TIMEOUT_MS)]);
    },

    async callback(request) {
      const attempt = attemptOf(request);
      // The sign-in cookie is spent whatever happens next: a callback is answered once.
      const spent = cleared(SIGN_IN_COOKIE);
      const expired: SignInRefusal = { status: 400, reason: "expired", minutes: SIGN_IN_TIMEOUT_MS / MINUTE };
      if (!attempt) return { refusal: expired, spent };
      const who = await admitted(request, attempt);
      if ("reason" in who) return { refusal: who, spent };

      // A new session at each sign-in, so an id planted before it (session fixation) is worth nothing after.
      const previous = sessionIdOf(request.headers.get("cookie"));
      if (previous) sessions.delete(previous);
      const id = sessions.open(who.address, who.name);
      return redirected(302, `${settings.publicUrl}${attempt.returnTo}`, [
        spent,
        cookie(SESSION_COOKIE, signed("session", id), ABSOLUTE_TIMEOUT_MS),
      ]);
    },

    signOut(request) {
      // SameSite=Lax already keeps the cookie off a cross-site POST; this keeps another site from even clearing it.
      if (request.headers.get("origin") !== settings.publicUrl)
        return textAnswer(403, "Sign out from the editing service's own page.");
      const id = sessionIdOf(request.headers.get("cookie"));
      if (id) sessions.delete(id);
      return redirected(303, `${settings.publicUrl}${AUTH_PATHS.signedOut}`, [cleared(SESSION_COOKIE)]);
    },

    editorOf(request) {
      const id = sessionIdOf(request.headers.cookie);
      const session = id && sessions.get(id);
      if (!id || !session) return undefined;
      if (!isAllowed(session.email, settings.allowed)) {
        sessions.delete(id);
        return undefined;
      }
      sessions.touch(id, session);
      return { email: session.email, name: session.name, sessionId: id };
    },

    refuse(request, url, api) {
      // A redirect would drop a POST's body and mean nothing to a script: only a page read with GET is sent to sign in.
      const page = !api && (request.method === "GET" || request.method === "HEAD");
      if (!page) return textAnswer(401, "Not signed in, or the session has ended: sign in again.");
      const back = encodeURIComponent(`${url.pathname}${url.search}`);
      return redirected(302, `${settings.publicUrl}${AUTH_PATHS.signIn}?return=${back}`, []);
    },

    close() {
      sessions.close();
    },
  };
}
