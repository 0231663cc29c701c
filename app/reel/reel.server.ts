/** A reel as the server serves it: its page's one value, and its chapters and described picture as cues. */
import { captionsOf, findArtist } from "#app/lib/catalog.server.ts";
import type { Reel } from "#app/content/types.ts";
import { PAGE_LANGUAGE } from "#model/page-language.ts";

import { type CaptionTrack, inPageLanguageFirst, languageLabel } from "#model/cues/captions.ts";
import { freshText, scriptLines } from "#model/cues/cue-text.ts";
import { chapterLabel, type ReelChapter, reelChapters, startTime } from "./timeline.ts";
import { type Cue, escapeText, plainText } from "#model/cues/webvtt.ts";

/** The reel's spots as chapters, each with its director. */
export const chaptersOf = (reel: Reel): ReelChapter[] => reelChapters(reel, (id) => findArtist("directors", id));

/** The chapters track: one cue per spot, named by `chapterLabel`. */
export const chapterCues = (chapters: readonly ReelChapter[]): Cue[] =>
  chapters.map((chapter) => ({ start: chapter.start, end: chapter.end, text: escapeText(chapterLabel(chapter)) }));

/** The described picture, a cue per spot: "Golden Hour for Citrine Cosmetics, directed by Juno Adeyemi. A dancer…" */
export function describedCues(chapters: readonly ReelChapter[]): Cue[] {
  return chapters.map((chapter) => ({
    start: chapter.start,
    end: chapter.end,
    text: escapeText(
      `${chapter.title} for ${chapter.client}, directed by ${chapter.director.name}.${chapter.description ? ` ${chapter.description}` : ""}`,
    ),
  }));
}

/** One line of a reel's transcript: what is heard (a caption, by its speaker where named) or seen (the described picture). */
export interface TranscriptLine {
  start: number;
  text: string;
  seen: boolean;
  speaker?: string;
}

/** A reel's transcript in one language: its captions in that language with the described picture. */
export interface Transcript {
  /** The captions' language (the page's, for a reel without captions); the described picture is in the page's. */
  lang: string;
  label: string;
  lines: TranscriptLine[];
}

/**
 * The reel as a script in one language: the captions (a line per speaker, rolled-up lines once) and
 * the described picture in time order, what is seen first when both start together.
 */
export function transcriptOf(chapters: ReelChapter[], captions: CaptionTrack | undefined): Transcript {
  const seen = describedCues(chapters).map((cue) => ({ start: cue.start, text: plainText(cue.text), seen: true }));
  const cues = captions?.cues ?? [];
  const heard = cues.flatMap((cue, index) =>
    scriptLines(freshText(cue.text, cues[index - 1]?.text)).map((line) => ({ start: cue.start, ...line, seen: false })),
  );
  return {
    lang: captions?.lang ?? PAGE_LANGUAGE,
    label: captions?.label ?? languageLabel(PAGE_LANGUAGE),
    lines: [...seen, ...heard].sort((a, b) => a.start - b.start || Number(b.seen) - Number(a.seen)),
  };
}

/** A reel's page as one value: the reel, its chapters, captions, transcripts, and where `?t=` starts it. */
export function reelPage(reel: Reel, request: Request) {
  const chapters = chaptersOf(reel);
  const captions = captionsOf(reel.slug);
  return {
    ...reel,
    chapters,
    captions: captions.map(({ lang, label }) => ({ lang, label })),
    /** The first in the page's language where the captions have it; the others reachable from it. */
    transcripts:
      captions.length > 0
        ? inPageLanguageFirst(captions, PAGE_LANGUAGE).map((track) => transcriptOf(chapters, track))
        : [transcriptOf(chapters, undefined)],
    start: startTime(new URL(request.url).searchParams.get("t"), reel.duration),
  };
}

/** What a reel's page shows (see reelPage). */
export type ReelPageValue = ReturnType<typeof reelPage>;
