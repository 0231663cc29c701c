import { spawnSync } from "node:child_process";

import { expect } from "vitest";

/** A 640×360, 25 fps test film of `seconds` at `file`, its index first (+faststart), as an editing tool exports it. */
export function testFilm(file: string, seconds: number, sound = false): void {
  const audio = sound ? ["-f", "lavfi", "-i", `sine=d=${seconds}`, "-c:a", "aac"] : [];
  const made = spawnSync("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    `testsrc2=s=640x360:r=25:d=${seconds}`,
    ...audio,
    "-pix_fmt",
    "yuv420p",
    "-c:v",
    "libx264",
    "-movflags",
    "+faststart",
    file,
  ]);
  expect(made.status, made.stderr.toString()).toBe(0);
}
