import { cp, mkdir, mkdtemp, readdir, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.join(import.meta.dirname, "../..");

/** What a copy of the project needs to build and serve the site. */
export const PROJECT_SOURCES = [
  "app",
  "model",
  "content-check",
  "media-build",
  "media-publish",
  "lib",
  "analytics",
  "scripts",
  "server",
  "release",
  "tests/support",
  "package.json",
  "remix.config.js",
  "remix.env.d.ts",
  "tailwind.config.ts",
  "tsconfig.json",
];

/** What the site's repository holds besides PROJECT_SOURCES: the screen, the ignore rules, the lock file, the manifest. */
export const SITE_FILES = [
  ...PROJECT_SOURCES,
  "edit",
  ".gitignore",
  "package-lock.json",
  "media/manifest.json",
  "media/sources.json",
];
/** What of public/ stays in git once the media are in a bucket (docs/media.md, "Media on a CDN or object storage"). */
export const COMMITTED_PUBLIC = [
  "public/favicon.ico",
  "public/favicon.svg",
  "public/site.webmanifest",
  "public/images/icons",
];
/** docs/media.md's lines for .gitignore once the outputs are in a bucket. */
export const MEDIA_OUT_OF_GIT = "\n/public/videos/\n/public/images/*\n!/public/images/icons/\n";

/**
 * A copy of this project in a temporary folder, for a test, the bench or the roster script that
 * builds, runs or edits a project of its own without touching this checkout: `sources` (files and
 * folders) are copied, node_modules is linked, and public/ is rebuilt, without its build/, from
 * links to the real files. `editedMedia` names the folders under public/ (e.g. "images/reels")
 * that are real folders in the copy, each of its parents too, so files can be added and deleted there.
 */
export async function scratchProject(prefix: string, sources: string[], editedMedia: string[] = []): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  for (const file of sources) await cp(path.join(ROOT, file), path.join(dir, file), { recursive: true });
  await symlink(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  const realFolders = new Set(
    editedMedia.flatMap((folder) => folder.split("/").map((_, i, parts) => parts.slice(0, i + 1).join("/"))),
  );
  await linkPublic(path.join(ROOT, "public"), path.join(dir, "public"), "", realFolders);
  return dir;
}

async function linkPublic(from: string, to: string, relative: string, realFolders: Set<string>): Promise<void> {
  await mkdir(to);
  for (const entry of await readdir(from)) {
    const child = relative === "" ? entry : `${relative}/${entry}`;
    if (child === "build") continue;
    if (realFolders.has(child)) await linkPublic(path.join(from, entry), path.join(to, entry), child, realFolders);
    else await symlink(path.join(from, entry), path.join(to, entry));
  }
}
