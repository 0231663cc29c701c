/**
 * The editing service's sign-in, by OpenID Connect with the agency's identity provider (openid-client), and its
 * sessions. The code flow with PKCE (S256), state and nonce; the editor's email must be verified by the provider
 * and listed in EDIT_ALLOWED, checked at sign-in and again on every request.
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
import { escapeHtml } from "#lib/escape-html.ts";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

import * as oidc from "openid-client";

import {
  cleared,
  cookie,
  cookieSigner,
  cookiesOf,
  methodNotAllowed,
  redirect,
  sendPage,
  sendText,
} from "./auth-pages.ts";
import { discoverProvider, identityOf, message, type Expected, type Identity } from "./auth-provider.ts";
import { ABSOLUTE_TIMEOUT_MS, openSessionStore } from "./session-store.ts";
import type { ServiceSettings } from "./settings.ts";

export { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS } from "./session-store.ts";

export interface Editor {
  email: string;
  name: string;
  sessionId: string;
}

export interface Auth {
  /** Answers /auth/sign-in, /auth/callback, /auth/sign-out, /auth/signed-out; false for any other path. */
  handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean>;
  /** The signed-in, admitted editor of a request, or undefined (no/forged/expired cookie). Touches the idle timer (see TOUCH_EVERY_MS). */
  editorOf(request: IncomingMessage): Editor | undefined;
  /** For a request without an editor: a page gets 302 to /auth/sign-in?return=<path>, an API (`api: true`) 401 with a short text. */
  refuse(request: IncomingMessage, response: ServerResponse, url: URL, api: boolean): void;
  /** Closes the sessions' file: the last call, once the server has stopped answering. */
  close(): void;
}

export const AUTH_PATHS = {
  signIn: "/auth/sign-in",
  callback: "/auth/callback",
  signOut: "/auth/sign-out",
  signedOut: "/auth/signed-out",
} as const;

export const SESSION_COOKIE = "__Host-edit-session";
export const SIGN_IN_COOKIE = "__Host-edit-signin";

const MINUTE = 60_000;
/** From the service's redirect to the provider back to the callback: a login page, perhaps a second factor. */
export const SIGN_IN_TIMEOUT_MS = 10 * MINUTE;

const SCOPES = "openid email profile";

interface SignIn extends Expected {
  returnTo: string;
  expires: number;
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
  if (url.origin !== new URL(publicUrl).origin || url.pathname.startsWith("/auth/")) return "/";
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

  const sessionIdOf = (request: IncomingMessage) => verified("session", cookiesOf(request).get(SESSION_COOKIE));

  function signInOf(request: IncomingMessage): SignIn | undefined {
    const value = verified("signin", cookiesOf(request).get(SIGN_IN_COOKIE));
    if (!value) return undefined;
    const signIn = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as SignIn;
    return signIn.expires > now() ? signIn : undefined;
  }

  async function signIn(response: ServerResponse, url: URL) {
    const verifier = oidc.randomPKCECodeVerifier();
    const attempt: SignIn = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier,
      returnTo: safeReturnPath(url.searchParams.get("return"), settings.publicUrl),
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
    redirect(response, 302, provider.href, [cookie(SIGN_IN_COOKIE, value, SIGN_IN_TIMEOUT_MS)]);
  }

  const signInAgain = `<p><a href="${AUTH_PATHS.signIn}">Sign in again</a>.</p>`;

  async function callback(request: IncomingMessage, response: ServerResponse, url: URL) {
    const attempt = signInOf(request);
    // The sign-in cookie is spent whatever happens next: a callback is answered once.
    const spent = cleared(SIGN_IN_COOKIE);
    if (!attempt)
      return sendPage(
        response,
        400,
        "Sign-in expired",
        `<p>This sign-in took longer than ${SIGN_IN_TIMEOUT_MS / MINUTE} minutes or was started in another browser.</p>${signInAgain}`,
        [spent],
      );

    // The redirect URI the provider was given, whatever address the request reached this process by.
    const answered = new URL(settings.redirectUri);
    answered.search = url.search;
    let identity: Identity;
    try {
      identity = await identityOf(config, answered, attempt);
    } catch (error) {
      console.error(`sign-in failed: ${message(error)}`);
      return sendPage(response, 400, "Sign-in failed", `<p>The sign-in did not complete.</p>${signInAgain}`, [spent]);
    }

    const { email, emailVerified, name } = identity;
    if (typeof email !== "string" || email === "")
      return sendPage(response, 403, "Not allowed", "<p>Your identity provider gave no email address.</p>", [spent]);
    const address = email.trim().toLowerCase();
    if (emailVerified !== true)
      return sendPage(
        response,
        403,
        "Not allowed",
        `<p>Your identity provider has not verified ${escapeHtml(address)}.</p>`,
        [spent],
      );
    if (!isAllowed(address, settings.allowed))
      return sendPage(
        response,
        403,
        "Not allowed",
        `<p>${escapeHtml(address)} may not edit here. Ask whoever runs this service to add it.</p>`,
        [spent],
      );

    // A new session at each sign-in, so an id planted before it (session fixation) is worth nothing after.
    const previous = sessionIdOf(request);
    if (previous) sessions.delete(previous);
    const id = sessions.open(address, typeof name === "string" && name.trim() !== "" ? name.trim() : address);
    redirect(response, 302, `${settings.publicUrl}${attempt.returnTo}`, [
      spent,
      cookie(SESSION_COOKIE, signed("session", id), ABSOLUTE_TIMEOUT_MS),
    ]);
  }

  function signOut(request: IncomingMessage, response: ServerResponse) {
    // SameSite=Lax already keeps the cookie off a cross-site POST; this keeps another site from even clearing it.
    if (request.headers.origin !== settings.publicUrl)
      return sendText(response, 403, "Sign out from the editing service's own page.");
    const id = sessionIdOf(request);
    if (id) sessions.delete(id);
    redirect(response, 303, `${settings.publicUrl}${AUTH_PATHS.signedOut}`, [cleared(SESSION_COOKIE)]);
  }

  return {
    async handle(request, response, url) {
      const method = request.method ?? "GET";
      switch (url.pathname) {
        case AUTH_PATHS.signIn:
          if (method !== "GET") methodNotAllowed(response, "GET");
          else await signIn(response, url);
          return true;
        case AUTH_PATHS.callback:
          if (method !== "GET") methodNotAllowed(response, "GET");
          else await callback(request, response, url);
          return true;
        case AUTH_PATHS.signOut:
          if (method !== "POST") methodNotAllowed(response, "POST");
          else signOut(request, response);
          return true;
        case AUTH_PATHS.signedOut:
          if (method !== "GET" && method !== "HEAD") methodNotAllowed(response, "GET, HEAD");
          else
            sendPage(
              response,
              200,
              "Signed out",
              `<p>You are signed out of the editing service.</p><p><a href="${AUTH_PATHS.signIn}">Sign in</a>.</p>`,
            );
          return true;
        default:
          return false;
      }
    },

    editorOf(request) {
      const id = sessionIdOf(request);
      const session = id && sessions.get(id);
      if (!id || !session) return undefined;
      if (!isAllowed(session.email, settings.allowed)) {
        sessions.delete(id);
        return undefined;
      }
      sessions.touch(id, session);
      return { email: session.email, name: session.name, sessionId: id };
    },

    refuse(request, response, url, api) {
      // A redirect would drop a POST's body and mean nothing to a script: only a page read with GET is sent to sign in.
      const page = !api && (request.method === "GET" || request.method === "HEAD");
      if (page) {
        const back = encodeURIComponent(`${url.pathname}${url.search}`);
        return redirect(response, 302, `${settings.publicUrl}${AUTH_PATHS.signIn}?return=${back}`);
      }
      sendText(response, 401, "Not signed in, or the session has ended: sign in again.");
    },

    close() {
      sessions.close();
    },
  };
}
