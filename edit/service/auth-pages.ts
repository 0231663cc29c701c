/**
 * What the sign-in (auth.ts) answers a browser with: its cookies, read, signed and set, and its few plain pages
 * and redirects, none of them cacheable.
 */
import { escapeHtml } from "#lib/escape-html.ts";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

export function cookiesOf(request: IncomingMessage): Map<string, string> {
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

export function cookie(name: string, value: string, maxAgeMs: number): string {
  return `${name}=${value}; Max-Age=${Math.floor(maxAgeMs / 1000)}; Path=/; HttpOnly; Secure; SameSite=Lax`;
}

export const cleared = (name: string) => cookie(name, "", 0);

/**
 * Values signed with HMAC-SHA256 as `value.signature` (base64url). Each kind of cookie signs under its own label,
 * so a value signed as one kind is never accepted as another.
 */
export function cookieSigner(secret: string) {
  const signature = (kind: string, value: string) => createHmac("sha256", secret).update(`${kind}:${value}`).digest();
  return {
    signed: (kind: string, value: string) => `${value}.${signature(kind, value).toString("base64url")}`,
    /** The value of a text `signed` made for `kind`, or undefined for anything else. */
    verified(kind: string, text: string | undefined): string | undefined {
      if (!text) return undefined;
      const dot = text.lastIndexOf(".");
      if (dot <= 0) return undefined;
      const value = text.slice(0, dot);
      const given = Buffer.from(text.slice(dot + 1), "base64url");
      const expected = signature(kind, value);
      return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
    },
  };
}

export function sendPage(
  response: ServerResponse,
  status: number,
  title: string,
  body: string,
  cookies: string[] = [],
) {
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
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body>
</html>
`);
}

export function redirect(response: ServerResponse, status: 302 | 303, location: string, cookies: string[] = []) {
  response.writeHead(status, {
    location,
    "cache-control": "no-store",
    ...(cookies.length > 0 && { "set-cookie": cookies }),
  });
  response.end();
}

export function sendText(response: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) {
  response.writeHead(status, { ...headers, "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
  response.end(text);
}

export const methodNotAllowed = (response: ServerResponse, allow: string) =>
  sendText(response, 405, "Method Not Allowed", { allow });
