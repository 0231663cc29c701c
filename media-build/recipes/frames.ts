/** A video source's frames as the recipes take them: at a rate, deinterlaced, scaled to fill or fit a frame. */
import sharp from "sharp";

import { rateValue } from "#model/reel-frames.ts";
import { ffmpeg, splitFrames } from "./ffmpeg.ts";
import type { Focus, Size, SourceInfo } from "./probe.ts";
import { JPEG } from "./stills.ts";

/** The frame rate a video source's outputs take (ffprobe reads it; see reelRate). */
export function sourceRate(info: SourceInfo): string {
  if (!info.fps) throw new Error("no frame rate: not a video");
  return info.fps;
}

/** ffmpeg's form of a rate: "25/1" → "25" (as the recipes have always written it), "24000/1001" as it is. */
export const rateArg = (rate: string): string => rate.replace(/\/1$/, "");

/** The source's frames at a constant `rate`, deinterlaced first (one frame per frame) when coded as fields. */
export const framesAt = (info: SourceInfo, rate: string): string =>
  `${info.interlaced ? "bwdif=mode=send_frame," : ""}fps=${rateArg(rate)}`;

/** Whether ffmpeg's filters see the source's pixels as square (anamorphic footage has wide ones). */
const squarePixels = (info: SourceInfo): boolean => (info.pixelAspect ?? 1) === 1;

/** Scales and crops to fill `size`, keeping the window at `focus`: the centre unless given. */
export function cover(size: Size, info: SourceInfo, focus?: Focus): string {
  const { width, height } = size;
  if (focus && !(focus.x >= 0 && focus.x <= 1 && focus.y >= 0 && focus.y <= 1))
    throw new Error(`focus ${focus.x}, ${focus.y}: both must be between 0 and 1`);
  // Without a focus, crop's own default (the centre), as every output was made before foci.
  const crop = focus
    ? `crop=${width}:${height}:'clip(iw*${focus.x}-ow/2,0,iw-ow)':'clip(ih*${focus.y}-oh/2,0,ih-oh)'`
    : `crop=${width}:${height}`;
  if (squarePixels(info))
    return `scale=${width}:${height}:force_original_aspect_ratio=increase:flags=lanczos,${crop},setsar=1`;
  // ffmpeg's "increase" compares pixel counts, which anamorphic pixels misstate: scale from the display size.
  const scale = Math.max(width / info.width, height / info.height);
  return `scale=${Math.max(width, Math.round(info.width * scale))}:${Math.max(height, Math.round(info.height * scale))}:flags=lanczos,${crop},setsar=1`;
}

/** Scales the whole picture to `size`, which has the source's display shape (model/reel-frames.ts): nothing is cropped. */
export function fit(size: Size, info: SourceInfo): string {
  // Square pixels of exactly that shape: cover crops nothing then, and is what 16:9 reels have always been made with.
  if (squarePixels(info) && info.width * size.height === info.height * size.width) return cover(size, info);
  return `scale=${size.width}:${size.height}:flags=lanczos,setsar=1`;
}

/** Runs `graph` on the source and returns the frames of `[label]` as raw rgb24. */
export async function rawFrames(
  source: string,
  graph: string,
  label: string,
  size: Size,
  display: string,
  maxFrames?: number,
): Promise<Buffer[]> {
  const limit = maxFrames ? ["-frames:v", String(maxFrames)] : [];
  const raw = await ffmpeg(
    [
      ...["-i", source, "-filter_complex", graph, "-map", `[${label}]`, ...limit],
      ..."-fps_mode passthrough -f rawvideo -pix_fmt rgb24 pipe:1".split(" "),
    ],
    [],
    display,
  );
  return splitFrames(raw, size.width, size.height);
}

/** The source frame at `seconds` (counted at `rate`), through `frame` (a cover or fit to `size`), as a JPEG. */
export async function stillAt(
  source: string,
  info: SourceInfo,
  seconds: number,
  rate: string,
  frame: string,
  size: Size,
  out: string,
  display: string,
): Promise<void> {
  const graph = `[0:v]${framesAt(info, rate)},trim=start_frame=${Math.round(seconds * rateValue(rate))},${frame}[still]`;
  const [still] = await rawFrames(source, graph, "still", size, display, 1);
  if (!still) throw new Error(`${display}: the source has no frame at ${seconds} s`);
  await sharp(still, { raw: { ...size, channels: 3 } })
    .jpeg(JPEG)
    .toFile(out);
}

/** Checks that `seconds` is a moment of the film, naming what it is for. */
export function checkMoment(seconds: number, info: SourceInfo, what: string): void {
  if (!(seconds >= 0 && seconds < info.duration))
    throw new Error(`${what} at ${seconds} s: the film runs from 0 to ${info.duration.toFixed(2)} s`);
}

/** The animated WebPs (work thumbnails, reel thumbnails) play at 12 fps, whatever the source's rate. */
export const ANIMATION_RATE = "12/1";
