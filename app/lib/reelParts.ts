/**
 * A reel's parts: the spots it is cut from as chapters (with their directors), links to a moment
 * (`/{slug}?t=SECONDS`), the chapters WebVTT file, the described picture and where its seek-bar
 * thumbnails live. Pure functions, shared by the loaders, the reel components, the chapters and
 * descriptions routes, the JSON-LD and the media script.
 */
import type { Cue } from "./captions";

/** One spot of a reel as the pages show it: the content's spot with its end and its director. */
export interface ReelChapter {
  /** Seconds from the reel's start. */
  start: number;
  /** Where the next spot starts, or the reel's end. */
  end: number;
  title: string;
  client: string;
  director: { name: string; url: string };
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
export function reelChapters(reel: ReelTimeline, directorOf: (id: string) => { name: string; url: string } | undefined): ReelChapter[] {
  return reel.spots.map((spot, index) => {
    const director = directorOf(spot.artist);
    if (!director) throw new Error(`spot "${spot.title}": no film artist "${spot.artist}"`);
    const end = reel.spots[index + 1]?.start ?? reel.duration;
    const chapter: ReelChapter = { start: spot.start, end, title: spot.title, client: spot.client, director: { name: director.name, url: director.url } };
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

/** 6 → "00:00:06.000": a WebVTT timestamp. */
export function vttTimestamp(seconds: number): string {
  const millis = Math.round(seconds * 1000);
  const part = (value: number, digits = 2) => String(value).padStart(digits, "0");
  const hours = Math.floor(millis / 3_600_000);
  const minutes = Math.floor(millis / 60_000) % 60;
  const secs = Math.floor(millis / 1000) % 60;
  return `${part(hours)}:${part(minutes)}:${part(secs)}.${part(millis % 1000, 3)}`;
}

/**
 * A cue's text is a run of lines that may not contain "-->" nor a blank line; "&" and "<" start
 * markup. Content text is plain, so it is escaped as WebVTT asks.
 */
function vttText(text: string): string {
  return text.replace(/\s+/g, " ").replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll("-->", "--&gt;");
}

/** The WebVTT chapters file of a reel: one cue per spot, named by `chapterLabel`. */
export function chaptersVtt(chapters: readonly ReelChapter[]): string {
  const cues = chapters.map(
    (chapter, index) => `${index + 1}\n${vttTimestamp(chapter.start)} --> ${vttTimestamp(chapter.end)}\n${vttText(chapterLabel(chapter))}`,
  );
  return `WEBVTT\n\n${cues.join("\n\n")}\n`;
}

/**
 * The described picture: one cue per spot, for the whole spot, saying what it is and who made it,
 * then what is seen where the content says so: "Golden Hour for Citrine Cosmetics, directed by
 * Juno Adeyemi. A dancer crosses a rooftop at dusk."
 */
export function describedCues(chapters: readonly ReelChapter[]): Cue[] {
  return chapters.map((chapter) => ({
    start: chapter.start,
    end: chapter.end,
    text: vttText(`${chapter.title} for ${chapter.client}, directed by ${chapter.director.name}.${chapter.description ? ` ${chapter.description}` : ""}`),
  }));
}

/** Where a reel's chapters file is served (app/routes/reels.$slug.chapters[.]vtt.ts). */
export const chaptersTrack = (slug: string): string => `/reels/${slug}/chapters.vtt`;

/**
 * The link to a moment of a reel, in whole seconds; `?t=0` too, so every spot's link (and every
 * Clip's url, as search engines ask) names its moment.
 */
export const momentPath = (slug: string, seconds: number): string => `/${slug}?t=${Math.floor(seconds)}`;

/**
 * Where a reel starts, from a link's `?t=` or `#t=` (seconds; a media fragment's `t=12,20` or
 * `t=npt:12` reads as 12). Anything that is not a moment of the reel (missing, not a number,
 * negative, at or past the end, enormous) starts it from the beginning: a shared link never fails.
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

/** The seek-bar thumbnails: one frame every `interval` seconds, `width`×`height`, in one sprite. */
export const SEEK_THUMBNAILS = { interval: 2, width: 160, height: 90, columns: 5 } as const;

/**
 * A reel's seek-bar thumbnails, made by `npm run media` from its MP4: the sprite (WebP) and its
 * WebVTT index, whose cues name a cell of the sprite as `{sprite}#xywh=x,y,w,h`.
 */
export function seekThumbnails(slug: string): { sprite: string; index: string } {
  return { sprite: `/images/reels/${slug}-seek.webp`, index: `/images/reels/${slug}-seek.vtt` };
}
