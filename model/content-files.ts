/**
 * Where the content's files are and how a reel's captions files are named: the content check reads
 * them by these rules, the editing screen writes them by the same.
 */
import type { CaptionFormat } from "./cues/captions.ts";

/** The folder of the content's files, relative to the repository root. */
export const CONTENT_DIR = "app/content";

/** A URL slug, an entry's file name: lowercase letters and digits in words joined by single hyphens. */
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The longest slug an event, or a shortlist link, carries (a reel's, an artist's id). */
export const MAX_SLUG_LENGTH = 100;

/** Whether `value` is a slug an event may carry: SLUG's shape, at most MAX_SLUG_LENGTH characters. */
export const isSlug = (value: unknown): value is string =>
  typeof value === "string" && value.length <= MAX_SLUG_LENGTH && SLUG.test(value);

/** What a Markdown file's body becomes. */
export type ContentBody =
  { field: "biography" | "description"; as: "text" } | { field: "paragraphs"; as: "paragraphs" };

/** A file of the content, or a folder of entries (`{slug}.md`), under CONTENT_DIR; `at` is its place in the content. */
export interface ContentLayout {
  path: string;
  at: string[];
  body?: ContentBody;
}

export const SINGLE_FILES: readonly ContentLayout[] = [
  { path: "biography.md", at: ["biography"], body: { field: "paragraphs", as: "paragraphs" } },
  { path: "clients.yaml", at: ["clients"] },
  { path: "contact.yaml", at: ["contact"] },
  { path: "site.yaml", at: ["site"] },
];

export const FOLDERS: readonly ContentLayout[] = [
  { path: "artists/directors", at: ["artists", "directors"], body: { field: "biography", as: "text" } },
  { path: "artists/photographers", at: ["artists", "photographers"], body: { field: "biography", as: "text" } },
  { path: "reels", at: ["reels"], body: { field: "description", as: "text" } },
];

/** A BCP 47 language tag as a captions file's name gives it: "en", "fr", "pt-BR". */
export const LANGUAGE_TAG = /[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*/;

const WHOLE_TAG = new RegExp(`^(?:${LANGUAGE_TAG.source})$`);

export const isLanguageTag = (tag: string): boolean => WHOLE_TAG.test(tag);

/** A reel's captions file in a language, root-relative: app/content/reels/{slug}.{language}.{vtt|srt} (docs/reels.md). */
export const captionsPath = (slug: string, lang: string, format: CaptionFormat): string =>
  `${CONTENT_DIR}/reels/${slug}.${lang}.${format}`;

const CAPTIONS_FILE_NAME = new RegExp(`^([a-z0-9]+(?:-[a-z0-9]+)*)\\.(${LANGUAGE_TAG.source})\\.(vtt|srt)$`);

/** What a file's name in reels/ says if it is captions ("reel-2020.en.vtt"): its reel, language and format. */
export function readCaptionsFileName(name: string): { slug: string; lang: string; format: CaptionFormat } | undefined {
  const match = CAPTIONS_FILE_NAME.exec(name);
  if (!match) return undefined;
  const [, slug, lang, format] = match;
  return { slug, lang, format: format as CaptionFormat };
}

/**
 * Whether a root-relative path is one of the content's files as laid out above: a single file, an
 * entry of a folder (`{slug}.md`), or a reel's captions. Never the code beside them (index.ts), and
 * only in normal form: the path is compared as written, so `..`, `./` or `//` never match.
 */
export function isContentFile(file: string): boolean {
  if (!file.startsWith(`${CONTENT_DIR}/`)) return false;
  const inside = file.slice(CONTENT_DIR.length + 1);
  if (SINGLE_FILES.some((single) => single.path === inside)) return true;
  const slash = inside.lastIndexOf("/");
  const folder = FOLDERS.find((candidate) => candidate.path === inside.slice(0, slash));
  if (!folder) return false;
  const name = inside.slice(slash + 1);
  if (name.endsWith(".md")) return isSlug(name.slice(0, -".md".length));
  return folder.path === "reels" && readCaptionsFileName(name) !== undefined;
}
