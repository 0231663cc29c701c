/**
 * The content check as the gate of every save (apply-save.ts): the files the screen would write are
 * checked in a copy of app/content/ with the same read → shapes → checks as `npm run content:check`,
 * before anything is written. Their media are taken as present, since the media build makes them
 * only after the save (the full check then runs on the made files: entry-status.ts).
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { z } from "zod";

import { type ContentResult, validateContent } from "#content-check/check.ts";
import { readContentFiles } from "#content-check/read.ts";
import { MANIFEST } from "#media-build/manifest.ts";
import { captionsPath, CONTENT_DIR } from "#model/content-files.ts";
import { readCaptionsUploadName } from "#edit/upload-names.ts";
import { UPLOADS_DIR } from "#edit/upload-rules.ts";

/** A Keystatic save, as its local API receives it: files (base64url) to write and to delete, by path from the root. */
export const saveShape = z.object({
  additions: z.array(z.object({ path: z.string(), contents: z.string() })),
  deletions: z.array(z.object({ path: z.string() })),
});

export type Save = z.output<typeof saveShape>;

/** A save with each addition's bytes decoded once (`decodeSave`), for every step that reads them. */
export interface DecodedSave extends Save {
  additions: { path: string; contents: string; bytes: Buffer }[];
}

/** `save` with its additions' bytes decoded; a save decoded already is returned as it is. */
export function decodeSave(save: Save | DecodedSave): DecodedSave {
  if (save.additions.every((addition) => "bytes" in addition)) return save as DecodedSave;
  return {
    additions: save.additions.map(({ path: file, contents }) => ({
      path: file,
      contents,
      bytes: Buffer.from(contents, "base64url"),
    })),
    deletions: save.deletions,
  };
}

/** The save as it came, without its decoded bytes: what the journal keeps of it. */
export const encodedSave = ({ additions, deletions }: Save): Save => ({
  additions: additions.map(({ path: file, contents }) => ({ path: file, contents })),
  deletions,
});

const CONTENT = `${CONTENT_DIR}/`;

/**
 * A reel's captions upload as the file it is filed as (captions-uploads.ts), if any, and the files
 * it removes: that language's file in the other format, or in both formats for a removal;
 * undefined for any other file.
 */
export function captionsUploadOf(file: string): { path?: string; removes: string[] } | undefined {
  const parts = path.posix.relative(UPLOADS_DIR, file).split("/");
  const [slug, name] = parts;
  const upload = parts.length === 2 && slug !== ".." ? readCaptionsUploadName(name) : undefined;
  if (!upload) return undefined;
  const { lang, format } = upload;
  if (format === "remove") return { removes: [captionsPath(slug, lang, "vtt"), captionsPath(slug, lang, "srt")] };
  const other = format === "vtt" ? "srt" : "vtt";
  return { path: captionsPath(slug, lang, format), removes: [captionsPath(slug, lang, other)] };
}

/** The content as it would be after `save`: compiled, or the check's problems (file, line, field, message). */
export async function checkSave(root: string, asked: Save | DecodedSave): Promise<ContentResult> {
  const save = decodeSave(asked);
  const copy = await mkdtemp(path.join(tmpdir(), "edit-save-"));
  try {
    await cp(path.join(root, CONTENT), path.join(copy, CONTENT), { recursive: true });
    if (existsSync(path.join(root, MANIFEST))) await cp(path.join(root, MANIFEST), path.join(copy, MANIFEST));
    for (const { path: file } of save.deletions.filter(({ path: file }) => file.startsWith(CONTENT)))
      await rm(path.join(copy, file), { force: true });
    for (const { path: file, bytes } of save.additions) {
      const captions = captionsUploadOf(file);
      for (const removed of captions?.removes ?? []) await rm(path.join(copy, removed), { force: true });
      const at = captions ? captions.path : file;
      if (!at?.startsWith(CONTENT)) continue;
      await mkdir(path.dirname(path.join(copy, at)), { recursive: true });
      await writeFile(path.join(copy, at), bytes);
    }
    return validateContent(readContentFiles(copy), { publicDir: null });
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}
