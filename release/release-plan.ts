/**
 * A release's plan, worked out once while it is built and carried to its switch and its purge: its
 * kind (content only, whose builds are the release serving's, only its content compiled; or code
 * too) and the pages the cache in front drops, from the two releases' pages files.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";

import { EVERYTHING } from "#model/cache-ban.ts";
import { isContentFile } from "#model/content-files.ts";
import { changedPages, PAGES_FILE, type PagesFile, parsePagesFile } from "#model/content-pages.ts";

/**
 * What a release changed: only content and media, or code too. Content only keeps the builds of the
 * release serving, as neither build holds any content (the server's imports its data at start,
 * remix.config.js; the browser's reads none, docs/decisions/0013-site-follows-a-branch.md), and a
 * Varnish in front loses only the pages it shows on.
 */
export type ReleaseKind = "content" | "full";

/** What a release changed, for the cache: the URL patterns to ban (EVERYTHING for every page) and the pages to fetch again after. */
export interface PageChange {
  banned: string[];
  warm: string[];
}

export interface ReleasePlan {
  kind: ReleaseKind;
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
export const FULL_PLAN: ReleasePlan = { kind: "full", drop: EVERY_PAGE };

/**
 * A content-only release's plan, from the pages files of the release serving (`before`) and of its
 * own compiled content (`after`): the pages dropped those its content shows on, or every page when
 * either file is missing.
 */
export function contentPlan(before: PagesFile | undefined, after: PagesFile | undefined): ReleasePlan {
  const change = after ? changedPages(before, after) : { everything: true as const };
  const drop = change.everything ? EVERY_PAGE : { banned: change.pages, warm: change.warm };
  return { kind: "content", drop };
}

/** A release's pages file, written by its content build; undefined when it has none or it cannot be read. */
export async function readPagesFile(folder: string): Promise<PagesFile | undefined> {
  return readFile(path.join(folder, PAGES_FILE), "utf8").then(parsePagesFile, () => undefined);
}
