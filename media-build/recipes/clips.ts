/** Directors' grid clips and film work thumbnails: looping, cropped to fill their tiles; a loop's still is its first frame. */
import { writeFile } from "node:fs/promises";

import { MEDIA_KINDS } from "#model/media-kinds.ts";
import { halveRate, rateValue } from "#model/reel-frames.ts";
import { BITEXACT, ffmpeg, H264 } from "./ffmpeg.ts";
import { ANIMATION_RATE, checkMoment, cover, rateArg, rawFrames, sourceRate, stillAt } from "./frames.ts";
import { type Loop, loopGraph } from "./loops.ts";
import type { Focus, SourceInfo } from "./probe.ts";
import { animatedWebp } from "./webp.ts";

/** Directors' grid clips: four seconds from `start` (one second in unless given), crossfading one second. */
const DIRECTOR_LOOP: Loop = { start: 1, fade: 1, seconds: 4 };
/** Film work thumbnails: two and a half seconds from half a second in. */
const WORK_LOOP: Loop = { start: 0.5, fade: 0.5, seconds: 2.5 };

/** Where a director's clip starts in its source and where its crop is kept. */
export interface ClipOptions {
  start?: number;
  focus?: Focus;
}

/** A grid clip keeps the source's rate up to 30 fps; 50 and 60 fps sources are halved: a muted 640×360 tile needs no more. */
const clipRate = (info: SourceInfo): string =>
  rateValue(sourceRate(info)) > 30 ? halveRate(sourceRate(info)) : sourceRate(info);

/** A director's looping, muted grid clip (MP4). */
export async function directorClip(
  source: string,
  info: SourceInfo,
  out: string,
  display: string,
  { start = DIRECTOR_LOOP.start, focus }: ClipOptions = {},
): Promise<void> {
  const rate = clipRate(info);
  await ffmpeg(
    [
      ...[
        "-i",
        source,
        "-filter_complex",
        loopGraph({ ...DIRECTOR_LOOP, start }, info, MEDIA_KINDS.directorClip.size, rate, focus),
      ],
      ...["-map", "[loop]", "-r", rateArg(rate), ...H264],
      ..."-profile:v high -crf 21 -maxrate 600k -bufsize 1200k -an -movflags +faststart".split(" "),
      ...[...BITEXACT, "-f", "mp4", out],
    ],
    [],
    display,
  );
}

/** The grid clip's first frame, at the larger still size: the phone background and the video's poster. */
export async function directorStill(
  source: string,
  info: SourceInfo,
  out: string,
  display: string,
  { start = DIRECTOR_LOOP.start, focus }: ClipOptions = {},
): Promise<void> {
  checkMoment(start, info, `${display}: the clip's start`);
  const size = MEDIA_KINDS.directorStill.size;
  await stillAt(source, info, start, clipRate(info), cover(size, info, focus), size, out, display);
}

/** A film work thumbnail: a looping animated WebP, cropped at `focus`. */
export async function directorWorkAnimation(
  source: string,
  info: SourceInfo,
  out: string,
  display: string,
  focus?: Focus,
): Promise<void> {
  const size = MEDIA_KINDS.directorWork.size;
  const frames = await rawFrames(
    source,
    loopGraph(WORK_LOOP, info, size, ANIMATION_RATE, focus),
    "loop",
    size,
    display,
  );
  await writeFile(out, await animatedWebp(frames, { ...size, fps: rateValue(ANIMATION_RATE), quality: 60 }));
}

/** The work thumbnail's first frame, shown until it plays. */
export async function directorWorkStill(
  source: string,
  info: SourceInfo,
  out: string,
  display: string,
  focus?: Focus,
): Promise<void> {
  const size = MEDIA_KINDS.directorWork.size;
  await stillAt(source, info, WORK_LOOP.start, ANIMATION_RATE, cover(size, info, focus), size, out, display);
}
