import type { Reel } from "~/content/types";

import { type CaptionTrack, plainText } from "./captions";
import { captionsOf, findArtist } from "./catalog";
import { describedCues, type ReelChapter, reelChapters, startTime } from "./reelParts";

/** The reel's spots as chapters, each with its director. */
export const chaptersOf = (reel: Reel): ReelChapter[] => reelChapters(reel, (id) => findArtist("film", id));

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
 * What a reel page's loader returns: the reel, its spots as chapters with their directors, its
 * captions languages, its transcript, and where a link's `?t=` starts it (0 for a missing or
 * unusable `t`: the page is always a 200).
 */
export function reelPageData(reel: Reel, request: Request) {
  const chapters = chaptersOf(reel);
  const captions = captionsOf(reel.slug);
  const start = startTime(new URL(request.url).searchParams.get("t"), reel.duration);
  return {
    reel,
    chapters,
    captions: captions.map(({ lang, label }) => ({ lang, label })),
    transcript: transcriptOf(chapters, captions),
    start,
  };
}
