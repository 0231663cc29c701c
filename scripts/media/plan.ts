/**
 * The pure part of the media build: where each source goes in media/, which source a folder
 * listing holds, whether an output has to be made, given the manifest of what made it, and the
 * messages that say what went wrong and how to fix it. Nothing here reads a file or runs a
 * program, so the tests exercise it on a machine without ffmpeg.
 */
import { createHash } from "node:crypto";

import type { Film } from "../../app/content/types";

/** The source folder, relative to the repository root. */
export const MEDIA_DIR = "media";
/** Records what made each output, so a rerun can tell what is up to date (committed). */
export const MANIFEST = `${MEDIA_DIR}/manifest.json`;
/**
 * The transparent crops of the stills made from transparent pictures (SourceJob.transparent in
 * jobs.ts): in media/, so never served and git-ignored with the sources, in a hidden folder, which
 * the run does not take for sources.
 */
export const TRANSPARENT_DIR = `${MEDIA_DIR}/.transparent`;

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

/** How to make a source again, by its type; undefined for a file in public/ (made from a source). */
function remake(type: SourceType | undefined): string {
  switch (type) {
    case "video":
      return "re-export it from the editing tool (an H.264 MP4)";
    case "image":
      return "export it again (JPEG or PNG)";
    case "logo":
      return "export it again (PNG or SVG)";
    case undefined:
      return "restore it (git checkout) or remake it from its source (npm run media -- --force)";
  }
}

/**
 * What a decoder's reason (ffprobe's, ffmpeg's or sharp's words) says about a file, and the fix;
 * the first match wins, so the more telling come first. A cut-short MP4 shows as a missing index
 * when its index (moov atom) comes last, and as packets breaking off when it comes first.
 */
const DIAGNOSES: { reason: RegExp; means?: string; fix: (type: SourceType | undefined) => string }[] = [
  { reason: /moov atom not found/, means: "its index is missing, as in a file cut short or still being written", fix: (type) => `copy it again in full, or ${remake(type)}` },
  { reason: /partial file|corrupt input packet|corrupt decoded frame|premature end|unexpected end|truncated/i, means: "the file is cut short or damaged part-way", fix: (type) => `copy it again in full, or ${remake(type)}` },
  { reason: /Invalid data found|unsupported image format|Invalid NAL unit|Error while decoding|corrupt|read error/i, means: "the file is damaged or not what its name says", fix: remake },
  { reason: /Decoder \(.*\) not found|not supported|unsupported codec/i, means: "ffmpeg cannot decode its format", fix: remake },
  { reason: /no video stream/, means: "it holds no picture", fix: (type) => `${remake(type)} with its picture` },
  { reason: /too short/, fix: () => "give a longer film" },
  { reason: /EACCES|permission denied/i, means: "the build may not read it", fix: () => "let the user running npm run media read it" },
  { reason: /ffprobe not found|could not start ffmpeg/, fix: () => "install ffmpeg (docs/media.md)" },
];

/**
 * Why a file could not be used, for the operator: what the decoder's reason means, the decoder's
 * own line, and what to do. `type` is the source's; undefined for a file in public/. A reason
 * none of DIAGNOSES knows (a recipe's own, such as a grid clip's start past the film's end)
 * already says what is wrong, and is given as it is.
 */
export function diagnosis(reason: string, type: SourceType | undefined): string {
  // Without ffmpeg()'s heading line ("ffmpeg failed (exit 1) for public/…:"), which names no cause.
  const lines = reason.split("\n").map((line) => line.trim()).filter((line) => line !== "" && !/^ffmpeg failed \(exit/.test(line));
  for (const { reason: pattern, means, fix } of DIAGNOSES) {
    const line = lines.find((candidate) => pattern.test(candidate));
    if (line) return `${means ? `${means} (${line})` : line}; ${fix(type)}`;
  }
  return lines.at(-1) ?? "unknown reason";
}

/** A file that could not be used, and what it leaves unmade. */
export interface Failure {
  /** The source in media/, or the inputs in public/ of a file read from outputs, root-relative. */
  source: string;
  /** Its outputs not made (public/…). */
  outputs: string[];
  /** The outputs read from those, skipped (public/…). */
  dependents: string[];
  /** From diagnosis(). */
  reason: string;
}

/** One line per failure, file first: "media/x.mp4 (not made: public/…, and 12 files read from them): why; fix". */
export function failureLine({ source, outputs, dependents, reason }: Failure): string {
  const read = dependents.length === 0 ? "" : `, and ${dependents.length === 1 ? "1 file" : `${dependents.length} files`} read from ${outputs.length === 1 ? "it" : "them"}`;
  return `${source} (not made: ${outputs.join(", ")}${read}): ${reason}`;
}

/** The end of a run with failures: every failure, one line each, under a heading that says what to do. */
export function failureReport(failures: readonly Failure[]): string[] {
  const files = failures.length === 1 ? "1 file" : `${failures.length} files`;
  return [`${files} could not be used; fix ${failures.length === 1 ? "it" : "them"} as said and run npm run media again:`, ...failures.map((failure) => `  ${failureLine(failure)}`)];
}

/** Outputs that exist nowhere and have no source to be made from, grouped by the source they need. */
export function missingSourcesMessage(missing: { slot: Slot; outputs: string[] }[]): string {
  const lines = missing.map(({ slot, outputs }) => `  ${expectedName(slot)}  (for ${outputs.join(", ")})`);
  return `public/ lacks files that no source in ${MEDIA_DIR}/ can make. Add:\n${lines.join("\n")}\nthen run npm run media again.`;
}

// ---------------------------------------------------------------------------------------------
// Up to date

/**
 * What the manifest holds for one output (by its site path): the files it was made from, its key,
 * for an output made from a film, that film as read (the content build takes a reel's length and
 * shape from it, without ffmpeg), and for a still made from a transparent picture, where its
 * transparent crop went (the ladder's formats with alpha are made from that).
 */
export interface ManifestEntry {
  from: string[];
  key: string;
  film?: Film;
  transparent?: string;
}

export type Manifest = Record<string, ManifestEntry>;

/** A film as the manifest records it: its display size, its length to the millisecond, its frame rate. */
export function filmFacts({ width, height, duration, fps }: { width: number; height: number; duration: number; fps?: string }): Film {
  return { width, height, duration: Math.round(duration * 1000) / 1000, ...(fps ? { fps } : {}) };
}

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
