/**
 * The pages file build.ts writes beside the content's module (PAGES_FILE, model/content-pages.ts):
 * each part of the content with the pages that show it (model/content-pages.ts) and the SHA-256 of
 * its value, so that the release after this one can tell which pages its content changed without
 * this release's content itself.
 */
import { sha256Text } from "#lib/sha256.ts";
import type { Content } from "#model/content.ts";
import { contentEntries, type PagesFile } from "#model/content-pages.ts";

/** The pages file of `content`: its entries, each value replaced by the SHA-256 (hex) of its JSON. */
export function pagesFile(content: Content): PagesFile {
  const entries = contentEntries(content).map(({ key, value, pages, warm }) => ({
    key,
    hash: sha256Text(JSON.stringify(value)),
    pages,
    warm,
  }));
  return { version: 1, entries };
}

/** The file's text: indented, so a diff of two releases' files reads entry by entry. */
export const pagesFileText = (content: Content): string => `${JSON.stringify(pagesFile(content), null, 2)}\n`;
