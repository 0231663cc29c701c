/** The headers every published object carries: the types and lifetime the site's own server gives the same files. */
import path from "node:path";

import { MEDIA_MAX_AGE } from "../../../server/static-files";
import type { MediaFile } from "./media-files";

/**
 * Cache-Control of every object: the lifetime the site's own server gives media
 * (server/static-files.ts's MEDIA_MAX_AGE; scripts/static-server.mjs --media, the bucket's
 * stand-in in the cluster's tests, does the same), so a page behaves alike whether MEDIA_ORIGIN
 * points at the bucket or not.
 *
 * The media's names are stable, not content-addressed, and that holds for the HLS segments too
 * (segment_000.ts… keep their names when a reel is re-encoded). So playlists get the same 30 days
 * as the rest: a shorter lifetime for playlists alone would buy nothing, since a fresh playlist
 * over segments cached from the previous encode would mix two films. A replaced file is purged at
 * the CDN (docs/deploy.md), whatever the lifetime.
 */
export const CACHE_CONTROL = `public, max-age=${MEDIA_MAX_AGE}`;

/**
 * Content-Type by extension: the types the site's own server sends for the same files (text ones
 * with their charset, as it does), including HLS's, which `aws s3 sync` gets wrong or leaves out.
 *
 * No precompressed (gzip) bodies, for .m3u8 and .vtt either. A bucket does not negotiate: an object
 * stored with Content-Encoding: gzip goes gzipped to every client, whatever its Accept-Encoding.
 * Browsers, hence video.js's HLS engine and <track>, would decode it, but not every HLS reader
 * does: players and tools that send no Accept-Encoding (some TVs and set-top boxes, curl without
 * --compressed, an ffmpeg built without zlib), and a Range request would get a slice of the gzip
 * stream rather than of the text. For nothing much: the playlists are 440–640 bytes (185–280
 * gzipped) and a seek-bar index about 1.1 KB (230), each a single packet either way, beside
 * segments of hundreds of KB. The site's own server still compresses them for clients that ask.
 */
const CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".m3u8": "application/vnd.apple.mpegurl",
  ".ts": "video/mp2t",
  ".vtt": "text/vtt; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
};

/** The Content-Type of a file, by its extension; undefined when the table does not know it. */
function contentTypeOf(file: string): string | undefined {
  return CONTENT_TYPES[path.extname(file).toLowerCase()];
}

/** `sha256`, `Content-Type`, `Cache-Control` of an upload. */
export function objectHeaders(file: MediaFile, sha256: string) {
  return {
    ContentType: contentTypeOf(file.file) ?? "application/octet-stream",
    CacheControl: CACHE_CONTROL,
    Metadata: { sha256 },
  };
}
