/**
 * media/sources.json: each source published to the bucket (the films and photos staff gave, which
 * git does not hold) with its SHA-256 and length, committed so that any checkout can fetch them back.
 * Free of the AWS SDK: `npm run media` reads it before deciding whether to load the SDK at all.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

import { MEDIA_DIR } from "#model/media-paths.ts";
import { PARTIAL } from "#media-build/files.ts";
import { MANIFEST } from "#media-build/manifest.ts";
import { listSources } from "#media-build/sources.ts";

export const SOURCES = `${MEDIA_DIR}/sources.json`;

export interface SourceEntry {
  sha256: string;
  bytes: number;
}

/** By root-relative path, "media/artists/{id}/clip.mp4". */
export type SourceList = Record<string, SourceEntry>;

/** Where the sources lie in their bucket: beside the outputs' folders, under the same prefix. */
export const sourcesPrefix = (prefix: string): string => `${prefix}sources/`;

/** A source's object key: "media/{path}" → "{prefix}sources/{path}". */
export const sourceKey = (prefix: string, file: string): string =>
  `${sourcesPrefix(prefix)}${file.slice(MEDIA_DIR.length + 1)}`;

/**
 * Whether `file` may be a source: under media/, in normal form, in no hidden folder, and not one of
 * the build's records. The list comes from git, so a path out of media/ is never written.
 */
export function isSourcePath(file: string): boolean {
  const parts = file.split("/");
  return (
    parts.length > 1 &&
    parts[0] === MEDIA_DIR &&
    !file.includes("\\") &&
    parts.slice(1).every((part) => part !== "" && !part.startsWith(".")) &&
    file !== MANIFEST &&
    file !== SOURCES
  );
}

/** A path without its extension: two files of one base are one slot's source, the later replacing the other. */
export const baseOf = (file: string): string => file.replace(/\.[^./]+$/, "");

export async function readSourceList(root: string): Promise<SourceList> {
  const file = path.join(root, SOURCES);
  if (!existsSync(file)) return {};
  let list: unknown;
  try {
    list = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new Error(`${SOURCES} is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (typeof list !== "object" || list === null || Array.isArray(list)) throw new Error(`${SOURCES} is not an object`);
  for (const [source, entry] of Object.entries(list)) {
    const { sha256, bytes } = (entry ?? {}) as Partial<SourceEntry>;
    if (
      !isSourcePath(source) ||
      typeof sha256 !== "string" ||
      !/^[0-9a-f]{64}$/.test(sha256) ||
      !Number.isSafeInteger(bytes)
    )
      throw new Error(
        `${SOURCES}: ${JSON.stringify(source)} is not a source under ${MEDIA_DIR}/ with its sha256 and bytes`,
      );
  }
  return list as SourceList;
}

/** As committed: one source per line, sorted, so a change shows as a small diff (as media/manifest.json). */
export function serializeSourceList(list: SourceList): string {
  const lines = Object.keys(list)
    .sort()
    .map(
      (file) => `  ${JSON.stringify(file)}: ${JSON.stringify({ sha256: list[file].sha256, bytes: list[file].bytes })}`,
    );
  return lines.length === 0 ? "{}\n" : `{\n${lines.join(",\n")}\n}\n`;
}

export async function writeSourceList(root: string, list: SourceList): Promise<void> {
  await mkdir(path.join(root, MEDIA_DIR), { recursive: true });
  const temporary = path.join(root, MEDIA_DIR, `${PARTIAL}sources.json`);
  await writeFile(temporary, serializeSourceList(list));
  await rename(temporary, path.join(root, SOURCES));
}

/** The sources in media/ here (root-relative), but the build's records. */
export const localSources = async (root: string): Promise<string[]> => (await listSources(root)).filter(isSourcePath);

/**
 * The listed sources this working copy lacks, sorted: neither the file nor another of its base
 * (a replacement of another type, whose listed predecessor would make two sources for one slot).
 */
export async function lackingSources(root: string, list: SourceList): Promise<string[]> {
  const here = new Set((await localSources(root)).map(baseOf));
  return Object.keys(list)
    .filter((file) => !here.has(baseOf(file)))
    .sort();
}
