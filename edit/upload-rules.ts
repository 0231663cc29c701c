/** What the editing screen and its server agree on for uploads. */
import { MEDIA_DIR } from "#model/media-paths.ts";
import type { SourceOf } from "#media-build/kinds.ts";

/** Where an entry's new sources are saved (hidden, so the media build never reads them there). */
export const UPLOADS_DIR = `${MEDIA_DIR}/.uploads`;

/**
 * The largest file the screen takes: Keystatic sends a save as one JSON request, the file in
 * base64, held in the browser's memory. A 1080p minute is 10–50 MB; a larger film goes into
 * media/ by hand and through `npm run media` (docs/media.md), its outputs to the bucket.
 */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** The source an upload is, in the media build's words. */
export type UploadKind = SourceOf["kind"];

/** Where the editing server's media build is: idle, making a save's media, or failed on its last run. */
export interface MediaBuild {
  state: "idle" | "running" | "failed";
  /** What the last run could not make, and why, when it failed. */
  message?: string;
}

/** What the media build has made of one entry, as GET /edit/api/status answers. */
export interface EntryStatus {
  build: MediaBuild;
  /** Each output the entry needs from a source: what it is, and whether public/ has it. */
  media: { label: string; made: boolean }[];
  /** The content check's problems in the entry's file, with media looked for in public/. */
  problems: string[];
  /** A reel's captions files, by language ("en": "reel-2020.en.vtt"); none for other entries. */
  captions: Record<string, string>;
}
