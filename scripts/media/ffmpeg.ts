/**
 * Runs ffmpeg and ffprobe. Still images (the demo's scene plates, title cards) are handed to
 * ffmpeg through extra pipes (file descriptors 3, 4, …, read as `pipe:3`, `pipe:4`) so no
 * intermediate file is written.
 */
import { execFile, spawn } from "node:child_process";
import type { Writable } from "node:stream";
import { promisify } from "node:util";

/** Arguments that keep the output free of timestamps, encoder version strings and metadata. */
export const BITEXACT = ["-map_metadata", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact"];

/** Filtering on one thread: jobs already run two at a time on a two-core budget. */
const THREADS = ["-filter_threads", "1", "-filter_complex_threads", "1"];

/** One encoder thread too: with several, the reel MP4s came out different from run to run. */
export const H264 = ["-c:v", "libx264", "-preset", "slow", "-pix_fmt", "yuv420p", "-threads", "1"];

/** `-i` arguments for PNG images passed on pipes, in order: the first is ffmpeg input 0. */
export function pipedPngInputs(count: number): string[] {
  return Array.from({ length: count }, (_, i) => ["-f", "png_pipe", "-i", `pipe:${3 + i}`]).flat();
}

/**
 * Runs `ffmpeg <args>` feeding `images` on fds 3, 4, …; resolves with its stdout.
 * `display` names the file being made, for the error message.
 */
export function ffmpeg(args: string[], images: Buffer[], display: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn("ffmpeg", ["-hide_banner", "-nostdin", "-loglevel", "error", "-y", ...THREADS, ...args], {
      stdio: ["ignore", "pipe", "pipe", ...images.map(() => "pipe" as const)],
    });
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
    child.on("error", (error) => reject(new Error(`could not start ffmpeg for ${display}: ${error.message}`)));
    child.on("close", (code) => {
      if (code === 0) resolve(Buffer.concat(stdout));
      else reject(new Error(`ffmpeg failed (exit ${code}) for ${display}:\n${stderr.trim().split("\n").slice(-12).join("\n")}`));
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
  width: number;
  height: number;
  /** Seconds. */
  duration: number;
  audio: boolean;
}

/** Reads a video's frame size, length and whether it has sound; rejects with ffprobe's reason. */
export async function ffprobe(file: string): Promise<VideoProbe> {
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)("ffprobe", ["-v", "error", "-show_entries", "stream=codec_type,width,height,duration:format=duration", "-of", "json", file]));
  } catch (error) {
    const { code, stderr } = error as { code?: string; stderr?: string };
    if (code === "ENOENT") throw new Error("ffprobe not found: install ffmpeg to read videos");
    // Without the file's full path (the caller names it) and the demuxer's memory address.
    throw new Error(stderr?.replaceAll(`${file}: `, "").replace(/\[[^\]]* @ 0x[0-9a-f]+\] /g, "") || String(error));
  }
  const probe = JSON.parse(stdout) as { streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[]; format?: { duration?: string } };
  const video = probe.streams?.find((stream) => stream.codec_type === "video" && stream.width && stream.height);
  // The picture's own length: the container's can run past the last frame (a longer sound track).
  // Some containers (WebM) give only the container's.
  const duration = Number(video?.duration ?? probe.format?.duration);
  if (!video?.width || !video.height) throw new Error("no video stream");
  if (!(duration > 0)) throw new Error("unknown duration");
  return { width: video.width, height: video.height, duration, audio: probe.streams?.some((stream) => stream.codec_type === "audio") ?? false };
}
