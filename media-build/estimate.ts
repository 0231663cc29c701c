/** How long a run will take, and how far each encode is. */
import type { EncodeProgress } from "#media-build/recipes/ffmpeg.ts";
import type { SourceInfo } from "#media-build/recipes/probe.ts";
import { type Output, progressLines } from "#lib/progress.ts";
import type { Job, OutputKind } from "./kinds.ts";
import { CONCURRENCY } from "./run-options.ts";

/** On a terminal, an encode shows its progress once it has run this long (seconds): short ones would only flicker. */
const STATUS_AFTER = 2;

/** "1 file", "12 files". */
export const fileCount = (count: number): string => (count === 1 ? "1 file" : `${count} files`);

/** "about 35 s", "about 4 min". */
export function roughly(seconds: number): string {
  return seconds < 90 ? `about ${Math.max(1, Math.round(seconds))} s` : `about ${Math.round(seconds / 60)} min`;
}

/** `  public/x/master.m3u8: 42% (12.6 s of 30.0 s), about 35 s left`, `elapsed` seconds in. */
function progressLine({ display, seconds, total }: EncodeProgress, elapsed: number): string {
  if (!total) return `  ${display}: ${seconds.toFixed(1)} s of film made in ${roughly(elapsed)}`;
  const done = Math.min(seconds / total, 1);
  const left = done > 0 ? `${roughly((elapsed * (1 - done)) / done)} left` : "starting";
  return `  ${display}: ${Math.floor(done * 100)}% (${seconds.toFixed(1)} s of ${total.toFixed(1)} s), ${left}`;
}

/** The listener of the run's encodes (encodeProgress): each running one's progress line. */
export function encodeReporter(output: Output & { progressEvery?: number }): {
  listener(progress: EncodeProgress): void;
  stop(): void;
} {
  const lines = progressLines(output, { after: STATUS_AFTER });
  return {
    listener: (progress) =>
      progress.ended
        ? lines.end(progress.display)
        : lines.update(progress.display, (elapsed) => progressLine(progress, elapsed)),
    stop: lines.stop,
  };
}

/**
 * Rough seconds of work for one output of a kind (per second of film for the reels), measured one
 * recipe at a time on the 2-core machine of docs/benchmarks.md on 2026-11-25, with the 30 s 1080p
 * reel-2021.mp4 and a 6000×4000 JPEG. Other kinds take a fraction of a second: DEFAULT_COST.
 */
const COST: Partial<Record<OutputKind, number | { perSecond: number }>> = {
  reelHls: { perSecond: 5.2 },
  reelMp4: { perSecond: 2.4 },
  directorClip: 2.4,
  reelThumb: 2.2,
  directorWork: 1.1,
  seekSprite: 4.4,
  ladderAvif: 0.5,
  ladderWebp: 0.1,
  ladderJpeg: 0.03,
  preview: 0.1,
};
const DEFAULT_COST = 0.3;

/** Rough seconds of work to make `job`'s output (`info`: its source's). */
export function costOf(job: Job, info?: SourceInfo): number {
  const cost = COST[job.kind] ?? DEFAULT_COST;
  return typeof cost === "number" ? cost : cost.perSecond * (info?.duration ?? 0);
}

/** Roughly how long tasks of these costs take, CONCURRENCY at a time, each started by the first worker free. */
export function wallTime(costs: number[]): number {
  const workers = Array.from({ length: CONCURRENCY }, () => 0);
  for (const cost of costs) workers[workers.indexOf(Math.min(...workers))] += cost;
  return Math.max(...workers);
}
