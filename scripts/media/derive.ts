/**
 * Makes the site's media from source files, the operator's or the demo's alike: every picture is
 * cropped to fill its size (sharp's attention crop finds the subject), every grid clip and work
 * thumbnail scaled and cropped to fill its frame (around a focus the content may give). Loops start
 * a little into the source and crossfade their end into the moments before that start, so they run
 * seamlessly; a loop's still is its first frame. Videos are read as they are shown: anamorphic
 * pixels widened, phone footage upright, interlaced footage deinterlaced.
 *
 * Reels go through whole, never cropped or stretched, at the source's frame rate: an MP4 fallback
 * and an HLS ladder of up to four H.264 renditions (boxes of 1080p, 720p, 540p, 360p, turned for a
 * vertical film, none larger than the source: app/lib/reelFrames.ts; capped CRF; MPEG-TS segments
 * of 1 s, 1 s, then 4 s, cut at keyframes forced at the same instants in every rendition), whose
 * master playlist lists 540p first for native HLS players and states each rendition's measured
 * peak and average bitrate. See docs/media.md.
 */
import { readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";

import sharp from "sharp";

import { masterVariants } from "../../app/lib/hls";
import { MEDIA_SIZES } from "../../app/lib/media";
import { halveRate, HLS_MASTER_ORDER, rateValue, reelLadder, reelMp4Rendition, reelPosterSize, type Rendition } from "../../app/lib/reelFrames";
import { colors } from "../../app/lib/theme";
import { BITEXACT, ffmpeg, ffprobe, H264, splitFrames } from "./ffmpeg";
import { seamlessLoop } from "./graphs";
import type { SourceType } from "./plan";
import { animatedWebp } from "./webp";

export { HLS_LADDER, HLS_MASTER_ORDER, REEL_MP4, REEL_VIDEO, type Rendition } from "../../app/lib/reelFrames";

sharp.concurrency(1);

export type Size = { readonly width: number; readonly height: number };

/** SVG logos are drawn at this density (dpi) before they are fitted, so edges stay crisp. */
const SVG_DENSITY = 288;

/** What the build needs to know of a source before it uses it. */
export interface SourceInfo {
  /** The size it is shown at: for a video, after its sample aspect ratio and rotation. */
  width: number;
  height: number;
  /** Seconds; 0 for pictures. */
  duration: number;
  audio: boolean;
  /** A video's output frame rate, a rational ("24000/1001", "25/1"; see reelRate); undefined for pictures. */
  fps?: string;
  /** A video coded as fields. */
  interlaced?: boolean;
  /** A video's pixel shape as ffmpeg's filters see it (width over height); 1 or undefined for square pixels. */
  pixelAspect?: number;
  /** A picture some of whose pixels are less than opaque: its stills keep its transparency where their format can. */
  transparent?: boolean;
}

/** Decodes enough of a source to know it is usable; rejects with the decoder's reason. */
export async function probeSource(file: string, type: SourceType): Promise<SourceInfo> {
  if (type === "video") return ffprobe(file);
  // Decoding the whole picture (not just its header) catches truncated files too.
  const { data, info } = await sharp(file, { density: SVG_DENSITY }).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, duration: 0, audio: false, transparent: info.hasAlpha && !opaque(data, info.channels) };
}

/**
 * Whether every pixel of raw 8-bit pixels, `channels` to a pixel with alpha last, is opaque. An
 * alpha channel alone says nothing: sharp gives one to every PNG it draws from SVG, the demo's too.
 */
function opaque(data: Buffer, channels: number): boolean {
  for (let i = channels - 1; i < data.length; i += channels) if (data[i] !== 255) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Pictures

const JPEG = { quality: 84, mozjpeg: true } as const;

/**
 * A photograph cropped to fill `size`, upright as its camera recorded it, in sRGB (sharp converts
 * CMYK and wide-gamut pictures by their ICC profile), a transparent one flattened onto the page's
 * colour, since a JPEG holds no transparency. Without `focus` the crop keeps what sharp's attention
 * finds (the subject); `focus` is a point of the picture (fractions of its width and height from
 * the top left) that the crop is centred on, as nearly as the picture's edges allow.
 *
 * With `transparentOut`, the same window of the picture, its transparency kept, is also written
 * there as a lossless PNG: what the still's ladder makes its AVIF and WebP files from.
 */
export async function croppedJpeg(source: string, out: string, size: Size, focus?: Focus, transparentOut?: string): Promise<void> {
  const upright = () => sharp(source).rotate();
  // Flattening leaves an opaque picture as it was: those come out byte for byte as before.
  const picture = upright().flatten({ background: colors.ink });
  if (!focus) {
    const { cropOffsetLeft = 0, cropOffsetTop = 0 } = await picture.resize(size.width, size.height, { fit: "cover", position: "attention" }).jpeg(JPEG).toFile(out);
    // The window attention chose in the flattened picture, cut from the picture scaled as "cover"
    // scales it before cropping ("outside": no side short of `size`). sharp gives the window's
    // offset as libvips does, as the picture's origin seen from the window: minus its left and top.
    const region = { left: -cropOffsetLeft, top: -cropOffsetTop, ...size };
    if (transparentOut) await upright().resize(size.width, size.height, { fit: "outside" }).extract(region).png().toFile(transparentOut);
    return;
  }
  // Scaled to cover `size` (as `fit: "cover"` does), then the window around the focus is cut out.
  const { autoOrient } = await sharp(source).metadata();
  const scale = Math.max(size.width / autoOrient.width, size.height / autoOrient.height);
  const width = Math.max(size.width, Math.round(autoOrient.width * scale));
  const height = Math.max(size.height, Math.round(autoOrient.height * scale));
  const start = (point: number, length: number, window: number) => Math.min(Math.max(Math.round(point * length - window / 2), 0), length - window);
  const region = { left: start(focus.x, width, size.width), top: start(focus.y, height, size.height), ...size };
  await picture.resize(width, height, { fit: "fill" }).extract(region).jpeg(JPEG).toFile(out);
  if (transparentOut) await upright().resize(width, height, { fit: "fill" }).extract(region).png().toFile(transparentOut);
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

/**
 * The point a crop is centred on, as near as the picture's edges allow: fractions (0 to 1) of the
 * width and height from the top left, as an entry's `focus` gives it (croppedJpeg reads it alike).
 */
export interface Focus {
  x: number;
  y: number;
}

/** The frame rate a video source's outputs take (ffprobe reads it; see reelRate). */
function sourceRate(info: SourceInfo): string {
  if (!info.fps) throw new Error("no frame rate: not a video");
  return info.fps;
}

/** ffmpeg's form of a rate: "25/1" → "25" (as the recipes have always written it), "24000/1001" as it is. */
export const rateArg = (rate: string): string => rate.replace(/\/1$/, "");

/**
 * The source's frames at `rate`: deinterlaced first when coded as fields (bwdif, one frame per
 * frame, so the rate stays the frame rate), then repeated or dropped to a constant rate.
 */
const framesAt = (info: SourceInfo, rate: string): string => `${info.interlaced ? "bwdif=mode=send_frame," : ""}fps=${rateArg(rate)}`;

/** Whether ffmpeg's filters see the source's pixels as square (anamorphic footage has wide ones). */
const squarePixels = (info: SourceInfo): boolean => (info.pixelAspect ?? 1) === 1;

/** Scales and crops to fill `size`, keeping the window at `focus`: the centre unless given. */
function cover(size: Size, info: SourceInfo, focus?: Focus): string {
  const { width, height } = size;
  if (focus && !(focus.x >= 0 && focus.x <= 1 && focus.y >= 0 && focus.y <= 1)) throw new Error(`focus ${focus.x}, ${focus.y}: both must be between 0 and 1`);
  // Without a focus, crop's own default (the centre), as every output was made before foci.
  const crop = focus ? `crop=${width}:${height}:'clip(iw*${focus.x}-ow/2,0,iw-ow)':'clip(ih*${focus.y}-oh/2,0,ih-oh)'` : `crop=${width}:${height}`;
  if (squarePixels(info)) return `scale=${width}:${height}:force_original_aspect_ratio=increase:flags=lanczos,${crop},setsar=1`;
  // ffmpeg's "increase" compares pixel counts, which anamorphic pixels misstate: scale from the display size.
  const scale = Math.max(width / info.width, height / info.height);
  return `scale=${Math.max(width, Math.round(info.width * scale))}:${Math.max(height, Math.round(info.height * scale))}:flags=lanczos,${crop},setsar=1`;
}

/** Scales the whole picture to `size`, which has the source's display shape (reelFrames.ts): nothing is cropped. */
function fit(size: Size, info: SourceInfo): string {
  // Square pixels of exactly that shape: cover crops nothing then, and is what 16:9 reels have always been made with.
  if (squarePixels(info) && info.width * size.height === info.height * size.width) return cover(size, info);
  return `scale=${size.width}:${size.height}:flags=lanczos,setsar=1`;
}

interface Loop {
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
function loopGraph(loop: Loop, info: SourceInfo, size: Size, rate: string, focus?: Focus): string {
  // The end crossfades into the moments before the start: a loop starting sooner than its fade fades for shorter.
  const fade = Math.min(loop.fade, loop.start);
  if (fade * rateValue(rate) < 1) throw new Error(`the loop starts at ${loop.start} s: it needs a frame before its start to crossfade from`);
  return `[0:v]${framesAt(info, rate)},${cover(size, info, focus)},format=yuv420p[src];${seamlessLoop("src", "loop", rateValue(rate), loop.start, loopSeconds(loop, info), fade)}`;
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

/** The source frame at `seconds` (counted at `rate`), through `frame` (a cover or fit to `size`), as a JPEG. */
async function stillAt(source: string, info: SourceInfo, seconds: number, rate: string, frame: string, size: Size, out: string, display: string): Promise<void> {
  const graph = `[0:v]${framesAt(info, rate)},trim=start_frame=${Math.round(seconds * rateValue(rate))},${frame}[still]`;
  const [still] = await rawFrames(source, graph, "still", size, display, 1);
  if (!still) throw new Error(`${display}: the source has no frame at ${seconds} s`);
  await sharp(still, { raw: { ...size, channels: 3 } }).jpeg(JPEG).toFile(out);
}

/** Checks that `seconds` is a moment of the film, naming what it is for. */
function checkMoment(seconds: number, info: SourceInfo, what: string): void {
  if (!(seconds >= 0 && seconds < info.duration)) throw new Error(`${what} at ${seconds} s: the film runs from 0 to ${info.duration.toFixed(2)} s`);
}

/** The animated WebPs (work thumbnails, reel thumbnails) play at 12 fps, whatever the source's rate. */
const ANIMATION_RATE = "12/1";

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
const clipRate = (info: SourceInfo): string => (rateValue(sourceRate(info)) > 30 ? halveRate(sourceRate(info)) : sourceRate(info));

/** A director's looping, muted grid clip (MP4). */
export async function directorClip(source: string, info: SourceInfo, out: string, display: string, { start = DIRECTOR_LOOP.start, focus }: ClipOptions = {}): Promise<void> {
  const rate = clipRate(info);
  await ffmpeg(
    [
      "-i", source,
      "-filter_complex", loopGraph({ ...DIRECTOR_LOOP, start }, info, MEDIA_SIZES.directorClip, rate, focus), "-map", "[loop]", "-r", rateArg(rate),
      ...H264, "-profile:v", "high", "-crf", "21", "-maxrate", "600k", "-bufsize", "1200k",
      "-an", "-movflags", "+faststart", ...BITEXACT, "-f", "mp4", out,
    ],
    [],
    display,
  );
}

/** The grid clip's first frame, at the larger still size: the phone background and the video's poster. */
export async function directorStill(source: string, info: SourceInfo, out: string, display: string, { start = DIRECTOR_LOOP.start, focus }: ClipOptions = {}): Promise<void> {
  checkMoment(start, info, `${display}: the clip's start`);
  const size = MEDIA_SIZES.directorStill;
  await stillAt(source, info, start, clipRate(info), cover(size, info, focus), size, out, display);
}

/** A film work thumbnail: a looping animated WebP, cropped at `focus`. */
export async function filmWorkAnimation(source: string, info: SourceInfo, out: string, display: string, focus?: Focus): Promise<void> {
  const size = MEDIA_SIZES.filmWork;
  const frames = await rawFrames(source, loopGraph(WORK_LOOP, info, size, ANIMATION_RATE, focus), "loop", size, display);
  await writeFile(out, await animatedWebp(frames, { ...size, fps: rateValue(ANIMATION_RATE), quality: 60 }));
}

/** The work thumbnail's first frame, shown until it plays. */
export async function filmWorkStill(source: string, info: SourceInfo, out: string, display: string, focus?: Focus): Promise<void> {
  const size = MEDIA_SIZES.filmWork;
  await stillAt(source, info, WORK_LOOP.start, ANIMATION_RATE, cover(size, info, focus), size, out, display);
}

// ---------------------------------------------------------------------------------------------
// Reels

/** The poster frame, and where the thumbnail loop starts, unless the reel names its own moment: in the demo reels, the title is fully shown. */
const REEL_POSTER_AT = 1.6;
/** The thumbnail on /collective-reels: three seconds from the poster frame on. */
const REEL_THUMB_LOOP = { fade: 0.5, seconds: 3 };

/**
 * Reel video quality: constant quality (CRF), capped per rendition by a peak rate (-maxrate with a
 * buffer of twice that), so quiet shots take few bytes and busy ones never pass the cap. `medium`
 * rather than `slow`: one encoder thread (bit-exactness) makes a 1080p ladder on `slow` take too long.
 */
const REEL_CRF = 21;
const REEL_PRESET = ["-preset", "medium"];

/** The reel MP4 keeps a keyframe every two seconds, so a seek never decodes far. */
const MP4_KEYFRAME_SECONDS = 2;

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

/** The source's picture (input 0) as every reel output starts from it: whole, at its own rate, at `size`: `[v]`. */
const reelPicture = (info: SourceInfo, size: Size): string => `[0:v]${framesAt(info, sourceRate(info))},${fit(size, info)},format=yuv420p[v]`;

/**
 * ffmpeg inputs and the filtergraph of a reel's picture `[v]` (at `size`) and stereo 48 kHz sound
 * `[a]`: the source's own, or silence when it has none, so every reel has the same streams.
 */
function reelInput(source: string, info: SourceInfo, size: Size): { inputs: string[]; graph: string } {
  const silence = info.audio ? [] : ["-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo"];
  return {
    inputs: ["-i", source, ...silence],
    graph: `${reelPicture(info, size)};[${info.audio ? "0:a" : "1:a"}]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo[a]`,
  };
}

const AAC = (info: SourceInfo) => ["-c:a", "aac", "-b:a", "128k", "-ac", "2", "-ar", "48000", "-t", info.duration.toFixed(3)];

/** The source's picture as the reel's top rung and MP4 show it (what the quality report compares with): `[v]`. */
export const reelPictureGraph = (info: SourceInfo): string => reelPicture(info, reelLadder(info)[0]);

/** The reel MP4: the top rung's frame, at the source's rate. */
export async function reelMp4(source: string, info: SourceInfo, out: string, display: string): Promise<void> {
  const rendition = reelMp4Rendition(info);
  const rate = sourceRate(info);
  const { inputs, graph } = reelInput(source, info, rendition);
  await ffmpeg(
    [
      ...inputs, "-filter_complex", graph, "-map", "[v]", "-map", "[a]", "-r", rateArg(rate),
      ...H264, ...REEL_PRESET, "-profile:v", rendition.profile, "-crf", String(REEL_CRF),
      "-maxrate", `${rendition.maxKbps}k`, "-bufsize", `${rendition.maxKbps * 2}k`, "-g", String(Math.round(MP4_KEYFRAME_SECONDS * rateValue(rate))),
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
 * Rewrites ffmpeg's master playlist of the rungs `ladder`, at `rate`, in HLS_MASTER_ORDER (the rungs
 * a reel has) with each variant's measured bitrates: BANDWIDTH its peak (the largest segment's bits
 * over its length, audio included), as the HLS spec defines it, and AVERAGE-BANDWIDTH over the
 * whole reel. ffmpeg 5.1 writes neither (its BANDWIDTH is the -maxrate plus 10%) and lists the
 * variants in encoding order.
 */
export async function rewriteMaster(dir: string, master: string, ladder: readonly Rendition[], rate: string): Promise<void> {
  const codecs = new Map<string, string>();
  for (const variant of masterVariants(await readFile(path.join(dir, master), "utf8"))) {
    const found = /CODECS="([^"]+)"/.exec(variant.attributes);
    if (found) codecs.set(variant.uri.split("/")[0], found[1]);
  }
  const variants: Variant[] = [];
  for (const name of HLS_MASTER_ORDER) {
    const rung = ladder.find((candidate) => candidate.name === name);
    if (!rung) continue;
    const codec = codecs.get(name);
    if (!codec) throw new Error(`${master}: no ${name} variant`);
    const segments = mediaSegments(await readFile(path.join(dir, name, "index.m3u8"), "utf8"));
    const sizes = await Promise.all(segments.map(async (segment) => (await stat(path.join(dir, name, segment.uri))).size));
    const peak = Math.max(...segments.map((segment, i) => (sizes[i] * 8) / segment.duration));
    const average = (sizes.reduce((sum, size) => sum + size, 0) * 8) / segments.reduce((sum, segment) => sum + segment.duration, 0);
    variants.push({
      name,
      attributes: `BANDWIDTH=${Math.ceil(peak)},AVERAGE-BANDWIDTH=${Math.ceil(average)},RESOLUTION=${rung.width}x${rung.height},FRAME-RATE=${rateValue(rate).toFixed(3)},CODECS="${codec}"`,
    });
  }
  const text = ["#EXTM3U", "#EXT-X-VERSION:6", "#EXT-X-INDEPENDENT-SEGMENTS", ...variants.flatMap((v) => [`#EXT-X-STREAM-INF:${v.attributes}`, `${v.name}/index.m3u8`])].join("\n");
  await writeFile(path.join(dir, master), `${text}\n`);
}

/**
 * Writes `<dir>/<rendition>/index.m3u8` with MPEG-TS segments (1 s, 1 s, then 4 s) for every rung
 * of the source's ladder (reelLadder) in one pass over the source, then `<dir>/<master>` (see
 * rewriteMaster).
 */
export async function reelHls(source: string, info: SourceInfo, dir: string, master: string, display: string): Promise<void> {
  const ladder = reelLadder(info);
  const rate = sourceRate(info);
  const { inputs, graph } = reelInput(source, info, ladder[0]);
  const video = ladder.map((_, i) => `[hv${i}]`).join("");
  // The top rung has square pixels and the source's shape: the others scale down from it.
  const scaled = ladder.map((rung, i) => (i === 0 ? `[hv0]null[v0]` : `[hv${i}]scale=${rung.width}:${rung.height}:flags=lanczos[v${i}]`));
  const split = `[v]split=${ladder.length}${video};${scaled.join(";")};[a]asplit=${ladder.length}${ladder.map((_, i) => `[a${i}]`).join("")}`;
  await ffmpeg(
    [
      ...inputs,
      "-filter_complex", `${graph};${split}`,
      ...ladder.flatMap((_, i) => ["-map", `[v${i}]`, "-map", `[a${i}]`]),
      "-r", rateArg(rate), ...H264, ...REEL_PRESET, "-crf", String(REEL_CRF),
      ...ladder.flatMap((rung, i) => [`-profile:v:${i}`, rung.profile, `-maxrate:v:${i}`, `${rung.maxKbps}k`, `-bufsize:v:${i}`, `${rung.maxKbps * 2}k`]),
      // The forced keyframes are instants in seconds, the frame after each at any rate; -g caps the gap at a segment's frames.
      "-g", String(Math.round(HLS_SEGMENT * rateValue(rate))), "-sc_threshold", "0", "-force_key_frames", segmentStarts(info.duration).join(","),
      ...AAC(info),
      ...BITEXACT,
      // hls_time 1 with keyframes only at the segment starts: each segment runs to the first keyframe a
      // second or more after its start, i.e. to the next segment start.
      "-f", "hls", "-hls_time", "1", "-hls_playlist_type", "vod", "-hls_flags", "independent_segments", "-hls_segment_type", "mpegts",
      "-hls_segment_filename", `${dir}/%v/segment_%03d.ts`,
      "-master_pl_name", master,
      "-var_stream_map", ladder.map((rung, i) => `v:${i},a:${i},name:${rung.name}`).join(" "),
      `${dir}/%v/index.m3u8`,
    ],
    [],
    display,
  );
  await rewriteMaster(dir, master, ladder, rate);
}

/** The reel's poster: the frame at `at` seconds, whole, 1280 wide (reelPosterSize). */
export async function reelPoster(source: string, info: SourceInfo, out: string, display: string, at = REEL_POSTER_AT): Promise<void> {
  checkMoment(at, info, `${display}: the poster`);
  const size = reelPosterSize(info);
  await stillAt(source, info, at, sourceRate(info), fit(size, info), size, out, display);
}

/** Three seconds from `at` (the poster frame) on, looped, at 12 fps, cropped to its tile: the animated WebP on /collective-reels. */
export async function reelThumb(source: string, info: SourceInfo, out: string, display: string, at = REEL_POSTER_AT): Promise<void> {
  checkMoment(at, info, `${display}: the thumbnail`);
  const size = MEDIA_SIZES.reelThumb;
  const frames = await rawFrames(source, loopGraph({ ...REEL_THUMB_LOOP, start: at }, info, size, ANIMATION_RATE), "loop", size, display);
  await writeFile(out, await animatedWebp(frames, { ...size, fps: rateValue(ANIMATION_RATE), quality: 60 }));
}
