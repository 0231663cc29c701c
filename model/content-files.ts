/**
 * Where the content's files are and how a reel's captions files are named: the content check reads
 * them by these rules, the editing screen writes them by the same.
 */
import type { CaptionFormat } from "./cues/captions.ts";

/** The folder of the content's files, relative to the repository root. */
export const CONTENT_DIR = "app/content";

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
