/**
 * The sign-in's routes (routes/auth.*, the team's service only): each hands its request to the service's sign-in
 * (edit/service/auth.ts, through the load context) and sends on its answer, or draws its refusal as a page. Each
 * answers only its own method; any other gets 405 with Allow, as the service's other routes do.
 */
import { createHash } from "node:crypto";

import { type ActionFunctionArgs, type HeadersFunction, json, type LoaderFunctionArgs } from "@remix-run/node";

import { methodNotAllowed } from "#edit/http/answers.ts";
import { signInOf } from "#edit/server/editing-context.ts";
import { EDITING_STYLE } from "#edit/views/editing-style.ts";

/** The one thing on these pages a browser may apply: the app's own style, which its root inlines. */
const STYLE_SOURCE = `'sha256-${createHash("sha256").update(EDITING_STYLE).digest("base64")}'`;

/** The sign-in's pages: words and links only, nothing to run, nothing to frame, never cached. */
const PAGE_HEADERS = {
  "cache-control": "no-store",
  "content-security-policy": `default-src 'none'; style-src ${STYLE_SOURCE}; frame-ancestors 'none'`,
};

/** Every method but `allow`, refused: a route's action, or its loader when it answers POST only. */
const only = (allow: string) => () => {
  throw methodNotAllowed(allow);
};

export const onlyGet = only("GET");
export const onlyGetOrHead = only("GET, HEAD");
export const onlyPost = only("POST");

/**
 * The headers of the sign-in's pages; a 405's Allow too. A document route's loader headers would otherwise not
 * reach the answer (Remix takes a page's headers from this, and keeps only Set-Cookie without it).
 */
export const pageHeaders: HeadersFunction = ({ errorHeaders }) => {
  const headers = new Headers(PAGE_HEADERS);
  const allow = errorHeaders?.get("allow");
  if (allow) headers.set("allow", allow);
  return headers;
};

/** GET /auth/sign-in: to the provider. */
export function signInLoader({ request, context }: LoaderFunctionArgs) {
  if (request.method !== "GET") throw methodNotAllowed("GET");
  return signInOf(context).signIn(request);
}

/** GET /auth/callback: to the page asked for, signed in; or why not, as the page's data, the sign-in's cookie spent. */
export async function callbackLoader({ request, context }: LoaderFunctionArgs) {
  // HEAD too: a callback is answered once, and only as a browser asks it.
  if (request.method !== "GET") throw methodNotAllowed("GET");
  const answer = await signInOf(context).callback(request);
  // Thrown, as Remix takes a redirect either way: what the loader returns is then the page's data alone.
  if (!("refusal" in answer)) throw answer;
  const { refusal, spent } = answer;
  return json(refusal, { status: refusal.status, headers: { "set-cookie": spent } });
}

/** POST /auth/sign-out. */
export function signOutAction({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed("POST");
  return signInOf(context).signOut(request);
}
