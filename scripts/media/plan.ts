/**
 * The pure part of the media build: where each source goes in media/, which source a folder
 * listing holds, and whether an output has to be made, given the manifest of what made it.
 * Nothing here reads a file or runs a program, so the tests exercise it on a machine without
 * ffmpeg.
 */
import { createHash } from "node:crypto";

/** The source folder, relative to the repository root. */
export const MEDIA_DIR = "media";
/** Records what made each output, so a rerun can tell what is up to date (committed). */
export const MANIFEST = `${MEDIA_DIR}/manifest.json`;

/** The file types each kind of source may be, lower case, most usual first. */
export const EXTENSIONS = {
  video: ["mp4", "mov", "m4v", "webm"],
  image: ["jpg", "jpeg", "png", "webp", "tif", "tiff"],
  logo: ["png", "svg"],
} as const;

export type SourceType = keyof typeof EXTENSIONS;

/** Where one source file goes: `base` (relative to the root, no extension) plus one of its type's extensions. */
export interface Slot {
  base: string;
  type: SourceType;
}

/** "media/artists/x/photo.{jpg,jpeg,png,webp,tif,tiff}": every name the slot accepts, for messages. */
export function expectedName(slot: Slot): string {
  return `${slot.base}.{${EXTENSIONS[slot.type].join(",")}}`;
}

/**
 * The slot's source among `files` (root-relative paths, e.g. a listing of media/): undefined when
 * there is none, an error when there are two, since either could be the one meant.
 */
export function findSource(slot: Slot, files: readonly string[]): string | undefined {
  const found = files.filter((file) => {
    const dot = file.lastIndexOf(".");
    const extension = file.slice(dot + 1).toLowerCase();
    return file.slice(0, dot) === slot.base && (EXTENSIONS[slot.type] as readonly string[]).includes(extension);
  });
  if (found.length > 1) throw new Error(`${found.join(" and ")}: two sources for one file; keep one`);
  return found[0];
}

/** A source that cannot be decoded: the message names the file first, as the operator knows it. */
export function unreadableMessage(source: string, reason: string): string {
  return `${source}: cannot read (${reason.trim().split("\n")[0]})`;
}

/** Outputs that exist nowhere and have no source to be made from, grouped by the source they need. */
export function missingSourcesMessage(missing: { slot: Slot; outputs: string[] }[]): string {
  const lines = missing.map(({ slot, outputs }) => `  ${expectedName(slot)}  (for ${outputs.join(", ")})`);
  return `public/ lacks files that no source in ${MEDIA_DIR}/ can make. Add:\n${lines.join("\n")}`;
}

// ---------------------------------------------------------------------------------------------
// Up to date

/** What the manifest holds for one output (by its site path): the files it was made from and its key. */
export interface ManifestEntry {
  from: string[];
  key: string;
}

export type Manifest = Record<string, ManifestEntry>;

/**
 * A fingerprint of everything an output depends on: how it is made (`recipe`: kind, recipe
 * version, sizes and formats) and each input's path and content hash. Content, not mtimes, since
 * a git checkout sets every mtime to the time of the checkout.
 */
export function entryKey(recipe: string, inputs: readonly (readonly [path: string, hash: string])[]): string {
  return createHash("sha256").update(JSON.stringify([recipe, inputs])).digest("hex").slice(0, 16);
}

export type Decision =
  /** Make it: there is no output yet, it was made from something else, or --force. */
  | "make"
  /** The output was made from exactly these inputs by this recipe. */
  | "up to date"
  /** No source here, but the output is there (a fresh clone, say): leave it as committed. */
  | "keep"
  /** No source and no output: an error that names the source to add. */
  | "missing";

/** `key` is undefined when the output's source is not there. */
export function decide(key: string | undefined, recorded: ManifestEntry | undefined, outputExists: boolean, force: boolean): Decision {
  if (key === undefined) return outputExists ? "keep" : "missing";
  if (!force && outputExists && recorded?.key === key) return "up to date";
  return "make";
}

/** The manifest as committed: one output per line, sorted, so a change shows as a small diff. */
export function serializeManifest(manifest: Manifest): string {
  const lines = Object.keys(manifest)
    .sort()
    .map((site) => `  ${JSON.stringify(site)}: ${JSON.stringify(manifest[site])}`);
  return `{\n${lines.join(",\n")}\n}\n`;
}
