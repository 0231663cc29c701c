/**
 * After a release, the Varnish in front (SITE_FOLLOW_PURGE) drops what it changed, and fetches it
 * again so that the next visitor finds it warm: for a content-only commit, the pages its content
 * shows on (model/content-pages.ts, from the two releases' generated.pages.json); for code, every
 * page. One BAN over the objects' URLs (deploy/varnish/default.vcl), from the machine itself.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";

import { changedPages, type PagesFile, parsePagesFile } from "#model/content-pages.ts";
import { mapLimited } from "#lib/pool.ts";

import type { BuiltRelease } from "./build-release.ts";

const PAGES_FILE = path.join("app", "content", "generated.pages.json");

/** The encodings Varnish keeps a page in (its vcl_recv normalises Accept-Encoding to these). */
const ENCODINGS = ["br", "gzip"];

/** A release's pages file, written by its content build; undefined when it has none or it cannot be read. */
export async function pagesFile(folder: string): Promise<PagesFile | undefined> {
  return readFile(path.join(folder, PAGES_FILE), "utf8").then(parsePagesFile, () => undefined);
}

export interface PurgeReport {
  /** The URL patterns banned (`^/` for everything). */
  banned: string[];
  /** Pages fetched again through Varnish. */
  warmed: number;
}

/** Bans what `release` changed since the release in `previousFolder`, then fetches its pages again. */
export async function purgeChangedPages(
  varnish: string,
  previousFolder: string,
  release: Pick<BuiltRelease, "folder" | "kind">,
): Promise<PurgeReport> {
  const after = release.kind === "content" ? await pagesFile(release.folder) : undefined;
  const change = after ? changedPages(await pagesFile(previousFolder), after) : { everything: true as const };
  const banned = change.everything ? ["^/"] : change.pages;
  if (banned.length === 0) return { banned, warmed: 0 };
  const response = await fetch(`${varnish}/`, {
    method: "BAN",
    headers: { "X-Ban-Url": banned.map((pattern) => `(${pattern})`).join("|") },
  });
  if (!response.ok) throw new Error(`Varnish refused the ban: ${response.status} ${(await response.text()).trim()}`);
  const warm = change.everything ? [] : change.warm;
  const fetches = warm.flatMap((page) => ENCODINGS.map((encoding) => ({ page, encoding })));
  await mapLimited(fetches, 4, ({ page, encoding }) =>
    fetch(`${varnish}${page}`, { headers: { "Accept-Encoding": encoding } }).then((answer) => answer.arrayBuffer()),
  );
  return { banned, warmed: warm.length };
}
