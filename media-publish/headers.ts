/** The headers every published object carries: the types and lifetime the site's own server gives the same files. */
import path from "node:path";

import { MEDIA_MAX_AGE } from "#model/media-paths.ts";
import type { MediaFile } from "./media-files.ts";

/**
 * The lifetime the site's own server gives media, so a page behaves alike with or without
 * MEDIA_ORIGIN. Playlists too: segments keep their names when a reel is re-encoded, so a shorter
 * lifetime for playlists alone would mix two encodes; a replaced file is purged at the CDN.
 */
export const CACHE_CONTROL = `public, max-age=${MEDIA_MAX_AGE}`;

/**
 * The types the site's own server sends (HLS's too, which `aws s3 sync` gets wrong). No gzip
 * bodies: a bucket does not negotiate, so every client (TVs, curl, a Range request) would get gzip,
 * to save nothing on playlists and indexes that fit one packet either way.
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

/** `sha256`, `Content-Type`, `Cache-Control` of an upload. */
export function objectHeaders(file: MediaFile, sha256: string) {
  return {
    ContentType: CONTENT_TYPES[path.extname(file.file).toLowerCase()] ?? "application/octet-stream",
    CacheControl: CACHE_CONTROL,
    Metadata: { sha256 },
  };
}
