/**
 * How much of a film a play covered, from the player's `played` ranges: the figures a `progress`
 * event carries (model/analytics-event.ts). Pure, so the arithmetic is tested on its own.
 */
import { TWENTIETHS } from "#model/analytics-event.ts";

/** A stretch of the film played, in seconds: [start, end]. */
export type Range = readonly [start: number, end: number];

/** A spot of the reel (a chapter: app/reel/timeline.ts) and whose it is. */
export interface Spot {
  start: number;
  end: number;
  artist: string;
}

/** The ranges sorted and merged, so an overlap counts once; empty or backward ones left out. */
export function mergeRanges(ranges: readonly Range[]): Range[] {
  const merged: [number, number][] = [];
  for (const [start, end] of [...ranges].filter(([start, end]) => end > start).sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Seconds played, overlaps counted once. */
export function playedSeconds(ranges: readonly Range[]): number {
  return mergeRanges(ranges).reduce((sum, [start, end]) => sum + end - start, 0);
}

/** Seconds of `from`..`to` inside `merged` (mergeRanges' result). */
function secondsWithin(merged: readonly Range[], from: number, to: number): number {
  return merged.reduce((sum, [start, end]) => sum + Math.max(0, Math.min(end, to) - Math.max(start, from)), 0);
}

/**
 * Whether at least half of `from`..`to` lies in `merged`. A stretch of no length is never played;
 * the nanosecond's slack keeps an exact half exact through float division (30 / 20 × 3 …).
 */
function mostlyPlayed(merged: readonly Range[], from: number, to: number): boolean {
  return to > from && 2 * secondsWithin(merged, from, to) >= to - from - 1e-9;
}

/** TWENTIETHS "0"s or "1"s: "1" where at least half of that twentieth of the film was played. */
export function twentieths(ranges: readonly Range[], duration: number): string {
  const merged = mergeRanges(ranges);
  return Array.from({ length: TWENTIETHS }, (_, part) =>
    mostlyPlayed(merged, (duration * part) / TWENTIETHS, (duration * (part + 1)) / TWENTIETHS) ? "1" : "0",
  ).join("");
}

/** The artists with at least half of one of their spots played: sorted, each once, comma-joined. */
export function watchedSpots(ranges: readonly Range[], spots: readonly Spot[]): string {
  const merged = mergeRanges(ranges);
  const artists = spots.filter((spot) => mostlyPlayed(merged, spot.start, spot.end)).map((spot) => spot.artist);
  return [...new Set(artists)].sort().join(",");
}
