/** What the build reads of a source before it uses it: its size, length and sound, and whether it decodes. */
import sharp from "sharp";

import type { SourceType } from "#model/media-paths.ts";
import { ffprobe, type VideoProbe } from "./ffmpeg.ts";

// One libvips thread: the build already runs two jobs at a time on a two-core budget.
sharp.concurrency(1);

export type Size = { readonly width: number; readonly height: number };

/** SVG logos are drawn at this density (dpi) before they are fitted, so edges stay crisp. */
export const SVG_DENSITY = 288;

/** What the build needs to know of a source: a video's probe (ffprobe), or a picture's size and transparency. */
export type SourceInfo = Pick<VideoProbe, "width" | "height" | "duration" | "audio"> &
  Partial<Pick<VideoProbe, "fps" | "interlaced" | "pixelAspect">> & {
    /** A picture some of whose pixels are less than opaque: its stills keep its transparency where their format can. */
    transparent?: boolean;
  };

/** Decodes enough of a source to know it is usable; rejects with the decoder's reason. */
export async function probeSource(file: string, type: SourceType): Promise<SourceInfo> {
  if (type === "video") return ffprobe(file);
  // Decoding the whole picture (not just its header) catches truncated files too.
  const { data, info } = await sharp(file, { density: SVG_DENSITY }).raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    duration: 0,
    audio: false,
    transparent: info.hasAlpha && !opaque(data, info.channels),
  };
}

/**
 * Whether every pixel of raw 8-bit pixels, `channels` to a pixel with alpha last, is opaque. An
 * alpha channel alone says nothing: sharp gives one to every PNG it draws from SVG, the demo's too.
 */
function opaque(data: Buffer, channels: number): boolean {
  for (let i = channels - 1; i < data.length; i += channels) if (data[i] !== 255) return false;
  return true;
}

/**
 * The point a crop is centred on, as near as the picture's edges allow: fractions (0 to 1) of the
 * width and height from the top left, as an entry's `focus` gives it (croppedJpeg reads it alike).
 */
export interface Focus {
  x: number;
  y: number;
}
