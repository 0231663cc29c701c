/**
 * What is published: every file an output in media/manifest.json names (its key is the site path:
 * "/images/x.jpg" → public/images/x.jpg), an HLS playlist naming the files it lists (the master,
 * each rung's index.m3u8, their segments). Object key = prefix + site path without its "/".
 */
import { readFile, stat } from "node:fs/promises";
import path from "node:path";

import { playlistUris } from "#model/hls.ts";
import { MANIFEST, type Manifest } from "#media-build/manifest.ts";

/** One file an output names. */
export interface MediaFile {
  /** Its site path, "/videos/reels/x/540p/segment_000.ts". */
  site: string;
  /** public/… under the root. */
  file: string;
}

/** A site path's file under public/, or undefined when the path would leave public/. */
function localFile(root: string, site: string): string | undefined {
  if (!site.startsWith("/") || site.includes("\\")) return undefined;
  const parts = site.slice(1).split("/");
  if (parts.some((part) => part === "" || part === "." || part === "..")) return undefined;
  return path.join(root, "public", ...parts);
}

/** A playlist's URI as a site path; undefined for one on another host (absolute URL). */
function resolveUri(playlist: string, uri: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith("//")) return undefined;
  const site = uri.startsWith("/") ? uri : path.posix.join(path.posix.dirname(playlist), uri);
  return path.posix.normalize(site.split(/[?#]/)[0]);
}

/** media/manifest.json; an error (one line) when it is missing, unreadable or empty. */
async function readPublishedManifest(root: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(path.join(root, MANIFEST), "utf8");
  } catch {
    throw new Error(`${MANIFEST} not found under ${root}: run npm run media first`);
  }
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch (error) {
    throw new Error(`${MANIFEST} is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (
    typeof manifest !== "object" ||
    manifest === null ||
    Array.isArray(manifest) ||
    Object.keys(manifest).length === 0
  ) {
    throw new Error(`${MANIFEST} names no outputs: nothing to publish`);
  }
  return manifest as Manifest;
}

/**
 * Every file the manifest's outputs name, sorted by site path, and those named but missing
 * locally (site paths; for a playlist that is missing, the files it would list are unknown).
 */
export async function mediaFiles(root: string): Promise<{ files: MediaFile[]; missing: string[] }> {
  const manifest = await readPublishedManifest(root);
  const files = new Map<string, MediaFile>();
  const missing = new Set<string>();
  const add = async (site: string): Promise<void> => {
    if (files.has(site) || missing.has(site)) return;
    const file = localFile(root, site);
    const found =
      file &&
      (await stat(file).then(
        (info) => info.isFile(),
        () => false,
      ));
    if (!file || !found) {
      missing.add(site);
      return;
    }
    files.set(site, { site, file });
    if (site.endsWith(".m3u8")) {
      for (const uri of playlistUris(await readFile(file, "utf8"))) {
        const named = resolveUri(site, uri);
        if (named) await add(named);
      }
    }
  };
  for (const site of Object.keys(manifest)) await add(site);
  const bySite = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return { files: [...files.values()].sort((a, b) => bySite(a.site, b.site)), missing: [...missing].sort(bySite) };
}

/** The object key of a site path. */
export const keyOf = (prefix: string, site: string): string => `${prefix}${site.slice(1)}`;
