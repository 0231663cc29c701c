/**
 * Makes the site's media from source files, the operator's or the demo's alike: every picture is
 * cropped to fill its size (sharp's attention crop finds the subject), every video scaled and
 * cropped to fill its frame. Loops start a little into the source and crossfade their end into
 * the moments before that start, so they run seamlessly; a loop's still is its first frame.
 *
 * Reels: a 1920×1080 MP4 fallback and an HLS ladder of four H.264 renditions (1080p, 720p, 540p,
 * 360p; capped CRF; MPEG-TS segments of 1 s, 1 s, then 4 s, cut at keyframes forced at the same
 * instants in every rendition), whose master playlist lists 540p first for native HLS players and
 * states each rendition's measured peak and average bitrate. See docs/media.md.
 */
import { readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";

import sharp from "sharp";

import { masterVariants } from "../../app/lib/hls";
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
export const REEL_VIDEO = { width: 1920, height: 1080 };
/** The poster frame, and where the thumbnail loop starts: in the demo reels, the title is fully shown. */
const REEL_POSTER_AT = 1.6;
const REEL_THUMB_LOOP: Loop = { fps: 12, start: REEL_POSTER_AT, fade: 0.5, seconds: 3 };

/**
 * Reel video quality: constant quality (CRF), capped per rendition by a peak rate (-maxrate with a
 * buffer of twice that), so quiet shots take few bytes and busy ones never pass the cap. `medium`
 * rather than `slow`: one encoder thread (bit-exactness) makes a 1080p ladder on `slow` take too long.
 */
const REEL_CRF = 21;
const REEL_PRESET = ["-preset", "medium"];

export interface Rendition {
  /** Folder name under the reel's HLS folder. */
  name: string;
  width: number;
  height: number;
  /** Peak video bitrate (kbit/s): -maxrate, with -bufsize twice that. */
  maxKbps: number;
  profile: "high" | "main";
}

/** The MP4 fallback: what a browser without HLS plays, at the top rendition's size and cap. */
export const REEL_MP4: Rendition = { name: "mp4", ...REEL_VIDEO, maxKbps: 5000, profile: "high" };

/** HLS renditions, largest first. */
export const HLS_LADDER: readonly Rendition[] = [
  { name: "1080p", ...REEL_VIDEO, maxKbps: 5000, profile: "high" },
  { name: "720p", width: 1280, height: 720, maxKbps: 3000, profile: "high" },
  { name: "540p", width: 960, height: 540, maxKbps: 1600, profile: "main" },
  { name: "360p", width: 640, height: 360, maxKbps: 800, profile: "main" },
];

/**
 * The order of the variants in the master playlist. Native HLS players (Safari, iOS, Chrome's own
 * HLS) start with the FIRST variant listed before they measure anything, so a moderate rung leads:
 * 540p starts fast on a phone's connection and looks decent until the player climbs. Players with
 * their own ABR (video.js VHS) choose by BANDWIDTH and the player's size whatever the order.
 */
export const HLS_MASTER_ORDER = ["540p", "1080p", "720p", "360p"] as const;

/**
 * Segment lengths (seconds): two short segments first, so playback can start after a few hundred
 * kilobytes, then 4 s. Keyframes are forced at exactly these instants in every rendition (and
 * nowhere else: -sc_threshold 0, -g as long as a segment), so every rendition cuts at the same
 * instants and a player can switch at any boundary.
 */
const HLS_FIRST_SEGMENTS = [1, 1];
const HLS_SEGMENT = 4;

/** The instants (seconds) at which the segments of a reel `duration` seconds long begin. */
export function segmentStarts(duration: number): number[] {
  const starts = [0];
  for (const length of HLS_FIRST_SEGMENTS) starts.push(starts[starts.length - 1] + length);
  while (starts[starts.length - 1] + HLS_SEGMENT < duration) starts.push(starts[starts.length - 1] + HLS_SEGMENT);
  return starts.filter((start) => start < duration);
}

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

const AAC = (info: SourceInfo) => ["-c:a", "aac", "-b:a", "128k", "-ac", "2", "-ar", "48000", "-t", info.duration.toFixed(3)];

/** The source's picture (input 0) as every reel output starts from it, at 25 fps covering REEL_VIDEO: `[v]`. */
export const reelPictureGraph = (): string => `[0:v]fps=${REEL_FPS},${cover(REEL_VIDEO)},format=yuv420p[v]`;

export async function reelMp4(source: string, info: SourceInfo, out: string, display: string): Promise<void> {
  const { inputs, graph } = reelInput(source, info, REEL_MP4);
  await ffmpeg(
    [
      ...inputs, "-filter_complex", graph, "-map", "[v]", "-map", "[a]", "-r", String(REEL_FPS),
      ...H264, ...REEL_PRESET, "-profile:v", REEL_MP4.profile, "-crf", String(REEL_CRF),
      "-maxrate", `${REEL_MP4.maxKbps}k`, "-bufsize", `${REEL_MP4.maxKbps * 2}k`, "-g", String(2 * REEL_FPS),
      ...AAC(info), "-movflags", "+faststart", ...BITEXACT, "-f", "mp4", out,
    ],
    [],
    display,
  );
}

/** One `#EXT-X-STREAM-INF` entry of a master playlist. */
interface Variant {
  name: string;
  attributes: string;
}

/** Durations (EXTINF) and segment URIs of a media playlist. */
export function mediaSegments(playlist: string): { duration: number; uri: string }[] {
  const lines = playlist.split("\n").map((line) => line.trim());
  return lines.flatMap((line, i) => (line.startsWith("#EXTINF:") ? [{ duration: Number(line.slice(8).split(",")[0]), uri: lines[i + 1] }] : []));
}

/**
 * Rewrites ffmpeg's master playlist in HLS_MASTER_ORDER with each variant's measured bitrates:
 * BANDWIDTH its peak (the largest segment's bits over its length, audio included), as the HLS
 * spec defines it, and AVERAGE-BANDWIDTH over the whole reel. ffmpeg 5.1 writes neither (its
 * BANDWIDTH is the -maxrate plus 10%) and lists the variants in encoding order.
 */
export async function rewriteMaster(dir: string, master: string): Promise<void> {
  const codecs = new Map<string, string>();
  for (const variant of masterVariants(await readFile(path.join(dir, master), "utf8"))) {
    const found = /CODECS="([^"]+)"/.exec(variant.attributes);
    if (found) codecs.set(variant.uri.split("/")[0], found[1]);
  }
  const variants: Variant[] = [];
  for (const name of HLS_MASTER_ORDER) {
    const rung = HLS_LADDER.find((candidate) => candidate.name === name);
    const codec = codecs.get(name);
    if (!rung || !codec) throw new Error(`${master}: no ${name} variant`);
    const segments = mediaSegments(await readFile(path.join(dir, name, "index.m3u8"), "utf8"));
    const sizes = await Promise.all(segments.map(async (segment) => (await stat(path.join(dir, name, segment.uri))).size));
    const peak = Math.max(...segments.map((segment, i) => (sizes[i] * 8) / segment.duration));
    const average = (sizes.reduce((sum, size) => sum + size, 0) * 8) / segments.reduce((sum, segment) => sum + segment.duration, 0);
    variants.push({
      name,
      attributes: `BANDWIDTH=${Math.ceil(peak)},AVERAGE-BANDWIDTH=${Math.ceil(average)},RESOLUTION=${rung.width}x${rung.height},FRAME-RATE=${REEL_FPS.toFixed(3)},CODECS="${codec}"`,
    });
  }
  const text = ["#EXTM3U", "#EXT-X-VERSION:6", "#EXT-X-INDEPENDENT-SEGMENTS", ...variants.flatMap((v) => [`#EXT-X-STREAM-INF:${v.attributes}`, `${v.name}/index.m3u8`])].join("\n");
  await writeFile(path.join(dir, master), `${text}\n`);
}

/**
 * Writes `<dir>/<rendition>/index.m3u8` with MPEG-TS segments (1 s, 1 s, then 4 s) for every rung
 * of HLS_LADDER in one pass over the source, then `<dir>/<master>` (see rewriteMaster).
 */
export async function reelHls(source: string, info: SourceInfo, dir: string, master: string, display: string): Promise<void> {
  const [top] = HLS_LADDER;
  const { inputs, graph } = reelInput(source, info, top);
  const video = HLS_LADDER.map((_, i) => `[hv${i}]`).join("");
  const scaled = HLS_LADDER.map((rung, i) => (i === 0 ? `[hv0]null[v0]` : `[hv${i}]scale=${rung.width}:${rung.height}:flags=lanczos[v${i}]`));
  const ladder = `[v]split=${HLS_LADDER.length}${video};${scaled.join(";")};[a]asplit=${HLS_LADDER.length}${HLS_LADDER.map((_, i) => `[a${i}]`).join("")}`;
  const gop = HLS_SEGMENT * REEL_FPS;
  await ffmpeg(
    [
      ...inputs,
      "-filter_complex", `${graph};${ladder}`,
      ...HLS_LADDER.flatMap((_, i) => ["-map", `[v${i}]`, "-map", `[a${i}]`]),
      "-r", String(REEL_FPS), ...H264, ...REEL_PRESET, "-crf", String(REEL_CRF),
      ...HLS_LADDER.flatMap((rung, i) => [`-profile:v:${i}`, rung.profile, `-maxrate:v:${i}`, `${rung.maxKbps}k`, `-bufsize:v:${i}`, `${rung.maxKbps * 2}k`]),
      "-g", String(gop), "-sc_threshold", "0", "-force_key_frames", segmentStarts(info.duration).join(","),
      ...AAC(info),
      ...BITEXACT,
      // hls_time 1 with keyframes only at the segment starts: each segment runs to the first keyframe a
      // second or more after its start, i.e. to the next segment start.
      "-f", "hls", "-hls_time", "1", "-hls_playlist_type", "vod", "-hls_flags", "independent_segments", "-hls_segment_type", "mpegts",
      "-hls_segment_filename", `${dir}/%v/segment_%03d.ts`,
      "-master_pl_name", master,
      "-var_stream_map", HLS_LADDER.map((rung, i) => `v:${i},a:${i},name:${rung.name}`).join(" "),
      `${dir}/%v/index.m3u8`,
    ],
    [],
    display,
  );
  await rewriteMaster(dir, master);
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

