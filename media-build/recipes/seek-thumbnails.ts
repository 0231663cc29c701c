/** A reel's seek-bar thumbnails, read from its MP4: a WebP sprite and its WebVTT index. */
import { writeFile } from "node:fs/promises";
import path from "node:path";

import sharp from "sharp";

import { type Frame, rateValue, seekThumbSize } from "#model/reel-frames.ts";
import { SEEK_THUMBNAILS } from "#model/tracks.ts";
import { writeWebVtt } from "#model/cues/webvtt.ts";
import { ffprobe } from "./ffmpeg.ts";
import { rateArg, rawFrames } from "./frames.ts";

export interface SeekCell {
  start: number;
  end: number;
  /** The moment shown: the middle of [start, end). */
  at: number;
  x: number;
  y: number;
}

/** A last interval shorter than this (seconds) joins the one before: a 23.976 fps film's length runs a few milliseconds past the second. */
const SHORTEST_LAST_CELL = 0.5;

/** The cells, each `cell` in size, of a reel `duration` seconds long: one per interval, the last one shorter (or a little longer). */
export function seekCells(duration: number, cell: Frame = SEEK_THUMBNAILS): SeekCell[] {
  const { interval, columns } = SEEK_THUMBNAILS;
  const { width, height } = cell;
  const count = Math.max(1, Math.ceil((duration - SHORTEST_LAST_CELL) / interval));
  return Array.from({ length: count }, (_, i) => {
    const start = i * interval;
    const end = i === count - 1 ? duration : start + interval;
    return { start, end, at: (start + end) / 2, x: (i % columns) * width, y: Math.floor(i / columns) * height };
  });
}

/** The WebVTT index of the cells, each `cell` in size, naming the sprite by its file name (it sits beside the index). */
export function seekIndexVtt(cells: SeekCell[], spriteName: string, cell: Frame = SEEK_THUMBNAILS): string {
  const { width, height } = cell;
  return writeWebVtt(
    cells.map(({ start, end, x, y }) => ({ start, end, text: `${spriteName}#xywh=${x},${y},${width},${height}` })),
  );
}

/** The sprite of the reel MP4 `video`, written to `out` (WebP). */
export async function seekSprite(video: string, out: string, display: string): Promise<void> {
  const { columns } = SEEK_THUMBNAILS;
  const probe = await ffprobe(video);
  const { width, height } = seekThumbSize(probe);
  const cells = seekCells(probe.duration, { width, height });
  // Frames counted at the MP4's own (constant) rate.
  const picks = cells.map((cell) => `eq(n\\,${Math.round(cell.at * rateValue(probe.fps))})`).join("+");
  const graph = `[0:v]fps=${rateArg(probe.fps)},select='${picks}',scale=${width}:${height}:flags=lanczos,setsar=1[cells]`;
  const frames = await rawFrames(video, graph, "cells", { width, height }, display);
  if (frames.length !== cells.length)
    throw new Error(`${display}: expected ${cells.length} frames, ffmpeg gave ${frames.length}`);
  const rows = Math.ceil(cells.length / columns);
  const sprite = sharp({
    create: { width: width * Math.min(columns, cells.length), height: height * rows, channels: 3, background: "#000" },
  }).composite(
    frames.map((frame, i) => ({
      input: frame,
      raw: { width, height, channels: 3 },
      left: cells[i].x,
      top: cells[i].y,
    })),
  );
  await writeFile(out, await sprite.webp({ quality: 70, effort: 6, smartSubsample: true }).toBuffer());
}

/** The index of the reel MP4 `video`, written to `out`, naming the sprite `sprite` (a site path). */
export async function seekIndex(video: string, sprite: string, out: string): Promise<void> {
  const probe = await ffprobe(video);
  const cell = seekThumbSize(probe);
  await writeFile(out, seekIndexVtt(seekCells(probe.duration, cell), path.posix.basename(sprite), cell));
}
