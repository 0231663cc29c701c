/**
 * Makes the site's media from source files, the operator's or the demo's alike: every picture is
 * cropped to fill its size (sharp's attention crop finds the subject), every video scaled and
 * cropped to fill its frame. Loops start a little into the source and crossfade their end into
 * the moments before that start, so they run seamlessly; a loop's still is its first frame.
 */
import { writeFile } from "node:fs/promises";

import sharp from "sharp";

import { MEDIA_SIZES } from "../../app/lib/media";
import { BITEXACT, ffmpeg, ffprobe, H264, splitFrames } from "./ffmpeg";
import { seamlessLoop } from "./graphs";
import type { SourceType } from "./plan";
import { animatedWebp } from "./webp";

sharp.concurrency(1);

export type Size = { readonly width: number; readonly height: number };

/** SVG logos are drawn at this density (dpi) before they are fitted, so edges stay crisp. */
const SVG_DENSITY = 288;

/** What the build needs to know of a source before it uses it. */
export interface SourceInfo {
  width: number;
  height: number;
  /** Seconds; 0 for pictures. */
  duration: number;
  audio: boolean;
}

/** Decodes enough of a source to know it is usable; rejects with the decoder's reason. */
export async function probeSource(file: string, type: SourceType): Promise<SourceInfo> {
  if (type === "video") return ffprobe(file);
  // Decoding the whole picture (not just its header) catches truncated files too.
  const { info } = await sharp(file, { density: SVG_DENSITY }).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, duration: 0, audio: false };
}

// ---------------------------------------------------------------------------------------------
// Pictures

const JPEG = { quality: 84, mozjpeg: true } as const;

/** A photograph cropped to fill `size`, upright as its camera recorded it. */
export async function croppedJpeg(source: string, out: string, size: Size): Promise<void> {
  await sharp(source).rotate().resize(size.width, size.height, { fit: "cover", position: "attention" }).jpeg(JPEG).toFile(out);
}

/** Logos are scaled to cover about the same area, so short and long names carry equal weight. */
const LOGO_AREA = 8000;

/**
 * A logo trimmed to its ink, fitted into `size` (at most 80% of its width and 100 px high, and
 * about LOGO_AREA px²), centred on transparent, as a 16-colour palette PNG.
 */
export async function logoPng(source: string, out: string, size: Size): Promise<void> {
  const { data, info } = await sharp(source, { density: SVG_DENSITY }).ensureAlpha().trim({ threshold: 1 }).png().toBuffer({ resolveWithObject: true });
  const scale = Math.min((size.width * 0.8) / info.width, 100 / info.height, Math.sqrt(LOGO_AREA / (info.width * info.height)));
  const w = Math.max(1, Math.round(info.width * scale));
  const h = Math.max(1, Math.round(info.height * scale));
  const fitted = await sharp(data).resize(w, h, { kernel: "lanczos3" }).png().toBuffer();
  const left = Math.floor((size.width - w) / 2);
  const top = Math.floor((size.height - h) / 2);
  await sharp(fitted)
    .extend({ left, right: size.width - w - left, top, bottom: size.height - h - top, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png({ palette: true, colors: 16, effort: 10, compressionLevel: 9, dither: 0 })
    .toFile(out);
}

// ---------------------------------------------------------------------------------------------
// Videos

/** Scales and crops to fill `size`. */
const cover = (size: Size): string =>
  `scale=${size.width}:${size.height}:force_original_aspect_ratio=increase:flags=lanczos,crop=${size.width}:${size.height},setsar=1`;

interface Loop {
  fps: number;
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

/** The filtergraph of a loop of input 0 at `size`: `[loop]`. */
function loopGraph(loop: Loop, info: SourceInfo, size: Size): string {
  return `[0:v]fps=${loop.fps},${cover(size)},format=yuv420p[src];${seamlessLoop("src", "loop", loop.fps, loop.start, loopSeconds(loop, info), loop.fade)}`;
}

/** Runs `graph` on the source and returns the frames of `[label]` as raw rgb24. */
async function rawFrames(source: string, graph: string, label: string, size: Size, display: string, maxFrames?: number): Promise<Buffer[]> {
  const limit = maxFrames ? ["-frames:v", String(maxFrames)] : [];
  const raw = await ffmpeg(
    ["-i", source, "-filter_complex", graph, "-map", `[${label}]`, ...limit, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"],
    [],
    display,
  );
  return splitFrames(raw, size.width, size.height);
}

/** The source frame at `seconds` (counted at `fps`), filling `size`, as a JPEG. */
async function stillAt(source: string, seconds: number, fps: number, size: Size, out: string, display: string): Promise<void> {
  const graph = `[0:v]fps=${fps},trim=start_frame=${Math.round(seconds * fps)},${cover(size)}[still]`;
  const [frame] = await rawFrames(source, graph, "still", size, display, 1);
  if (!frame) throw new Error(`${display}: the source has no frame at ${seconds} s`);
  await sharp(frame, { raw: { ...size, channels: 3 } }).jpeg(JPEG).toFile(out);
}

/** Directors' grid clips: four seconds from one second in, 25 fps. */
const DIRECTOR_LOOP: Loop = { fps: 25, start: 1, fade: 1, seconds: 4 };
/** Film work thumbnails: two and a half seconds from half a second in, 12 fps. */
const WORK_LOOP: Loop = { fps: 12, start: 0.5, fade: 0.5, seconds: 2.5 };

/** A director's looping, muted grid clip (MP4). */
export async function directorClip(source: string, info: SourceInfo, out: string, display: string): Promise<void> {
  await ffmpeg(
    [
      "-i", source,
      "-filter_complex", loopGraph(DIRECTOR_LOOP, info, MEDIA_SIZES.directorClip), "-map", "[loop]", "-r", String(DIRECTOR_LOOP.fps),
      ...H264, "-profile:v", "high", "-crf", "21", "-maxrate", "600k", "-bufsize", "1200k",
      "-an", "-movflags", "+faststart", ...BITEXACT, "-f", "mp4", out,
    ],
    [],
    display,
  );
}

/** The grid clip's first frame, at the larger still size: the phone background and the video's poster. */
export function directorStill(source: string, out: string, display: string): Promise<void> {
  return stillAt(source, DIRECTOR_LOOP.start, DIRECTOR_LOOP.fps, MEDIA_SIZES.directorStill, out, display);
}

/** A film work thumbnail: a looping animated WebP. */
export async function filmWorkAnimation(source: string, info: SourceInfo, out: string, display: string): Promise<void> {
  const size = MEDIA_SIZES.filmWork;
  const frames = await rawFrames(source, loopGraph(WORK_LOOP, info, size), "loop", size, display);
  await writeFile(out, await animatedWebp(frames, { ...size, fps: WORK_LOOP.fps, quality: 60 }));
}

/** The work thumbnail's first frame, shown until it plays. */
export function filmWorkStill(source: string, out: string, display: string): Promise<void> {
  return stillAt(source, WORK_LOOP.start, WORK_LOOP.fps, MEDIA_SIZES.filmWork, out, display);
}

// ---------------------------------------------------------------------------------------------
// Reels

const REEL_FPS = 25;
/** Frame size of the reel MP4 and of the top HLS rendition. */
export const REEL_VIDEO = { width: 1280, height: 720 };
/** The poster frame, and where the thumbnail loop starts: in the demo reels, the title is fully shown. */
const REEL_POSTER_AT = 1.6;
const REEL_THUMB_LOOP: Loop = { fps: 12, start: REEL_POSTER_AT, fade: 0.5, seconds: 3 };

/** HLS renditions: folder name, frame size, peak video bitrate (kbit/s). Highest first: players start there. */
const HLS_LADDER = [
  { name: "720p", ...REEL_VIDEO, kbps: 1200 },
  { name: "360p", width: 640, height: 360, kbps: 400 },
] as const;
const HLS_SEGMENT = 4;

/**
 * ffmpeg inputs and the filtergraph of a reel's picture `[v]` (at `size`) and stereo 48 kHz sound
 * `[a]`: the source's own, or silence when it has none, so every reel has the same streams.
 */
function reelInput(source: string, info: SourceInfo, size: Size): { inputs: string[]; graph: string } {
  const silence = info.audio ? [] : ["-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo"];
  return {
    inputs: ["-i", source, ...silence],
    graph:
      `[0:v]fps=${REEL_FPS},${cover(size)},format=yuv420p[v];` +
      `[${info.audio ? "0:a" : "1:a"}]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo[a]`,
  };
}

const AAC = (info: SourceInfo) => ["-c:a", "aac", "-b:a", "64k", "-ar", "48000", "-t", info.duration.toFixed(3)];

export async function reelMp4(source: string, info: SourceInfo, out: string, display: string): Promise<void> {
  const { inputs, graph } = reelInput(source, info, REEL_VIDEO);
  await ffmpeg(
    [
      ...inputs, "-filter_complex", graph, "-map", "[v]", "-map", "[a]", "-r", String(REEL_FPS),
      ...H264, "-profile:v", "high", "-crf", "23", "-maxrate", "900k", "-bufsize", "1800k",
      ...AAC(info), "-movflags", "+faststart", ...BITEXACT, "-f", "mp4", out,
    ],
    [],
    display,
  );
}

/** Writes `<dir>/<master>` and `<dir>/<rendition>/index.m3u8` with 4 s MPEG-TS segments. */
export async function reelHls(source: string, info: SourceInfo, dir: string, master: string, display: string): Promise<void> {
  const [top] = HLS_LADDER;
  const { inputs, graph } = reelInput(source, info, top);
  const video = HLS_LADDER.map((_, i) => `[hv${i}]`).join("");
  const scaled = HLS_LADDER.map((rung, i) => (i === 0 ? `[hv0]null[v0]` : `[hv${i}]scale=${rung.width}:${rung.height}:flags=lanczos[v${i}]`));
  const ladder = `[v]split=${HLS_LADDER.length}${video};${scaled.join(";")};[a]asplit=${HLS_LADDER.length}${HLS_LADDER.map((_, i) => `[a${i}]`).join("")}`;
  const keyframes = HLS_SEGMENT * REEL_FPS;
  await ffmpeg(
    [
      ...inputs,
      "-filter_complex", `${graph};${ladder}`,
      ...HLS_LADDER.flatMap((_, i) => ["-map", `[v${i}]`, "-map", `[a${i}]`]),
      "-r", String(REEL_FPS), ...H264, "-profile:v", "main", "-crf", "23",
      ...HLS_LADDER.flatMap((rung, i) => [`-maxrate:v:${i}`, `${rung.kbps}k`, `-bufsize:v:${i}`, `${rung.kbps * 2}k`]),
      // A keyframe every segment, and only there, so every rendition cuts at the same instants.
      "-g", String(keyframes), "-keyint_min", String(keyframes), "-sc_threshold", "0", "-force_key_frames", `expr:gte(t,n_forced*${HLS_SEGMENT})`,
      ...AAC(info),
      ...BITEXACT,
      "-f", "hls", "-hls_time", String(HLS_SEGMENT), "-hls_playlist_type", "vod", "-hls_flags", "independent_segments", "-hls_segment_type", "mpegts",
      "-hls_segment_filename", `${dir}/%v/segment_%03d.ts`,
      "-master_pl_name", master,
      "-var_stream_map", HLS_LADDER.map((rung, i) => `v:${i},a:${i},name:${rung.name}`).join(" "),
      `${dir}/%v/index.m3u8`,
    ],
    [],
    display,
  );
}

export function reelPoster(source: string, out: string, display: string): Promise<void> {
  return stillAt(source, REEL_POSTER_AT, REEL_FPS, MEDIA_SIZES.reelPoster, out, display);
}

/** Three seconds from the poster frame on, looped, at 12 fps: the animated WebP on /collective-reels. */
export async function reelThumb(source: string, info: SourceInfo, out: string, display: string): Promise<void> {
  const size = MEDIA_SIZES.reelThumb;
  const frames = await rawFrames(source, loopGraph(REEL_THUMB_LOOP, info, size), "loop", size, display);
  await writeFile(out, await animatedWebp(frames, { ...size, fps: REEL_THUMB_LOOP.fps, quality: 60 }));
}

