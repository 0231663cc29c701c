/**
 * Runs ffmpeg and ffprobe. Still images reach ffmpeg through extra pipes (`pipe:3`, `pipe:4`, …),
 * so no intermediate file is written; inside `encodeProgress.run(…)` it reports its progress on the next one.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { execFile, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { promisify } from "node:util";

import { reelRate } from "#model/reel-frames.ts";

/** Arguments that keep the output free of timestamps, encoder version strings and metadata. */
export const BITEXACT = "-map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact".split(" ");

/** Filtering on one thread: jobs already run two at a time on a two-core budget. */
const THREADS = "-filter_threads 1 -filter_complex_threads 1".split(" ");

/** One encoder thread too: with several, the reel MP4s came out different from run to run. */
export const H264 = "-c:v libx264 -preset slow -pix_fmt yuv420p -threads 1".split(" ");

/** How far one ffmpeg run is: seconds of output so far, of `total` when the arguments state it (`-t`). */
export interface EncodeProgress {
  display: string;
  seconds: number;
  total?: number;
  ended: boolean;
}

/** The listener of the ffmpeg runs inside `encodeProgress.run(listener, …)`, so no recipe passes a callback on. */
export const encodeProgress = new AsyncLocalStorage<(progress: EncodeProgress) => void>();

/** The output's length (seconds) when the arguments limit it: a `-t` after the last input. */
function statedLength(args: string[]): number | undefined {
  const at = args.lastIndexOf("-t");
  const length = Number(args[at + 1]);
  return at > args.lastIndexOf("-i") && length > 0 ? length : undefined;
}

/** ffmpeg's error lines without the memory addresses of its parts and the inputs' full paths (the caller names the file). */
function cleanErrors(stderr: string, args: string[]): string {
  const inputs = args.filter((_, i) => args[i - 1] === "-i");
  const lines = stderr
    .replace(/\[[^\]]* @ 0x[0-9a-f]+\] /g, "")
    .trim()
    .split("\n")
    .slice(-12);
  return lines.map((line) => inputs.reduce((cleaned, input) => cleaned.replaceAll(`${input}: `, ""), line)).join("\n");
}

/**
 * Runs `ffmpeg <args>` feeding `images` on fds 3, 4, …; resolves with its stdout. `display` names
 * the file made. `-xerror`: a source damaged part-way fails the run rather than giving a shorter output.
 */
export function ffmpeg(args: string[], images: Buffer[], display: string): Promise<Buffer> {
  const listener = encodeProgress.getStore();
  const progressFd = 3 + images.length;
  const progress = listener ? ["-progress", `pipe:${progressFd}`] : [];
  return new Promise((resolve, reject) => {
    const child = spawn(
      "ffmpeg",
      ["-hide_banner", "-nostdin", "-loglevel", "error", "-xerror", "-y", ...THREADS, ...progress, ...args],
      {
        stdio: ["ignore", "pipe", "pipe", ...images.map(() => "pipe" as const), ...(listener ? ["pipe" as const] : [])],
      },
    );
    const stdout: Buffer[] = [];
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    images.forEach((image, i) => {
      const pipe = child.stdio[3 + i] as Writable;
      // ffmpeg may stop reading an input early (it needs one frame of each still); that is fine.
      pipe.on("error", () => undefined);
      pipe.end(image);
    });
    const total = statedLength(args);
    let seconds = 0;
    if (listener) {
      // Blocks of `key=value` lines, each ended by `progress=continue` (or `end`), every half second.
      createInterface({ input: child.stdio[progressFd] as Readable }).on("line", (line) => {
        const [key, value] = line.split("=");
        if (key === "out_time_us" && Number(value) >= 0) seconds = Number(value) / 1e6;
        else if (key === "progress") listener({ display, seconds, total, ended: false });
      });
    }
    child.on("error", (error) => reject(new Error(`could not start ffmpeg for ${display}: ${error.message}`)));
    child.on("close", (code) => {
      listener?.({ display, seconds, total, ended: true });
      if (code === 0) resolve(Buffer.concat(stdout));
      else reject(new Error(`ffmpeg failed (exit ${code}) for ${display}:\n${cleanErrors(stderr, args)}`));
    });
  });
}

/** Splits raw rgb24 output into frames. */
export function splitFrames(raw: Buffer, width: number, height: number): Buffer[] {
  const size = width * height * 3;
  const frames: Buffer[] = [];
  for (let offset = 0; offset + size <= raw.length; offset += size) frames.push(raw.subarray(offset, offset + size));
  return frames;
}

export interface VideoProbe {
  /** The size the picture is shown at: after its sample aspect ratio and its rotation. */
  width: number;
  height: number;
  /** Seconds. */
  duration: number;
  audio: boolean;
  /** The constant rate the outputs take, a rational ("24000/1001", "25/1"): see reelRate. */
  fps: string;
  /** Coded as fields: the outputs deinterlace it. */
  interlaced: boolean;
  /** A pixel's width over its height in the frames ffmpeg's filters receive (rotated as shown); 1 for square pixels. */
  pixelAspect: number;
}

const PROBED =
  "stream=codec_type,width,height,duration,sample_aspect_ratio,r_frame_rate,avg_frame_rate,field_order:stream_side_data=rotation:format=duration";

interface ProbedStream {
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
  sample_aspect_ratio?: string;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  field_order?: string;
  side_data_list?: { rotation?: number }[];
}

/** "4:3" → 4/3; 1 when unknown ("0:1", absent). */
function sampleAspect(sar: string | undefined): number {
  const [num, den] = (sar ?? "").split(":").map(Number);
  return num > 0 && den > 0 ? num / den : 1;
}

/**
 * Reads a video's display size, length, whether it has sound, the frame rate its outputs take and
 * whether it is interlaced; rejects with ffprobe's reason.
 */
export async function ffprobe(file: string): Promise<VideoProbe> {
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)("ffprobe", ["-v", "error", "-show_entries", PROBED, "-of", "json", file]));
  } catch (error) {
    const { code, stderr } = error as { code?: string; stderr?: string };
    if (code === "ENOENT") throw new Error("ffprobe not found: install ffmpeg to read videos");
    // Without the file's full path (the caller names it) and the demuxer's memory address.
    throw new Error(stderr?.replaceAll(`${file}: `, "").replace(/\[[^\]]* @ 0x[0-9a-f]+\] /g, "") || String(error));
  }
  const probe = JSON.parse(stdout) as { streams?: ProbedStream[]; format?: { duration?: string } };
  const video = probe.streams?.find((stream) => stream.codec_type === "video" && stream.width && stream.height);
  // The picture's own length: the container's can run past the last frame (a longer sound track).
  // Some containers (WebM) give only the container's.
  const duration = Number(video?.duration ?? probe.format?.duration);
  if (!video?.width || !video.height) throw new Error("no video stream");
  if (!(duration > 0)) throw new Error("unknown duration");
  // ffmpeg turns decoded frames upright by the display matrix (phone footage), and by nothing else:
  // ffmpeg 5.1 no longer reads a `rotate` tag, so neither does this.
  const rotation = video.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? 0;
  const turned = Math.abs(Math.round(rotation / 90)) % 2 === 1;
  const sar = sampleAspect(video.sample_aspect_ratio);
  // Anamorphic pixels are widened: the height stays, as players show them.
  const [width, height] = [Math.round(video.width * sar), video.height];
  return {
    width: turned ? height : width,
    height: turned ? width : height,
    duration,
    audio: probe.streams?.some((stream) => stream.codec_type === "audio") ?? false,
    fps: reelRate(video.r_frame_rate, video.avg_frame_rate),
    interlaced: ["tt", "bb", "tb", "bt"].includes(video.field_order ?? ""),
    // Turning a frame on its side turns its pixels too (ffmpeg's transpose inverts the SAR).
    pixelAspect: turned ? 1 / sar : sar,
  };
}
