/** The demo content's sources (docs/media.md): SVG compositions filmed by ffmpeg, seeded to the byte. */
import { writeFile } from "node:fs/promises";

import type { Artist, ClientLogo, Reel } from "#model/content.ts";
import { MEDIA_KINDS } from "#model/media-kinds.ts";
import { SITE_CONTENT } from "#media-build/site-content.ts";
import type { SourceType } from "#model/media-paths.ts";
import { BITEXACT, ffmpeg } from "#media-build/recipes/ffmpeg.ts";
import type { Size } from "#media-build/recipes/probe.ts";
import { driftCamera, footageGraph, moveCamera, padAudioGraph, pickLight, reelGraph, type Footage } from "./graphs.ts";
import { pipedPngInputs, styleOf, svgToPng } from "./art-direction.ts";
import { logoMark } from "./logos.ts";
import { bustSvg, sceneSvg, type Motif } from "./scenes.ts";
import { rng } from "./seed.ts";
import { lowerThirdSvg, titleCardSvg } from "./titles.ts";

/** The file type the demo writes for each type of source. */
export const DEMO_EXTENSION: Record<SourceType, string> = { video: "mp4", image: "png", logo: "png" };

/** Grain strength (SVG overlay opacity) for stills. */
const STILL_GRAIN = 0.28;
const VIGNETTE = 0.45;

/**
 * Source footage is kept near-lossless (the site's files are encoded from it), on one thread so
 * the bytes come out the same every run.
 */
const SOURCE_H264 = ["-c:v", "libx264", "-preset", "fast", "-crf", "14", "-pix_fmt", "yuv420p", "-threads", "1"];
/**
 * The reels' 30 s of 1080p: on `fast`, x264 took over half the time of making the source, so
 * `ultrafast` at a lower CRF (a larger file, still visually lossless; media/ is not committed).
 */
const REEL_SOURCE_H264 = [
  "-c:v",
  "libx264",
  "-preset",
  "ultrafast",
  "-crf",
  "12",
  "-pix_fmt",
  "yuv420p",
  "-threads",
  "1",
];

// ---------------------------------------------------------------------------------------------
// Film artists: footage for the grid clip and the work thumbs

interface FootageRecipe {
  motif: Motif;
  sceneKey: string;
  footage: Footage;
}

/**
 * Five seconds: the grid clip loops the last four and crossfades into the first (recipes/loops.ts),
 * so the camera's drift has a four-second period. Drawn at the director's still size, the
 * largest picture made from it.
 */
function directorRecipe(artist: Artist): FootageRecipe {
  const style = styleOf(artist.id);
  const r = rng(`clip:${artist.id}`);
  const loop = 4;
  return {
    motif: style.motifs[0],
    sceneKey: `scene:${artist.id}`,
    footage: {
      ...MEDIA_KINDS.directorStill.size,
      fps: 25,
      seconds: loop + 1,
      grain: 6,
      palette: style.palette,
      camera: driftCamera(loop, r),
      light: pickLight(r),
      seed: r.seed(),
    },
  };
}

/** Three seconds at the thumbnails' own size and rate: they loop two and a half. */
function directorWorkRecipe(artist: Artist, index: number): FootageRecipe {
  const style = styleOf(artist.id);
  const r = rng(`work:${artist.id}:${index}`);
  const loop = 2.5;
  return {
    motif: style.motifs[index % 3],
    sceneKey: `work-scene:${artist.id}:${index}`,
    footage: {
      ...MEDIA_KINDS.directorWork.size,
      fps: 12,
      seconds: loop + 0.5,
      grain: 0,
      palette: style.palette,
      camera: driftCamera(loop, r),
      light: pickLight(r),
      seed: r.seed(),
    },
  };
}

async function footage(recipe: FootageRecipe, out: string, display: string): Promise<void> {
  const { footage: f } = recipe;
  const plate = await svgToPng(
    sceneSvg(recipe.motif, f.width, f.height, f.palette, rng(recipe.sceneKey), { vignette: VIGNETTE }),
  );
  await ffmpeg(
    [
      ...pipedPngInputs(1),
      "-filter_complex",
      footageGraph(f),
      "-map",
      "[v]",
      "-r",
      String(f.fps),
      ...SOURCE_H264,
      "-an",
      ...BITEXACT,
      "-f",
      "mp4",
      out,
    ],
    [plate],
    display,
  );
}

export function directorFootage(artist: Artist, out: string, display: string): Promise<void> {
  return footage(directorRecipe(artist), out, display);
}

export function directorWorkFootage(artist: Artist, index: number, out: string, display: string): Promise<void> {
  return footage(directorWorkRecipe(artist, index), out, display);
}

// ---------------------------------------------------------------------------------------------
// Photographers, bio photos

/** The photographer's picture, 4:5, large enough for both crops. */
const MASTER = { width: 1200, height: 1500 };

async function stillPng(svg: string, out: string): Promise<void> {
  await writeFile(out, await svgToPng(svg));
}

export function photograph(artist: Artist, out: string): Promise<void> {
  const style = styleOf(artist.id);
  return stillPng(
    sceneSvg(style.motifs[0], MASTER.width, MASTER.height, style.palette, rng(`scene:${artist.id}`), {
      grain: STILL_GRAIN,
      vignette: VIGNETTE,
    }),
    out,
  );
}

export function photographerWork(artist: Artist, index: number, out: string): Promise<void> {
  const { width, height } = MEDIA_KINDS.photographerWork.size;
  const style = styleOf(artist.id);
  return stillPng(
    sceneSvg(style.motifs[index % 3], width, height, style.palette, rng(`work-scene:${artist.id}:${index}`), {
      grain: STILL_GRAIN,
      vignette: VIGNETTE,
    }),
    out,
  );
}

/** `id`: an artist's, or AGENT (art-direction.ts). */
export function bioPhoto(id: string, out: string): Promise<void> {
  const { width, height } = MEDIA_KINDS.bioPhoto.size;
  return stillPng(
    bustSvg(width, height, styleOf(id).palette, rng(`bio:${id}`), { grain: STILL_GRAIN, vignette: VIGNETTE }),
    out,
  );
}

// ---------------------------------------------------------------------------------------------
// Reels

const REEL_FPS = 25;
/** Drawn at the reel's largest output size (model/reel-frames.ts REEL_VIDEO), so nothing is enlarged. */
const REEL_VIDEO = { width: 1920, height: 1080 };
/** The title card over the opening; the first spot's lower third follows it. */
const REEL_TITLE = { in: 0.4, out: 3.8 };
/** Each spot's lower third: from just after its cut for about 3.5 s, gone before the next cut. */
const CAPTION = { after: 0.3, seconds: 3.5, clear: 0.4 };

function directorOf(id: string): Artist {
  const found = SITE_CONTENT.directors.find((artist) => artist.id === id);
  if (!found) throw new Error(`reel spot: no film artist "${id}"`);
  return found;
}

/** One shot per spot in its director's palette and motif, each with its lower third. */
function reelShots(reel: Reel, size: Size) {
  const r = rng(`reel:${reel.slug}`);
  const spots = [...reel.spots].sort((a, b) => a.start - b.start);
  const ends = spots.map((spot, i) => spots[i + 1]?.start ?? reel.duration);
  const shots = spots.map((spot, i) => {
    const style = styleOf(spot.artist);
    return {
      motif: style.motifs[0],
      palette: style.palette,
      sceneKey: `reel-scene:${reel.slug}:${i}`,
      director: directorOf(spot.artist).name,
      spot,
    };
  });
  const moves = shots.map((shot, i) => ({
    palette: shot.palette,
    start: shot.spot.start,
    camera: moveCamera(ends[i] - shot.spot.start + 0.5, r),
    light: pickLight(r),
    transition: r.pick(["fade", "fadeblack", "smoothleft", "smoothup"]),
  }));
  // The first spot's lower third waits for the title card to clear.
  const captions = spots.map((spot, i) => {
    const from = i === 0 ? Math.max(spot.start + CAPTION.after, REEL_TITLE.out - 0.2) : spot.start + CAPTION.after;
    return { from, to: Math.min(from + CAPTION.seconds, ends[i] - CAPTION.clear) };
  });
  const cut = {
    ...size,
    fps: REEL_FPS,
    seconds: reel.duration,
    transition: 0.48,
    shots: moves,
    titleIn: REEL_TITLE.in,
    titleOut: REEL_TITLE.out,
    captions,
    grain: 4,
    seed: r.seed(),
  };
  return { shots, cut };
}

/** A showreel with sound, cut from the reel's spots, exactly the `duration` its file states. */
export async function reelFootage(reel: Reel, out: string, display: string): Promise<void> {
  if (!Number.isFinite(reel.duration))
    throw new Error(`app/content/reels/${reel.slug}.md states no duration: the demo film is cut to it`);
  const size = REEL_VIDEO;
  const { shots, cut } = reelShots(reel, size);
  const plates = shots.map((shot) =>
    svgToPng(sceneSvg(shot.motif, size.width, size.height, shot.palette, rng(shot.sceneKey), { vignette: VIGNETTE })),
  );
  const label = reel.title.includes(SITE_CONTENT.agencyName) ? "Showreel" : SITE_CONTENT.agencyName;
  const captions = shots.map((shot) =>
    svgToPng(lowerThirdSvg(size.width, size.height, shot.director, shot.spot.client, shot.spot.title)),
  );
  const inputs = await Promise.all([
    ...plates,
    svgToPng(titleCardSvg(size.width, size.height, label, reel.title)),
    ...captions,
  ]);
  await ffmpeg(
    [
      ...pipedPngInputs(inputs.length),
      "-filter_complex",
      `${reelGraph(cut)};${padAudioGraph(reel.duration, rng(`audio:${reel.slug}`))}`,
      "-map",
      "[v]",
      "-map",
      "[a]",
      "-r",
      String(REEL_FPS),
      ...REEL_SOURCE_H264,
      "-c:a",
      "aac",
      "-b:a",
      "192k",
      "-ar",
      "48000",
      "-t",
      String(reel.duration),
      ...BITEXACT,
      "-f",
      "mp4",
      out,
    ],
    inputs,
    display,
  );
}

// ---------------------------------------------------------------------------------------------
// Logos

export async function logo(client: ClientLogo, out: string): Promise<void> {
  await writeFile(out, await logoMark(client.name));
}
