/**
 * A reel's timeline: the spots it is cut from as chapters (with their directors), and its moments
 * as a visitor reads them and links to them (`/{slug}?t=SECONDS`).
 */

/** One spot of a reel as the pages show it: the content's spot with its end and its director. */
export interface ReelChapter {
  /** Seconds from the reel's start. */
  start: number;
  /** Where the next spot starts, or the reel's end. */
  end: number;
  title: string;
  client: string;
  director: { name: string; url: string };
  /** The director's id (the content spot's `artist`), which a play's progress names (app/analytics/). */
  artist: string;
  /** What is seen, in a sentence, for visitors who cannot see it (optional). */
  description?: string;
}

/** What `reelChapters` needs of a reel (its content entry). */
interface ReelTimeline {
  duration: number;
  spots: readonly { start: number; artist: string; client: string; title: string; description?: string }[];
}

/**
 * The reel's spots as chapters, each running until the next one starts. `directorOf` finds a
 * spot's director by id; the content check guarantees it exists (a missing one is a build error).
 */
export function reelChapters(
  reel: ReelTimeline,
  directorOf: (id: string) => { name: string; url: string } | undefined,
): ReelChapter[] {
  return reel.spots.map((spot, index) => {
    const director = directorOf(spot.artist);
    if (!director) throw new Error(`spot "${spot.title}": no director "${spot.artist}"`);
    const end = reel.spots[index + 1]?.start ?? reel.duration;
    const chapter: ReelChapter = {
      start: spot.start,
      end,
      title: spot.title,
      client: spot.client,
      director: { name: director.name, url: director.url },
      artist: spot.artist,
    };
    if (spot.description !== undefined) chapter.description = spot.description;
    return chapter;
  });
}

/** The chapter playing at `seconds` (the last one that started by then). */
export function chapterIndexAt(chapters: readonly ReelChapter[], seconds: number): number {
  let current = 0;
  chapters.forEach((chapter, index) => {
    if (chapter.start <= seconds) current = index;
  });
  return current;
}

/** How a chapter is named in the chapters menu, on its seek-bar marker and in search results. */
export const chapterLabel = (chapter: ReelChapter): string => `${chapter.title} — ${chapter.client}`;

/** 6 → "0:06", 75.4 → "1:15": a moment as a visitor reads it. */
export function clockTime(seconds: number): string {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * The link to a moment of a reel, in whole seconds; `?t=0` too, so every spot's link (and every
 * Clip's url, as search engines ask) names its moment.
 */
export const momentPath = (slug: string, seconds: number): string => `/${slug}?t=${Math.floor(seconds)}`;

/**
 * Where a reel starts, from a link's `?t=` or `#t=` (`t=12,20` and `t=npt:12` read as 12); anything
 * that is not a moment of the reel starts it from the beginning: a shared link never fails.
 */
export function startTime(value: string | null | undefined, duration: number): number {
  const match = /^(?:npt:)?(\d+(?:\.\d+)?)(?:,.*)?$/.exec(value?.trim() ?? "");
  const seconds = match ? Number(match[1]) : NaN;
  return Number.isFinite(seconds) && seconds >= 0 && seconds < duration ? seconds : 0;
}

/** `#t=12` (or `#foo&t=12`): the media-fragment form of a link to a moment. */
export function fragmentTime(hash: string): string | undefined {
  return new URLSearchParams(hash.replace(/^#/, "")).get("t") ?? undefined;
}
