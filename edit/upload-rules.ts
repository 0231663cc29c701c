/** What the editing screen and its server agree on for uploads. */
import { MEDIA_DIR, SOURCE_EXTENSIONS } from "#model/media-paths.ts";
import type { SourceOf } from "#media-build/kinds.ts";

/** Where an entry's new sources are saved (hidden, so the media build never reads them there). */
export const UPLOADS_DIR = `${MEDIA_DIR}/.uploads`;

/**
 * Where a film or picture is streamed as it is chosen (PUT /edit/api/uploads/{token}), before the
 * save that names it moves it to UPLOADS_DIR: one file per token, so two editors never share one,
 * with its record beside it (server/upload-staging.ts).
 */
export const STAGED_DIR = `${MEDIA_DIR}/.staged`;

/** Where the screen asks for an upload's token (a POST) and sends its file to (PUT `${UPLOADS_PATH}/{token}`). */
export const UPLOADS_PATH = "/edit/api/uploads";

/** The file types the screen uploads (fields/source-upload.tsx offers a film's or a picture's): no other is taken. */
export const UPLOAD_EXTENSIONS: readonly string[] = [...SOURCE_EXTENSIONS.video, ...SOURCE_EXTENSIONS.image];

/**
 * The largest file the screen takes. It is streamed to disk (server/upload-stream.ts), so the
 * bound is the disk's, not memory's: an hour of a camera's 4K master is about 20 GB.
 */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024 * 1024;

/** A day: a staged upload no save took since it was last written was abandoned, and is deleted with its record. */
export const STAGED_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The source an upload is, in the media build's words. */
export type UploadKind = SourceOf["kind"];

/** Where the editing server's media build is: idle, making a save's media, or failed on its last run. */
export interface MediaBuild {
  state: "idle" | "running" | "failed";
  /** What the last run could not make, and why, when it failed. */
  message?: string;
  /** The public site is being asked whether it shows the save yet: the screen asks again in a moment. */
  waiting?: boolean;
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
