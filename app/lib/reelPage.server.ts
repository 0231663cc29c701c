import type { Reel } from "~/content/schema";

import { captionsOf, findArtist } from "./catalog";
import { type ReelChapter, reelChapters, startTime } from "./reelParts";

/** The reel's spots as chapters, each with its director. */
export const chaptersOf = (reel: Reel): ReelChapter[] => reelChapters(reel, (id) => findArtist("film", id));

/**
 * What a reel page's loader returns: the reel, its spots as chapters with their directors, its
 * captions (one track per language), and where a link's `?t=` starts it (0 for a missing or
 * unusable `t`: the page is always a 200).
 */
export function reelPageData(reel: Reel, request: Request) {
  const chapters = chaptersOf(reel);
  const start = startTime(new URL(request.url).searchParams.get("t"), reel.duration);
  return { reel, chapters, captions: captionsOf(reel.slug), start };
}
