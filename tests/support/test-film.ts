import { spawnSync } from "node:child_process";

/**
 * Makes `file` with ffmpeg from lavfi's `sources`, with `options`; throws with ffmpeg's own words if it cannot.
 * No test runner's expect: vitest's tests and Playwright's make their media with it alike.
 */
function fromLavfi(file: string, sources: string[], options: string[]): void {
  const inputs = sources.flatMap((source) => ["-f", "lavfi", "-i", source]);
  const made = spawnSync("ffmpeg", ["-v", "error", "-y", ...inputs, ...options, file]);
  if (made.status !== 0) throw new Error(`ffmpeg could not make ${file}: ${made.stderr.toString()}`);
}

/** A 640×360, 25 fps test film of `seconds` at `file`, its index first (+faststart), as an editing tool exports it. */
export function testFilm(file: string, seconds: number, sound = false): void {
  fromLavfi(
    file,
    [`testsrc2=s=640x360:r=25:d=${seconds}`, ...(sound ? [`sine=d=${seconds}`] : [])],
    [...(sound ? ["-c:a", "aac"] : []), "-pix_fmt", "yuv420p", "-c:v", "libx264", "-movflags", "+faststart"],
  );
}
