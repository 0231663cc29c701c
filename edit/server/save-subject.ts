/**
 * What a save from the screen is, in git's words: the content files it writes (checked for
 * staleness and kept aside), and its entry ({ collection, id, action }), whose line ("directors/ada-rowe:
 * create", "directors/theo-marchand: new clip") is its commit's subject, so that the branch's history
 * reads as the list of saves (save-state.ts's subjectLine).
 */
import { existsSync } from "node:fs";
import path from "node:path";

import { CONTENT_DIR, FOLDERS, isContentFile } from "#model/content-files.ts";
import { MEDIA_KINDS, type MediaKindName } from "#model/media-kinds.ts";
import type { ContentEntry } from "#model/entry-url.ts";
import { decodeSave, type Save as ScreenSave } from "#edit/server/save-gate.ts";
import type { SaveEntry } from "#edit/server/save-state.ts";
import { readSourceUploadName } from "#edit/upload-names.ts";
import { UPLOADS_DIR } from "#edit/upload-rules.ts";

/** The content files a save writes or deletes (not its uploads, which are filed elsewhere). */
export const contentFilesOf = (save: ScreenSave): string[] =>
  [...save.additions, ...save.deletions].map(({ path: file }) => file).filter(isContentFile);

/** Her version of the content files a save writes (null: deleted), as a kept-aside branch holds it. */
export function keptChanges(save: ScreenSave): Map<string, Uint8Array | null> {
  const changes = new Map<string, Uint8Array | null>();
  for (const { path: file, bytes } of decodeSave(save).additions) if (isContentFile(file)) changes.set(file, bytes);
  for (const { path: file } of save.deletions) if (isContentFile(file)) changes.set(file, null);
  return changes;
}

/** A content file's entry as the screen names it: directors/ada-rowe, reels/reel-2021, site. */
function entryOfFile(file: string): ContentEntry {
  const name = file
    .slice(CONTENT_DIR.length + 1)
    .replace(/^artists\//, "")
    .replace(/\.(md|yaml|vtt|srt)$/, "")
    .replace(/\.[A-Za-z-]+$/, "");
  const slash = name.indexOf("/");
  return slash < 0 ? { collection: name } : { collection: name.slice(0, slash), id: name.slice(slash + 1) };
}

/** The sources a save uploads: each one's entry folder (none for a singleton's) and media kind. */
function uploadsOf(save: ScreenSave) {
  return save.additions.flatMap(({ path: file }) => {
    if (!file.startsWith(`${UPLOADS_DIR}/`)) return [];
    const parts = file.slice(UPLOADS_DIR.length + 1).split("/");
    const upload = readSourceUploadName(parts.at(-1) ?? "");
    return upload ? [{ folder: parts.length === 2 ? parts[0] : undefined, kind: upload.kind }] : [];
  });
}

/** "director clip (mp4)" → "clip": what an upload is, as a commit's subject says it. */
function uploadWords(kind: string): string {
  const label = (MEDIA_KINDS as Record<string, { label?: string } | undefined>)[kind as MediaKindName]?.label ?? kind;
  return label.replace(/\s*\(.*\)$/, "").replace(/^(director|photographer) /, "");
}

/** The content file of an upload's entry folder in the project at `root`: the artist's or reel's Markdown. */
function entryFileOf(root: string, folder: string | undefined): string | undefined {
  if (folder === undefined) return `${CONTENT_DIR}/biography.md`;
  return FOLDERS.map((layout) => `${CONTENT_DIR}/${layout.path}/${folder}.md`).find((file) =>
    existsSync(path.join(root, file)),
  );
}

/**
 * The save's entry and what happened to it, from its files. `existed` says whether a content file is
 * on the branch already; `root` is the working copy, where an upload's entry is looked up.
 */
export function entryOfSave(save: ScreenSave, existed: (file: string) => boolean, root: string): SaveEntry {
  const files = contentFilesOf(save);
  const uploads = uploadsOf(save);
  const entryFile =
    files.find((file) => /\.(md|yaml)$/.test(file)) ?? files[0] ?? entryFileOf(root, uploads[0]?.folder);
  const entry = entryFile ? entryOfFile(entryFile) : { collection: "content" };
  if (entryFile && save.deletions.some(({ path: file }) => file === entryFile)) return { ...entry, action: "delete" };
  if (entryFile && !existed(entryFile)) return { ...entry, action: "create" };
  if (uploads.length > 0)
    return { ...entry, action: `new ${[...new Set(uploads.map(({ kind }) => uploadWords(kind)))].join(", ")}` };
  return { ...entry, action: "update" };
}

/**
 * The entry of a save a previous run committed, read back from its commit's subject (subjectLine's
 * words): git's history is all that is left of it. Every save of this run carries its entry.
 */
export function entryOfSubject(subject: string): SaveEntry {
  const colon = subject.indexOf(":");
  const name = colon < 0 ? subject : subject.slice(0, colon);
  const action = colon < 0 ? "update" : subject.slice(colon + 1).trim();
  const slash = name.indexOf("/");
  return slash < 0
    ? { collection: name, action }
    : { collection: name.slice(0, slash), id: name.slice(slash + 1), action };
}
