/** What the editing screen and its server agree on for uploads. */
import type { SourceOf } from "#media-build/kinds.ts";

/** Where an entry's new sources are saved (hidden, so the media build never reads them there). */
export const UPLOADS_DIR = "media/.uploads";

/**
 * The largest file the screen takes: Keystatic sends a save as one JSON request, the file in
 * base64, held in the browser's memory. A 1080p minute is 10–50 MB; a larger film goes into
 * media/ by hand and through `npm run media` (docs/media.md), its outputs to the bucket.
 */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** The source an upload is, in the media build's words. */
export type UploadKind = SourceOf["kind"];

/** What the media build has made of one entry, as GET /edit/api/status answers. */
export interface EntryStatus {
  build: { state: "idle" | "running" | "failed"; message?: string };
  /** Each output the entry needs from a source: what it is, and whether public/ has it. */
  media: { label: string; made: boolean }[];
  /** The content check's problems in the entry's file, with media looked for in public/. */
  problems: string[];
  /** A reel's captions files, by language ("en": "reel-2020.en.vtt"); none for other entries. */
  captions: Record<string, string>;
}

/**
 * A captions file saved with a reel: media/.uploads/{slug}/captions--{language}.{vtt|srt}. Checked
 * and filed as app/content/reels/{slug}.{language}.{format}, in place of that language's file. A
 * `captions--{language}.remove` saved instead asks for that language's file to be removed.
 */
export const CAPTIONS_UPLOAD = /^captions--([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\.(vtt|srt|remove)$/;

/** Where a reel's captions file in a language is: the content check's own naming (docs/reels.md). */
export const captionsPath = (slug: string, lang: string, format: string) =>
  `app/content/reels/${slug}.${lang}.${format}`;
