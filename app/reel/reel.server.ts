/**
 * A reel as the server serves it: its page's value (the `$slug` loader's), and its chapters and
 * described picture as cues for their tracks.
 */
import { captionsOf, findArtist } from "~/lib/catalog";
import type { Reel } from "~/content/types";

import type { CaptionTrack } from "./captions";
import { chapterLabel, type ReelChapter, reelChapters, startTime } from "./timeline";
import { type Cue, escapeText, plainText } from "./webvtt";

/** The reel's spots as chapters, each with its director. */
export const chaptersOf = (reel: Reel): ReelChapter[] => reelChapters(reel, (id) => findArtist("film", id));

/** The chapters track: one cue per spot, named by `chapterLabel`. */
export const chapterCues = (chapters: readonly ReelChapter[]): Cue[] =>
  chapters.map((chapter) => ({ start: chapter.start, end: chapter.end, text: escapeText(chapterLabel(chapter)) }));

/**
 * The described picture: one cue per spot, for the whole spot, saying what it is and who made it,
 * then what is seen where the content says so: "Golden Hour for Citrine Cosmetics, directed by
 * Juno Adeyemi. A dancer crosses a rooftop at dusk."
 */
export function describedCues(chapters: readonly ReelChapter[]): Cue[] {
  return chapters.map((chapter) => ({
    start: chapter.start,
    end: chapter.end,
    text: escapeText(
      `${chapter.title} for ${chapter.client}, directed by ${chapter.director.name}.${chapter.description ? ` ${chapter.description}` : ""}`,
    ),
  }));
}

/** One line of a reel's transcript: what is heard (a caption) or seen (the described picture). */
export interface TranscriptLine {
  start: number;
  text: string;
  seen: boolean;
}

/**
 * The reel as text: the first language's captions and the described picture, in time order, as
 * plain text (what is seen first when both start together: it sets the scene for what is heard).
 */
export function transcriptOf(chapters: ReelChapter[], captions: CaptionTrack[]): TranscriptLine[] {
  const seen = describedCues(chapters).map((cue) => ({ start: cue.start, text: plainText(cue.text), seen: true }));
  const heard = (captions[0]?.cues ?? []).map((cue) => ({ start: cue.start, text: plainText(cue.text), seen: false }));
  return [...seen, ...heard].sort((a, b) => a.start - b.start || Number(b.seen) - Number(a.seen));
}

/**
 * A reel's page as one value: the reel, its spots as chapters with their directors, its captions
 * languages, its transcript, and where a link's `?t=` starts it (0 for a missing or unusable `t`:
 * the page is always a 200).
 */
export function reelPage(reel: Reel, request: Request) {
  const chapters = chaptersOf(reel);
  const captions = captionsOf(reel.slug);
  return {
    ...reel,
    chapters,
    captions: captions.map(({ lang, label }) => ({ lang, label })),
    transcript: transcriptOf(chapters, captions),
    start: startTime(new URL(request.url).searchParams.get("t"), reel.duration),
  };
}

/** What a reel's page shows (see reelPage). */
export type ReelPageValue = ReturnType<typeof reelPage>;
