/** Every track URL of a reel page: those of the app/routes/reels.$slug.* routes; and the seek-bar thumbnails' cells. */
import { PAGE_LANGUAGE } from "#model/page-language.ts";

/** Where a reel's chapters file is served (app/routes/reels.$slug.chapters[.]vtt.ts). */
export const chaptersTrack = (slug: string): string => `/reels/${slug}/chapters.vtt`;

/** Where a reel's captions in `lang` are served (app/routes/reels.$slug.captions.$.ts). */
export const captionsTrack = (slug: string, lang: string): string => `/reels/${slug}/captions/${lang}.vtt`;

/** Where a reel's described picture is served (app/routes/reels.$slug.descriptions[.]vtt.ts). */
export const descriptionsTrack = (slug: string): string => `/reels/${slug}/descriptions.vtt`;

/** The `<track>`s of a reel's `<video>`: its chapters, a captions track per language, its described picture. */
export function reelTracks(slug: string, captions: readonly { lang: string; label: string }[]) {
  return [
    { kind: "chapters", src: chaptersTrack(slug), srcLang: PAGE_LANGUAGE, label: "Spots" },
    ...captions.map(({ lang, label }) => ({ kind: "captions", src: captionsTrack(slug, lang), srcLang: lang, label })),
    { kind: "descriptions", src: descriptionsTrack(slug), srcLang: PAGE_LANGUAGE, label: "Described picture" },
  ];
}

/** The seek-bar thumbnails (their files: mediaPaths.seekThumbnails): one frame every `interval` seconds, `width`×`height`, in one sprite. */
export const SEEK_THUMBNAILS = { interval: 2, width: 160, height: 90, columns: 5 } as const;
