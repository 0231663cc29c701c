/**
 * Runs ffmpeg. Still images (scene plates, title cards) are handed to ffmpeg through extra pipes
 * (file descriptors 3, 4, …, read as `pipe:3`, `pipe:4`) so nothing is written outside public/.
 */
import { spawn } from "node:child_process";
import type { Writable } from "node:stream";

/** Arguments that keep the output free of timestamps, encoder version strings and metadata. */
export const BITEXACT = ["-map_metadata", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact"];

/** Filtering on one thread: jobs already run two at a time on a two-core budget. */
const THREADS = ["-filter_threads", "1", "-filter_complex_threads", "1"];

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
