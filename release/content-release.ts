/**
 * What a content-only release (release-plan.ts's releaseKind "content") refuses before it compiles
 * anything: whoever can push content must not make the site serve a host's file or a page of their
 * own. Git records a symlink as mode 120000, read from the commit itself (git-mirror.ts), never
 * from the folder. Under public/, only the files the media build makes, by their extensions; and no
 * file larger than the media build makes.
 */
import path from "node:path";

import { MEDIA_KIND_ENTRIES } from "#model/media-kinds.ts";
import { mediaPaths } from "#model/media-paths.ts";

import type { ChangedFile } from "./git-mirror.ts";

const GiB = 1024 ** 3;

/**
 * The largest file a content release takes. The largest the media build makes is a reel's MP4, at
 * most 5 Mbit/s (model/reel-frames.ts's REEL_MP4), about 2.3 GB an hour at that peak and less in
 * practice: 2 GiB is a reel of about 50 minutes at the least. The editing service takes sources of up
 * to 20 GiB, but sources stay out of git (media/ holds only the manifest and the sources' list).
 */
export const MAX_CONTENT_FILE_BYTES = 2 * GiB;

/** Git's modes of files: a regular file, and one executable. A symlink is 120000, a submodule 160000. */
const FILE_MODES = new Set(["100644", "100755"]);
const DELETED = "000000";

/**
 * The extensions of what the media build writes under public/: each kind's file and its ladder's
 * modern copies, a reel's seek thumbnails' index, and its HLS segments (ffmpeg's MPEG-TS, `.ts`).
 */
export const MEDIA_EXTENSIONS: ReadonlySet<string> = new Set([
  ...MEDIA_KIND_ENTRIES.flatMap(([, row]) => [row.extension, ...(row.ladder?.formats ?? []).map((f) => `.${f}`)]),
  path.extname(mediaPaths.seekThumbnails("reel").index),
  ".ts",
]);

const sizeInGiB = (bytes: number) => `${(bytes / GiB).toFixed(1)} GiB`;

/** Why one changed file may not be in a content release, or undefined. */
function problemOf({ path: file, mode, size }: ChangedFile): string | undefined {
  if (mode === DELETED) return undefined;
  if (mode === "120000") return `${file}: a symlink; a content release takes files only`;
  if (!FILE_MODES.has(mode)) return `${file}: not a file (git mode ${mode}); a content release takes files only`;
  if (file.startsWith("public/") && !MEDIA_EXTENSIONS.has(path.extname(file).toLowerCase()))
    return `${file}: not a media file the site serves (${[...MEDIA_EXTENSIONS].join(" ")})`;
  if (size !== undefined && size > MAX_CONTENT_FILE_BYTES)
    return `${file}: ${sizeInGiB(size)}, over the ${sizeInGiB(MAX_CONTENT_FILE_BYTES)} a content release takes`;
  return undefined;
}

/** Why a content-only commit that changed `files` is refused: its first problem (and how many more); undefined when none. */
export function contentRefusal(files: readonly ChangedFile[]): string | undefined {
  const problems = files.flatMap((file) => problemOf(file) ?? []);
  if (problems.length === 0) return undefined;
  return problems.length === 1 ? problems[0] : `${problems[0]} (and ${problems.length - 1} more)`;
}
