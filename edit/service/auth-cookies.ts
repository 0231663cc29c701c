/** The sign-in's cookies (auth.ts): read from a request's Cookie header, signed, and set. */
import { createHmac, timingSafeEqual } from "node:crypto";

/** The cookies of a Cookie header, by name. */
export function cookiesOf(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? "").split(";")) {
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
