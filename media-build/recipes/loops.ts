/**
 * Seamless loops (grid clips, work and reel thumbnails): a loop starts a little into the source and
 * crossfades its end into the moments before that start, so it runs without a visible jump.
 */
import { rateValue } from "#model/reel-frames.ts";
import { cover, framesAt } from "./frames.ts";
import type { Focus, Size, SourceInfo } from "./probe.ts";

const f = (value: number): string => value.toFixed(4);

export interface Loop {
  /** Where the loop starts in the source, and the length of the crossfade into it. */
  start: number;
  fade: number;
  /** The loop's length when the source is long enough. */
  seconds: number;
}

/** The loop's length in this source; shorter sources make shorter loops, down to a second. */
function loopSeconds(loop: Loop, info: SourceInfo): number {
  const seconds = Math.min(loop.seconds, info.duration - loop.start);
  if (seconds < 1) throw new Error(`too short: ${info.duration.toFixed(1)} s, needs at least ${loop.start + 1} s`);
  return seconds;
}

/** The filtergraph of a loop of input 0 at `size` and `rate`, cropped at `focus`: `[loop]`. */
export function loopGraph(loop: Loop, info: SourceInfo, size: Size, rate: string, focus?: Focus): string {
  // The end crossfades into the moments before the start: a loop starting sooner than its fade fades for shorter.
  const fade = Math.min(loop.fade, loop.start);
  if (fade * rateValue(rate) < 1)
    throw new Error(`the loop starts at ${loop.start} s: it needs a frame before its start to crossfade from`);
  return `[0:v]${framesAt(info, rate)},${cover(size, info, focus)},format=yuv420p[src];${seamlessLoop("src", "loop", rateValue(rate), loop.start, loopSeconds(loop, info), fade)}`;
}

/**
 * Cuts `[src]` down to `seconds` starting at `start` and crossfades its last `fade` seconds into
 * the `fade` seconds just before `start`, so the last frame flows into the first: a seamless loop
 * whose first frame is the source frame at `start`. Labelled `[out]`.
 */
function seamlessLoop(src: string, out: string, fps: number, start: number, seconds: number, fade: number): string {
  const frame = (s: number): number => Math.round(s * fps);
  return (
    `[${src}]split[loopa][loopb];` +
    `[loopa]trim=start_frame=${frame(start)}:end_frame=${frame(start + seconds)},setpts=PTS-STARTPTS[loopmain];` +
    `[loopb]trim=start_frame=${frame(start - fade)}:end_frame=${frame(start)},setpts=PTS-STARTPTS[looppre];` +
    `[loopmain][looppre]xfade=transition=fade:duration=${f(fade)}:offset=${f(seconds - fade)}[${out}]`
  );
}
