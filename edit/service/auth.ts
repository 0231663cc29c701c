/**
 * The editing service's sign-in, by OpenID Connect with the agency's identity provider (openid-client), and its
 * sessions. The code flow with PKCE (S256), state and nonce; the editor's email must be verified by the provider
 * and listed in EDIT_ALLOWED, checked at sign-in and again on every request.
 *
 * Sessions live in this process's memory: a restart signs everyone out, by design (nothing to store, nothing to
 * leak from a disk, and a changed EDIT_ALLOWED takes effect for everyone at once). The browser holds only a
 * session's id, signed, in a `__Host-` cookie: HttpOnly (no script reads it), Secure, SameSite=Lax (a cross-site
 * POST carries none), Path=/ and no Domain (no sibling subdomain can set or read it).
 *
 * The sign-in in progress (state, nonce, PKCE verifier, return path) travels in a signed cookie of its own, not in a
 * server-side map: the cookie binds the sign-in to the browser that started it, so a callback link planted in
 * another browser finds no matching state (login CSRF); anyone may start a sign-in, and a map would hold their
 * attempts in memory; and a restart between the provider's page and the callback costs nothing. The verifier is
 * thereby visible to the browser that holds it, which is the one party entitled to redeem the code anyway.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

import * as oidc from "openid-client";

import type { ServiceSettings } from "./settings.ts";

export interface Editor {
  email: string;
  name: string;
  sessionId: string;
}

export interface Auth {
  /** Answers /auth/sign-in, /auth/callback, /auth/sign-out, /auth/signed-out; false for any other path. */
  handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean>;
  /** The signed-in, admitted editor of a request, or undefined (no/forged/expired cookie). Touches the idle timer. */
  editorOf(request: IncomingMessage): Editor | undefined;
  /** For a request without an editor: a page gets 302 to /auth/sign-in?return=<path>, an API (`api: true`) 401 with a short text. */
  refuse(request: IncomingMessage, response: ServerResponse, url: URL, api: boolean): void;
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
const HOUR = 60 * MINUTE;
/** A session unused this long ends: lunch and meetings pass, a night does not (the next morning signs in again). */
export const IDLE_TIMEOUT_MS = 8 * HOUR;
/**
 * A session ends this long after its sign-in however busy it is. With EDIT_ALLOWED naming a whole @domain, the
 * provider is where a departed employee is switched off; this bounds how long a session opened before that lasts.
 */
export const ABSOLUTE_TIMEOUT_MS = 24 * HOUR;
/** From the service's redirect to the provider back to the callback: a login page, perhaps a second factor. */
export const SIGN_IN_TIMEOUT_MS = 10 * MINUTE;

const SCOPES = "openid email profile";

interface Session {
  email: string;
  name: string;
  created: number;
  lastSeen: number;
}

interface SignIn {
  state: string;
  nonce: string;
  verifier: string;
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

function cookiesOf(request: IncomingMessage): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (request.headers.cookie ?? "").split(";")) {
    const equals = pair.indexOf("=");
    if (equals < 0) continue;
    const name = pair.slice(0, equals).trim();
    // The first of a name wins: a browser sends the most specific (longest path) first.
    if (!cookies.has(name)) cookies.set(name, pair.slice(equals + 1).trim());
  }
  return cookies;
}

function cookie(name: string, value: string, maxAgeMs: number): string {
  return `${name}=${value}; Max-Age=${Math.floor(maxAgeMs / 1000)}; Path=/; HttpOnly; Secure; SameSite=Lax`;
}

const cleared = (name: string) => cookie(name, "", 0);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function sendPage(response: ServerResponse, status: number, title: string, body: string, cookies: string[] = []) {
  response.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    // Plain text and links only: nothing to run, nothing to frame.
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    ...(cookies.length > 0 && { "set-cookie": cookies }),
  });
  response.end(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} — editing</title></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body>
</html>
`);
}

function redirect(response: ServerResponse, status: 302 | 303, location: string, cookies: string[] = []) {
  response.writeHead(status, {
    location,
    "cache-control": "no-store",
    ...(cookies.length > 0 && { "set-cookie": cookies }),
  });
  response.end();
}

function methodNotAllowed(response: ServerResponse, allow: string) {
  response.writeHead(405, { allow, "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
  response.end("Method Not Allowed");
}

/**
 * Client authentication at the token endpoint with the client secret: HTTP Basic, the OpenID Connect default and
 * what a provider assumes for a client registered without choosing, unless the provider lists only the POST form.
 */
function secretAuthentication(secret: string): oidc.ClientAuth {
  const basic = oidc.ClientSecretBasic(secret);
  const post = oidc.ClientSecretPost(secret);
  return (server, client, body, headers) => {
    const methods = server.token_endpoint_auth_methods_supported;
    const useBasic =
      methods === undefined || methods.includes("client_secret_basic") || !methods.includes("client_secret_post");
    (useBasic ? basic : post)(server, client, body, headers);
  };
}

/**
 * An error and its causes, for the log: openid-client's own message is general ("invalid response encountered");
 * its cause says what, as an error or, from a provider, as the body it answered with.
 */
function message(error: unknown): string {
  if (error instanceof Error)
    return error.cause === undefined ? error.message : `${error.message}: ${message(error.cause)}`;
  return typeof error === "object" ? JSON.stringify(error) : String(error);
}

export async function createAuth(settings: ServiceSettings, options: { now?: () => number } = {}): Promise<Auth> {
  const now = options.now ?? Date.now;
  const issuer = new URL(settings.issuer);
  let config: oidc.Configuration;
  try {
    config = await oidc.discovery(issuer, settings.clientId, undefined, secretAuthentication(settings.clientSecret), {
      // The settings admit an http:// issuer on the loopback only (a test's provider).
      execute: issuer.protocol === "http:" ? [oidc.allowInsecureRequests] : [],
    });
  } catch (error) {
    throw new Error(
      `EDIT_OIDC_ISSUER: the identity provider at ${settings.issuer} could not be discovered: ${message(error)}`,
    );
  }

  const sessions = new Map<string, Session>();

  /** Distinct labels, so a value signed as one kind of cookie is never accepted as the other. */
  const signature = (kind: string, value: string) =>
    createHmac("sha256", settings.sessionSecret).update(`${kind}:${value}`).digest();

  const signed = (kind: string, value: string) => `${value}.${signature(kind, value).toString("base64url")}`;

  function verified(kind: string, text: string | undefined): string | undefined {
    if (!text) return undefined;
    const dot = text.lastIndexOf(".");
    if (dot <= 0) return undefined;
    const value = text.slice(0, dot);
    const given = Buffer.from(text.slice(dot + 1), "base64url");
    const expected = signature(kind, value);
    return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
  }

  const sessionIdOf = (request: IncomingMessage) => verified("session", cookiesOf(request).get(SESSION_COOKIE));

  function signInOf(request: IncomingMessage): SignIn | undefined {
    const value = verified("signin", cookiesOf(request).get(SIGN_IN_COOKIE));
    if (!value) return undefined;
    const signIn = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as SignIn;
    return signIn.expires > now() ? signIn : undefined;
  }

  const expired = (session: Session, time: number) =>
    time - session.created >= ABSOLUTE_TIMEOUT_MS || time - session.lastSeen >= IDLE_TIMEOUT_MS;

  function openSession(email: string, name: string): string {
    const time = now();
    // Swept here, at the only place sessions are added, so the map holds at most a day's sign-ins.
    for (const [id, session] of sessions) if (expired(session, time)) sessions.delete(id);
    const id = randomBytes(32).toString("base64url");
    sessions.set(id, { email, name, created: time, lastSeen: time });
    return id;
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
    let email: unknown;
    let emailVerified: unknown;
    let name: unknown;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, answered, {
        pkceCodeVerifier: attempt.verifier,
        expectedState: attempt.state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error("the provider sent no ID token");
      ({ email, email_verified: emailVerified, name } = claims);
      // Google puts these in the ID token; other providers (oidc-provider by default) only in userinfo.
      if (typeof email !== "string" || typeof emailVerified !== "boolean" || typeof name !== "string") {
        const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = typeof email === "string" ? email : userInfo.email;
        emailVerified = typeof emailVerified === "boolean" ? emailVerified : userInfo.email_verified;
        name = typeof name === "string" ? name : userInfo.name;
      }
    } catch (error) {
      console.error(`sign-in failed: ${message(error)}`);
      return sendPage(response, 400, "Sign-in failed", `<p>The sign-in did not complete.</p>${signInAgain}`, [spent]);
    }

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
    const id = openSession(address, typeof name === "string" && name.trim() !== "" ? name.trim() : address);
    redirect(response, 302, `${settings.publicUrl}${attempt.returnTo}`, [
      spent,
      cookie(SESSION_COOKIE, signed("session", id), ABSOLUTE_TIMEOUT_MS),
    ]);
  }

  function signOut(request: IncomingMessage, response: ServerResponse) {
    // SameSite=Lax already keeps the cookie off a cross-site POST; this keeps another site from even clearing it.
    if (request.headers.origin !== settings.publicUrl) {
      response.writeHead(403, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
      response.end("Sign out from the editing service's own page.");
      return;
    }
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
      const time = now();
      if (expired(session, time) || !isAllowed(session.email, settings.allowed)) {
        sessions.delete(id);
        return undefined;
      }
      session.lastSeen = time;
      return { email: session.email, name: session.name, sessionId: id };
    },

    refuse(request, response, url, api) {
      // A redirect would drop a POST's body and mean nothing to a script: only a page read with GET is sent to sign in.
      const page = !api && (request.method === "GET" || request.method === "HEAD");
      if (page) {
        const back = encodeURIComponent(`${url.pathname}${url.search}`);
        return redirect(response, 302, `${settings.publicUrl}${AUTH_PATHS.signIn}?return=${back}`);
      }
      response.writeHead(401, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
      response.end("Not signed in, or the session has ended: sign in again.");
    },
  };
}
