/** Where each source goes in media/, and which source a listing of media/ holds for it. */
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";

import { MEDIA_DIR, SOURCE_EXTENSIONS, type SourceType } from "#model/media-paths.ts";

/** The stills' transparent crops: git-ignored with the sources, hidden so never taken for one. */
export const TRANSPARENT_DIR = `${MEDIA_DIR}/.transparent`;

/** Where one source file goes: `base` (relative to the root, no extension) plus one of its type's extensions. */
export interface Slot {
  base: string;
  type: SourceType;
}

/** "media/artists/x/photo.{jpg,jpeg,png,webp,tif,tiff}": every name the slot accepts, for messages. */
export function expectedName(slot: Slot): string {
  return `${slot.base}.{${SOURCE_EXTENSIONS[slot.type].join(",")}}`;
}

/**
 * The slot's source among `files` (root-relative paths, e.g. a listing of media/): undefined when
 * there is none, an error when there are two, since either could be the one meant.
 */
export function findSource(slot: Slot, files: readonly string[]): string | undefined {
  const found = files.filter((file) => {
    const dot = file.lastIndexOf(".");
    const extension = file.slice(dot + 1).toLowerCase();
    return file.slice(0, dot) === slot.base && (SOURCE_EXTENSIONS[slot.type] as readonly string[]).includes(extension);
  });
  if (found.length > 1) throw new Error(`${found.join(" and ")}: two sources for one file; keep one`);
  return found[0];
}

/** Every file under media/ but hidden ones and those in hidden folders, as root-relative paths. */
export async function listSources(root: string): Promise<string[]> {
  const dir = path.join(root, MEDIA_DIR);
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter((file) => !file.split("/").some((part) => part.startsWith(".")));
}

/** The source file of a slot in media/ (root-relative), if there is one. */
export async function sourceFileOf(root: string, slot: Slot): Promise<string | undefined> {
  return findSource(slot, await listSources(root));
}
