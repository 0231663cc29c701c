/** media/manifest.json: what made each output, so a rerun can tell what is up to date. */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

import type { Film } from "#model/content.ts";
import { PARTIAL } from "./files.ts";
import { MEDIA_DIR } from "#model/media-paths.ts";

export const MANIFEST = `${MEDIA_DIR}/manifest.json`;

/** One output's entry, by its site path. */
export interface ManifestEntry {
  from: string[];
  key: string;
  /** The film it was made from, as read: the content build takes a reel's length and shape from it. */
  film?: Film;
  /** Where a still's transparent crop went. */
  transparent?: string;
}

export type Manifest = Record<string, ManifestEntry>;

/** A film as the manifest records it: its display size, its length to the millisecond, its frame rate. */
export function filmFacts({ width, height, duration, fps }: Film): Film {
  return { width, height, duration: Math.round(duration * 1000) / 1000, ...(fps ? { fps } : {}) };
}

/** A fingerprint of how an output is made and of each input's path and content (not mtimes, which a checkout sets). */
export function entryKey(recipe: string, inputs: readonly (readonly [path: string, hash: string])[]): string {
  return createHash("sha256")
    .update(JSON.stringify([recipe, inputs]))
    .digest("hex")
    .slice(0, 16);
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
export function decide(
  key: string | undefined,
  recorded: ManifestEntry | undefined,
  outputExists: boolean,
  force: boolean,
): Decision {
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

export async function readManifest(root: string): Promise<Manifest> {
  const file = path.join(root, MANIFEST);
  return existsSync(file) ? (JSON.parse(await readFile(file, "utf8")) as Manifest) : {};
}

export async function writeManifest(root: string, manifest: Manifest): Promise<void> {
  await mkdir(path.join(root, MEDIA_DIR), { recursive: true });
  const temporary = path.join(root, MEDIA_DIR, `${PARTIAL}manifest.json`);
  await writeFile(temporary, serializeManifest(manifest));
  await rename(temporary, path.join(root, MANIFEST));
}
