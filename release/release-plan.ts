/**
 * A release's plan, worked out once while it is built and carried to its switch and its purge: its
 * kind (content only, or code too), whether the builds of the release serving are kept (only its
 * content compiled), and the pages the cache in front drops. The two releases' pages files are
 * read once, here, for both of the last two.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";

import { EVERYTHING } from "#model/cache-ban.ts";
import { isContentFile } from "#model/content-files.ts";
import {
  BROWSER_ENTRIES,
  changedPages,
  PAGES_FILE,
  type PagesFile,
  parsePagesFile,
  sameEntries,
} from "#model/content-pages.ts";

/** What a release changed: only content and media (a Varnish in front loses only those pages), or code too. */
export type ReleaseKind = "content" | "full";

/** What a release changed, for the cache: the URL patterns to ban (EVERYTHING for every page) and the pages to fetch again after. */
export interface PageChange {
  banned: string[];
  warm: string[];
}

export interface ReleasePlan {
  kind: ReleaseKind;
  /** Whether the builds, server and browser, are the release serving's, copied beside the content compiled. */
  keepsBuilds: boolean;
  /** What the cache in front drops once the release serves. */
  drop: PageChange;
}

/** Files a content-only commit may change beside the content: what the media build and publishing record, and the media. */
const MEDIA_FILES = /^(media\/(manifest|sources)\.json|public\/(images|videos)\/.+)$/;

/** A commit's kind, from the files it changed since the release serving (none serving: full). */
export function releaseKind(changed: readonly string[] | undefined): ReleaseKind {
  if (changed === undefined) return "full";
  return changed.every((file) => isContentFile(file) || MEDIA_FILES.test(file)) ? "content" : "full";
}

const EVERY_PAGE: PageChange = { banned: [EVERYTHING], warm: [] };

/** A release of code: built whole, every page dropped. */
export const FULL_PLAN: ReleasePlan = { kind: "full", keepsBuilds: false, drop: EVERY_PAGE };

/**
 * A content-only release's plan, from the pages files of the release serving (`before`) and of its
 * own compiled content (`after`): the builds kept when the browser's part of the content is as
 * before; the pages dropped those its content shows on, or every page when either file is missing.
 */
export function contentPlan(before: PagesFile | undefined, after: PagesFile | undefined): ReleasePlan {
  const keepsBuilds = before !== undefined && after !== undefined && sameEntries(before, after, BROWSER_ENTRIES);
  const change = after ? changedPages(before, after) : { everything: true as const };
  const drop = change.everything ? EVERY_PAGE : { banned: change.pages, warm: change.warm };
  return { kind: "content", keepsBuilds, drop };
}

/** A release's pages file, written by its content build; undefined when it has none or it cannot be read. */
export async function readPagesFile(folder: string): Promise<PagesFile | undefined> {
  return readFile(path.join(folder, PAGES_FILE), "utf8").then(parsePagesFile, () => undefined);
}
