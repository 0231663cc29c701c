/**
 * The names of the files the screen saves with an entry into media/.uploads/{entry}/: made here for
 * the fields that save them (fields/source-upload.tsx, fields/captions-upload.tsx) and read back here
 * for the editing server, which files each where it belongs (server/upload-slots.ts, server/save-gate.ts).
 */
import type { CaptionFormat } from "#model/cues/captions.ts";
import { LANGUAGE_TAG } from "#model/content-files.ts";
import type { UploadKind } from "./upload-rules.ts";

/** The artist's lists of works, which number a work's upload. */
type WorkGroup = "recentWorkThumbs" | "extraThumbs";

/** What a source upload's name says: its kind, which work it is (by its list and place there, from 0), its type. */
export interface SourceUploadName {
  kind: string;
  work?: { group: WorkGroup; index: number };
  extension: string;
}

/**
 * A source's upload: "{kind}--{field}.{extension}", the field as Keystatic gives its place in the
 * entry ("recentWorkThumbs/1/film" → "directorWork--recentWorkThumbs-1-film.mp4").
 */
export const sourceUploadName = (kind: UploadKind, field: string, extension: string): string =>
  `${kind}--${field.replaceAll("/", "-")}.${extension}`;

const SOURCE_UPLOAD = /^([A-Za-z]+)--(?:(recentWorkThumbs|extraThumbs)-(\d+)-)?[A-Za-z]+\.([a-z0-9]+)$/;

export function readSourceUploadName(name: string): SourceUploadName | undefined {
  const match = SOURCE_UPLOAD.exec(name);
  if (!match) return undefined;
  const [, kind, group, index, extension] = match;
  return {
    kind,
    ...(group === undefined ? {} : { work: { group: group as WorkGroup, index: Number(index) } }),
    extension,
  };
}

/** What a reel's captions upload asks: that language's file replaced by this one, or removed. */
export type CaptionsUploadFormat = CaptionFormat | "remove";

/** A reel's captions in a language ("captions--pt-BR.srt"), or the removal of that language's ("captions--fr.remove"). */
export const captionsUploadName = (lang: string, format: CaptionsUploadFormat): string => `captions--${lang}.${format}`;

const CAPTIONS_UPLOAD = new RegExp(`^captions--(${LANGUAGE_TAG.source})\\.(vtt|srt|remove)$`);

export function readCaptionsUploadName(name: string): { lang: string; format: CaptionsUploadFormat } | undefined {
  const match = CAPTIONS_UPLOAD.exec(name);
  return match ? { lang: match[1], format: match[2] as CaptionsUploadFormat } : undefined;
}

/**
 * A streamed upload's token, its file name in STAGED_DIR, minted by the editing server for one
 * editor (server/upload-staging.ts): random, so it names one editor's one file, with the file's
 * type ("6f1c…-4e2a.mp4").
 */
export const newUploadToken = (extension: string): string => `${crypto.randomUUID()}.${extension.toLowerCase()}`;

const UPLOAD_TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,5}$/;

export const isUploadToken = (token: string): boolean => UPLOAD_TOKEN.test(token);

/**
 * What the save carries for a streamed upload, in place of the file's bytes: a line naming its
 * token, which the editing server reads back to move the staged file into the upload's place.
 */
const STAGED_REFERENCE = "staged-upload:";

export const stagedReference = (token: string): Uint8Array => new TextEncoder().encode(STAGED_REFERENCE + token);

export function readStagedReference(bytes: Uint8Array): string | undefined {
  if (bytes.byteLength > STAGED_REFERENCE.length + 64) return undefined;
  const text = new TextDecoder().decode(bytes);
  const token = text.startsWith(STAGED_REFERENCE) ? text.slice(STAGED_REFERENCE.length) : "";
  return isUploadToken(token) ? token : undefined;
}
