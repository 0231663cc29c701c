/**
 * The reel quality report (docs/media.md, "Quality report"): each rendition's frame size, bytes,
 * average kbit/s and SSIM against the source, in one ffmpeg pass that decodes the source once.
 */
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { reelLadder, reelMp4Rendition, type Rendition } from "#model/reel-frames.ts";
import { ffmpeg } from "./ffmpeg.ts";
import type { SourceInfo } from "./probe.ts";
import { reelPictureGraph, renditionSegments, total } from "./reels.ts";

/** Frames measured: one in SSIM_EVERY (all are decoded; one in five keeps the report to a fraction of the encode time). */
const SSIM_EVERY = 5;

/** A rendition measured: `input` is what ffmpeg reads of it, its media playlist or the MP4. */
interface Measured {
  name: string;
  width: number;
  height: number;
  input: string;
  bytes: number;
  seconds: number;
}

/** `kbps`: average bitrate, picture and sound; `ssim`: mean SSIM (all planes) against the source, 1 being identical. */
export type RenditionQuality = Omit<Measured, "input"> & { kbps: number; ssim: number };

async function hlsRendition(dir: string, { name, width, height }: Rendition): Promise<Measured> {
  const segments = await renditionSegments(dir, name);
  const input = path.join(dir, name, "index.m3u8");
  return { name, width, height, input, bytes: total(segments, "bytes"), seconds: total(segments, "duration") };
}

/** Mean of the `All:` column of an ssim stats file. */
function meanSsim(stats: string): number {
  const values = [...stats.matchAll(/All:([0-9.]+)/g)].map((match) => Number(match[1]));
  if (values.length === 0) throw new Error("ssim: no frames compared");
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Measures the renditions of one reel: its HLS folder (holding the rung folders) and its MP4. */
export async function reelQuality(
  source: string,
  info: SourceInfo,
  hlsDir: string,
  mp4: string,
  display: string,
): Promise<RenditionQuality[]> {
  const renditions = await Promise.all(reelLadder(info).map((rung) => hlsRendition(hlsDir, rung)));
  const duration = info.duration;
  const { width, height } = reelMp4Rendition(info);
  renditions.push({ name: "mp4", width, height, input: mp4, bytes: (await stat(mp4)).size, seconds: duration });
  const scratch = await mkdtemp(path.join(tmpdir(), "reel-ssim-"));
  try {
    const statsFile = (i: number) => path.join(scratch, `${i}.log`);
    // Timestamps start at zero in every input (MPEG-TS starts at 1.4 s) so frames pair up.
    const sampled = `select='not(mod(n,${SSIM_EVERY}))'`;
    const sources = `[v]setpts=PTS-STARTPTS,${sampled},split=${renditions.length}${renditions.map((_, i) => `[ref${i}]`).join("")}`;
    const compared = renditions.map(
      (_, i) =>
        `[${i + 1}:v]setpts=PTS-STARTPTS,${sampled},scale=${width}:${height}:flags=lanczos,format=yuv420p[dist${i}];` +
        `[dist${i}][ref${i}]ssim=stats_file=${statsFile(i)}[cmp${i}]`,
    );
    await ffmpeg(
      [
        "-i",
        source,
        ...renditions.flatMap((r) => ["-i", r.input]),
        "-filter_complex",
        `${reelPictureGraph(info)};${sources};${compared.join(";")}`,
        ...renditions.flatMap((_, i) => ["-map", `[cmp${i}]`, "-f", "null", "-"]),
      ],
      [],
      display,
    );
    return await Promise.all(
      renditions.map(async ({ input: _input, ...r }, i) => ({
        ...r,
        kbps: (r.bytes * 8) / r.seconds / 1000,
        ssim: meanSsim(await readFile(statsFile(i), "utf8")),
      })),
    );
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The report as text lines: one table per reel (its rows as reelQuality gives them, the MP4 last, at the frame compared at). */
export function qualityTable(title: string, rows: RenditionQuality[]): string[] {
  const db = (ssim: number) => (ssim >= 1 ? "inf" : (-10 * Math.log10(1 - ssim)).toFixed(1));
  const frame = rows[rows.length - 1];
  return [
    `${title}: SSIM against the source (every ${SSIM_EVERY}th frame), rendition scaled up to ${frame.width}×${frame.height} (lanczos)`,
    `  ${"rendition".padEnd(10)} ${"frame".padStart(9)} ${"bytes".padStart(11)} ${"kbit/s".padStart(7)}  ${"SSIM".padStart(6)} ${"(dB)".padStart(5)}`,
    ...rows.map(
      (r) =>
        `  ${r.name.padEnd(10)} ${`${r.width}×${r.height}`.padStart(9)} ${r.bytes.toLocaleString("en-US").padStart(11)} ${r.kbps.toFixed(0).padStart(7)}  ${r.ssim.toFixed(4)} ${db(r.ssim).padStart(5)}`,
    ),
  ];
}
