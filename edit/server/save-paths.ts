/**
 * The one rule for which files a save may write (issue 55): the content's own files as the model lays
 * them out (model/content-files.ts), and the uploads the screen files from there. It guards every
 * path that reaches the disk or git: applySave's write, the team service's staleness check and its
 * kept-aside branch, and every commit (git-store.ts asks `mayLand`). A path is taken only as
 * written, in normal form: git and the file system would collapse `..`, `./` or `//` into another
 * file than the one checked, and a symbolic link on the way would write through it elsewhere.
 */
import { lstatSync } from "node:fs";
import path from "node:path";

import { isContentFile, isSlug } from "#model/content-files.ts";
import { MANIFEST } from "#media-build/manifest.ts";
import { SOURCES } from "#media-publish/source-list.ts";
import { readCaptionsUploadName, readSourceUploadName } from "#edit/upload-names.ts";
import { UPLOADS_DIR } from "#edit/upload-rules.ts";

/** Whether `file` is written as one name for one file: relative, `/`-separated, no empty, `.` or `..` part, no control character. */
function isNormalForm(file: string): boolean {
  // eslint-disable-next-line no-control-regex -- a control character has no business in a file's name
  if (file === "" || file.includes("\\") || /[\x00-\x1f\x7f]/.test(file)) return false;
  return file.split("/").every((part) => part !== "" && part !== "." && part !== "..");
}

/** An upload the screen saves: media/.uploads/{name}, or media/.uploads/{entry}/{name}, named by edit/upload-names.ts. */
function isUpload(file: string): boolean {
  if (!file.startsWith(`${UPLOADS_DIR}/`)) return false;
  const parts = file.slice(UPLOADS_DIR.length + 1).split("/");
  const name = parts.at(-1) ?? "";
  const named = readSourceUploadName(name) !== undefined || readCaptionsUploadName(name) !== undefined;
  return named && (parts.length === 1 || (parts.length === 2 && isSlug(parts[0])));
}

/** The first symbolic link at or above `file` inside `root`, if any (root-relative). */
function linkOnTheWay(root: string, file: string): string | undefined {
  const parts = file.split("/");
  for (let depth = 1; depth <= parts.length; depth++) {
    const at = parts.slice(0, depth).join("/");
    try {
      if (lstatSync(path.join(root, at)).isSymbolicLink()) return at;
    } catch {
      // Not there yet: nothing below it can be a link either.
      return undefined;
    }
  }
  return undefined;
}

/** Why `file` may not be written by a save in the project at `root`, or undefined if it may. */
export function savePathProblem(root: string, file: string): string | undefined {
  if (!isNormalForm(file)) return `${JSON.stringify(file)}: not a path in normal form`;
  if (!isContentFile(file) && !isUpload(file)) return `${file}: not a file the screen saves`;
  const link = linkOnTheWay(root, file);
  return link === undefined ? undefined : `${file}: ${link} is a symbolic link`;
}

/** Every file a save writes or deletes that the rule refuses, one line each naming it. */
export function savePathProblems(root: string, save: { additions: { path: string }[]; deletions: { path: string }[] }) {
  return [...save.additions, ...save.deletions].flatMap(({ path: file }) => savePathProblem(root, file) ?? []);
}

/**
 * What a commit may hold: the content's files, and the media build's record of what it made from
 * them (the manifest; with no bucket, the outputs under public/ too, which `outputs` says), and the
 * list of the sources kept in the bucket (media/sources.json).
 */
export function mayLand(file: string, { outputs }: { outputs: boolean }): boolean {
  if (!isNormalForm(file)) return false;
  if (isContentFile(file) || file === MANIFEST || file === SOURCES) return true;
  return outputs && (file.startsWith("public/images/") || file.startsWith("public/videos/"));
}
