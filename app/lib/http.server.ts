import { createHash } from "node:crypto";

/**
 * Inline `<script>` elements that run (no `src`; JSON-LD is data, not code) and `<style>` elements,
 * capturing their text.
 */
const INLINE_SCRIPT = /<script\b(?![^>]*\s(?:src=|type="application\/ld\+json"))[^>]*>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/g;

function sourceHashes(html: string, element: RegExp): string[] {
  const hashes = new Set<string>();
  for (const [, text] of html.matchAll(element)) {
    hashes.add(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The document's Content-Security-Policy. Inline scripts and styles are allowed by their SHA-256,
 * not a per-request nonce, so a page's bytes depend only on its URL and the build. `blob:` is for
 * video.js's MSE and transmuxing worker, `data:` for its icon font, `ws:` for `remix dev`.
 * `default-src` is 'self', not 'none': Firefox checks Remix's prefetch links against it, and
 * `manifest-src` is left out because WebKit reports it as unknown. Forms may go to the site itself
 * only: the selects page's artist search is a GET form, so that it works without JavaScript.
 */
export function contentSecurityPolicy(html: string, { development = false, mediaOrigin = "" } = {}): string {
  // Media from MEDIA_ORIGIN: images, video, and the HLS engine's fetches of playlists and segments.
  const media = mediaOrigin ? ` ${new URL(mediaOrigin).origin}` : "";
  return [
    "default-src 'self'",
    ["script-src 'self'", ...sourceHashes(html, INLINE_SCRIPT)].join(" "),
    ["style-src 'self'", ...sourceHashes(html, INLINE_STYLE)].join(" "),
    `img-src 'self'${media}`,
    `media-src 'self'${media} blob:`,
    "font-src 'self' data:",
    `connect-src 'self'${media}${development ? " ws:" : ""}`,
    "worker-src 'self' blob:",
    "frame-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join("; ");
}

/**
 * Browsers revalidate a document after a minute (through the ETag); a CDN keeps it ten minutes and
 * may serve it stale for a day while it refetches, so an outage of the origin stays invisible.
 */
export const DOCUMENT_CACHE_CONTROL = "public, max-age=60, s-maxage=600, stale-while-revalidate=86400";
/** Not-found pages are cached briefly, so a newly added artist appears quickly. */
export const ERROR_CACHE_CONTROL = "public, max-age=60";
/** A server error is never stored: a shared cache would serve one broken render to everyone. */
export const SERVER_ERROR_CACHE_CONTROL = "no-store";

/** The Cache-Control of a rendered document with this status. */
export function documentCacheControl(status: number): string {
  if (status === 200) return DOCUMENT_CACHE_CONTROL;
  return status >= 500 ? SERVER_ERROR_CACHE_CONTROL : ERROR_CACHE_CONTROL;
}

/** A strong validator: the same bytes always give the same tag, on every instance. */
export function strongETag(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

/** Whether the client's If-None-Match names this tag (weak comparison, as RFC 9110 asks). */
export function matchesIfNoneMatch(request: Request, etag: string): boolean {
  const header = request.headers.get("If-None-Match");
  if (!header) return false;
  return header === "*" || header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** A WebVTT track made from the content, cached like a page (strong ETag, 304); `undefined` is a plain 404. */
export function vttResponse(request: Request, body: string | undefined): Response {
  if (body === undefined) {
    return new Response("Not Found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": ERROR_CACHE_CONTROL },
    });
  }
  const etag = strongETag(body);
  const headers = { "Content-Type": "text/vtt; charset=utf-8", "Cache-Control": DOCUMENT_CACHE_CONTROL, ETag: etag };
  if (matchesIfNoneMatch(request, etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}
