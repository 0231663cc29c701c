/** A reel's MP4, HLS ladder, poster and animated thumbnail, whole and at its own rate (docs/media.md, "The reels"). */
import { readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";

import { masterVariants, mediaSegments } from "#model/hls.ts";
import { MEDIA_KINDS } from "#model/media-kinds.ts";
import {
  HLS_MASTER_ORDER,
  rateValue,
  reelLadder,
  reelMp4Rendition,
  reelPosterSize,
  type Rendition,
} from "#model/reel-frames.ts";
import { BITEXACT, ffmpeg, H264 } from "./ffmpeg.ts";
import { ANIMATION_RATE, checkMoment, fit, framesAt, rateArg, rawFrames, sourceRate, stillAt } from "./frames.ts";
import { loopGraph } from "./loops.ts";
import type { Size, SourceInfo } from "./probe.ts";
import { animatedWebp } from "./webp.ts";

/** The poster frame, and where the thumbnail loop starts, unless the reel names its own moment: in the demo reels, the title is fully shown. */
const REEL_POSTER_AT = 1.6;
/** The thumbnail on /collective-reels: three seconds from the poster frame on. */
const REEL_THUMB_LOOP = { fade: 0.5, seconds: 3 };

/**
 * Constant quality, capped per rendition by a peak rate (-maxrate, twice that of buffer). `medium`
 * rather than `slow`: on one encoder thread (bit-exactness) a 1080p ladder on `slow` takes too long.
 */
const REEL_CRF = 21;
const REEL_PRESET = ["-preset", "medium"];

/** The reel MP4 keeps a keyframe every two seconds, so a seek never decodes far. */
const MP4_KEYFRAME_SECONDS = 2;

/**
 * Segment lengths (seconds): two short ones first, so playback starts after a few hundred kilobytes,
 * then as long as the MP4's keyframe gap, so a link's moment costs the ladder what it costs the MP4:
 * at most a segment of 2 s to fetch and 2 s of frames to decode before the moment shows (with 4 s
 * segments, Firefox from a `?t=` moment took 1.6–1.9× a bare `<video>` of the MP4).
 * Keyframes are forced at exactly these instants in every rendition, so a player can switch at any boundary.
 */
const HLS_FIRST_SEGMENTS = [1, 1];
const HLS_SEGMENT = MP4_KEYFRAME_SECONDS;

/** The instants (seconds) at which the segments of a reel `duration` seconds long begin. */
export function segmentStarts(duration: number): number[] {
  const starts = [0];
  for (const length of HLS_FIRST_SEGMENTS) starts.push(starts[starts.length - 1] + length);
  while (starts[starts.length - 1] + HLS_SEGMENT < duration) starts.push(starts[starts.length - 1] + HLS_SEGMENT);
  return starts.filter((start) => start < duration);
}

/** The source's picture (input 0) as every reel output starts from it: whole, at its own rate, at `size`: `[v]`. */
const reelPicture = (info: SourceInfo, size: Size): string =>
  `[0:v]${framesAt(info, sourceRate(info))},${fit(size, info)},format=yuv420p[v]`;

/** ffmpeg's inputs and graph of `[v]` at `size` and stereo 48 kHz `[a]`, silence for a silent source. */
function reelInput(source: string, info: SourceInfo, size: Size): { inputs: string[]; graph: string } {
  const silence = info.audio ? [] : ["-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo"];
  return {
    inputs: ["-i", source, ...silence],
    graph: `${reelPicture(info, size)};[${info.audio ? "0:a" : "1:a"}]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo[a]`,
  };
}

const AAC = (info: SourceInfo) => [..."-c:a aac -b:a 128k -ac 2 -ar 48000 -t".split(" "), info.duration.toFixed(3)];

/** The source's picture as the reel's top rung and MP4 show it (what the quality report compares with): `[v]`. */
export const reelPictureGraph = (info: SourceInfo): string => reelPicture(info, reelLadder(info)[0]);

/** The reel MP4: the top rung's frame, at the source's rate. */
export async function reelMp4(source: string, info: SourceInfo, out: string, display: string): Promise<void> {
  const rendition = reelMp4Rendition(info);
  const rate = sourceRate(info);
  const { inputs, graph } = reelInput(source, info, rendition);
  await ffmpeg(
    [
      ...inputs,
      ...["-filter_complex", graph, "-map", "[v]", "-map", "[a]", "-r", rateArg(rate)],
      ...H264,
      ...REEL_PRESET,
      ...["-profile:v", rendition.profile, "-crf", String(REEL_CRF)],
      ...["-maxrate", `${rendition.maxKbps}k`, "-bufsize", `${rendition.maxKbps * 2}k`],
      ...["-g", String(Math.round(MP4_KEYFRAME_SECONDS * rateValue(rate)))],
      ...AAC(info),
      ...["-movflags", "+faststart", ...BITEXACT, "-f", "mp4", out],
    ],
    [],
    display,
  );
}

/** The segments of the HLS rendition `name` (a folder of `dir`): each one's length and bytes. */
export async function renditionSegments(dir: string, name: string): Promise<{ duration: number; bytes: number }[]> {
  const segments = mediaSegments(await readFile(path.join(dir, name, "index.m3u8"), "utf8"));
  return Promise.all(
    segments.map(async ({ duration, uri }) => ({ duration, bytes: (await stat(path.join(dir, name, uri))).size })),
  );
}

export const total = <K extends string>(items: readonly Record<K, number>[], key: K): number =>
  items.reduce((sum, item) => sum + item[key], 0);

/** One `#EXT-X-STREAM-INF` entry of a master playlist. */
interface Variant {
  name: string;
  attributes: string;
}

/**
 * Rewrites ffmpeg's master playlist in HLS_MASTER_ORDER with measured bitrates: BANDWIDTH the peak
 * segment's, as the HLS spec defines it, and AVERAGE-BANDWIDTH; ffmpeg 5.1 writes -maxrate plus 10%.
 */
export async function rewriteMaster(
  dir: string,
  master: string,
  ladder: readonly Rendition[],
  rate: string,
): Promise<void> {
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
    const segments = await renditionSegments(dir, name);
    const peak = Math.max(...segments.map(({ bytes, duration }) => (bytes * 8) / duration));
    const average = (total(segments, "bytes") * 8) / total(segments, "duration");
    variants.push({
      name,
      attributes: `BANDWIDTH=${Math.ceil(peak)},AVERAGE-BANDWIDTH=${Math.ceil(average)},RESOLUTION=${rung.width}x${rung.height},FRAME-RATE=${rateValue(rate).toFixed(3)},CODECS="${codec}"`,
    });
  }
  const text = [
    "#EXTM3U",
    "#EXT-X-VERSION:6",
    "#EXT-X-INDEPENDENT-SEGMENTS",
    ...variants.flatMap((v) => [`#EXT-X-STREAM-INF:${v.attributes}`, `${v.name}/index.m3u8`]),
  ].join("\n");
  await writeFile(path.join(dir, master), `${text}\n`);
}

/** Writes every rung of the source's ladder (`<dir>/<rung>/index.m3u8`) in one pass, then `<dir>/<master>`. */
export async function reelHls(
  source: string,
  info: SourceInfo,
  dir: string,
  master: string,
  display: string,
): Promise<void> {
  const ladder = reelLadder(info);
  const rate = sourceRate(info);
  const { inputs, graph } = reelInput(source, info, ladder[0]);
  const video = ladder.map((_, i) => `[hv${i}]`).join("");
  // The top rung has square pixels and the source's shape: the others scale down from it.
  const scaled = ladder.map((rung, i) =>
    i === 0 ? `[hv0]null[v0]` : `[hv${i}]scale=${rung.width}:${rung.height}:flags=lanczos[v${i}]`,
  );
  const split = `[v]split=${ladder.length}${video};${scaled.join(";")};[a]asplit=${ladder.length}${ladder.map((_, i) => `[a${i}]`).join("")}`;
  await ffmpeg(
    [
      ...inputs,
      ...["-filter_complex", `${graph};${split}`],
      ...ladder.flatMap((_, i) => ["-map", `[v${i}]`, "-map", `[a${i}]`]),
      ...["-r", rateArg(rate), ...H264, ...REEL_PRESET, "-crf", String(REEL_CRF)],
      ...ladder.flatMap((rung, i) => [
        `-profile:v:${i}`,
        rung.profile,
        `-maxrate:v:${i}`,
        `${rung.maxKbps}k`,
        `-bufsize:v:${i}`,
        `${rung.maxKbps * 2}k`,
      ]),
      // The forced keyframes are instants in seconds, the frame after each at any rate; -g caps the gap at a segment's frames.
      ...["-g", String(Math.round(HLS_SEGMENT * rateValue(rate))), "-sc_threshold", "0"],
      ...["-force_key_frames", segmentStarts(info.duration).join(",")],
      ...AAC(info),
      ...BITEXACT,
      // hls_time 1 with keyframes only at the segment starts: each segment runs to the first keyframe a
      // second or more after its start, i.e. to the next segment start.
      ..."-f hls -hls_time 1 -hls_playlist_type vod -hls_flags independent_segments -hls_segment_type mpegts".split(
        " ",
      ),
      ...["-hls_segment_filename", `${dir}/%v/segment_%03d.ts`, "-master_pl_name", master],
      ...["-var_stream_map", ladder.map((rung, i) => `v:${i},a:${i},name:${rung.name}`).join(" ")],
      `${dir}/%v/index.m3u8`,
    ],
    [],
    display,
  );
  await rewriteMaster(dir, master, ladder, rate);
}

/** The reel's poster: the frame at `at` seconds, whole, 1280 wide (reelPosterSize). */
export async function reelPoster(
  source: string,
  info: SourceInfo,
  out: string,
  display: string,
  at = REEL_POSTER_AT,
): Promise<void> {
  checkMoment(at, info, `${display}: the poster`);
  const size = reelPosterSize(info);
  await stillAt(source, info, at, sourceRate(info), fit(size, info), size, out, display);
}

/** Three seconds from `at` (the poster frame) on, looped, at 12 fps, cropped to its tile: the animated WebP on /collective-reels. */
export async function reelThumb(
  source: string,
  info: SourceInfo,
  out: string,
  display: string,
  at = REEL_POSTER_AT,
): Promise<void> {
  checkMoment(at, info, `${display}: the thumbnail`);
  const size = MEDIA_KINDS.reelThumb.size;
  const frames = await rawFrames(
    source,
    loopGraph({ ...REEL_THUMB_LOOP, start: at }, info, size, ANIMATION_RATE),
    "loop",
    size,
    display,
  );
  await writeFile(out, await animatedWebp(frames, { ...size, fps: rateValue(ANIMATION_RATE), quality: 60 }));
}
