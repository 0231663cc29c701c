/**
 * Media build (`npm run media`, add `--force` to regenerate everything).
 *
 * Generates every image and video the site content references, at the path the content names
 * ("/images/x" → public/images/x), at the sizes in app/lib/media.ts:
 *   - film artists: a short muted looping MP4 clip (`thumb`) and a JPEG still of its first frame
 *     (`mobileBG`, also the video poster); work thumbs as looping animated WebP plus a JPEG of
 *     their first frame (`still`);
 *   - photographers: one abstract "photograph" rendered large, cropped for desktop (`thumb`) and
 *     phone (`mobileBG`); work thumbs as JPEG;
 *   - bio photos (artists' and the agent's): an abstract silhouette, never a likeness;
 *   - reels: a 12 s showreel of four shots with its title set over the opening, as an MP4 with a
 *     quiet generated soundtrack and as an HLS ladder (360p/720p, 4 s segments), plus a poster
 *     JPEG and an animated WebP thumbnail;
 *   - client logos: palette-quantised transparent PNG word marks;
 *   - then, from those outputs: the responsive ladder of every still the pages show (each width
 *     of its ladder in app/lib/media.ts, as AVIF, WebP and JPEG, or WebP and PNG for the logos,
 *     named "{still}-{width}w.{format}"), 1200×630 link-preview JPEGs (the site's, each artist's,
 *     each reel's) and the icons rendered from the hand-drawn public/favicon.svg.
 * The pictures are abstract compositions (SVG rendered by sharp) filmed by ffmpeg with a slow
 * virtual camera, a moving light leak and film grain. Each artist has its own palette and motifs.
 *
 * Everything is seeded: palettes, compositions, camera moves and ffmpeg's random sources
 * (`gradients`, `noise`, `anoisesrc`) all derive from stable strings such as the artist id, and
 * outputs are written bit-exact without metadata, so a rerun reproduces the same media instead of
 * churning every binary in the repository.
 *
 * Existing files are skipped (delete one, or pass --force, to remake it). ffmpeg jobs run two at
 * a time. Nothing is written outside public/.
 *
 * Needs ffmpeg (with libx264 and aac) and, for the logos and reel titles, the Debian font packages
 * fonts-dejavu-core, fonts-dejavu-extra, fonts-urw-base35 and fonts-liberation2 (checked before
 * any type is set: librsvg would otherwise fall back to another face without a word).
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { artists, biography, clientLogos, reels, site, type Artist, type Reel, type WorkThumb } from "../app/content/index";
import { type LadderFile, type LadderKind, ladderFiles, MEDIA_SIZES, previewImages } from "../app/lib/media";
import { BITEXACT, ffmpeg, pipedPngInputs, splitFrames } from "./media/ffmpeg";
import { ladderImage } from "./media/ladder";
import { driftCamera, loopClipGraph, moveCamera, padAudioGraph, pickLight, reelGraph, seamlessLoop, type LoopClip, type ReelCut } from "./media/graphs";
import { LOGO_FONT_FAMILIES, logoPng } from "./media/logos";
import { PALETTES, type Palette } from "./media/palette";
import { MOTIF_NAMES, TITLE_FONT_FAMILIES, bustSvg, sceneSvg, titleCardSvg, type Motif } from "./media/scenes";
import { icoFromPng, iconPng, previewJpeg } from "./media/previews";
import { deal, hash, rng } from "./media/seed";
import { animatedWebp } from "./media/webp";

const PUBLIC = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "public");
const CONCURRENCY = 2;
const JPEG = { quality: 84, mozjpeg: true } as const;
/** Grain strength (SVG overlay opacity) for stills. */
const STILL_GRAIN = 0.28;
const VIGNETTE = 0.45;

sharp.concurrency(1);

// ---------------------------------------------------------------------------------------------
// Art direction per artist

interface Style {
  palette: Palette;
  /** The artist's main motif, then two more that take turns with it across the work thumbs. */
  motifs: [Motif, Motif, Motif];
}

const AGENT = "agent";

/** Palettes are dealt across everyone (all distinct), motifs within each list (evenly spread). */
function styles(): Map<string, Style> {
  const film = artists.film.map((a) => a.id);
  const photographers = artists.photographers.map((a) => a.id);
  const everyone = [...film, ...photographers, AGENT];
  const palettes = deal(everyone, PALETTES, "palette");
  // The agent's bio photo is the only picture of theirs, and it has no motif.
  const motifs = [...deal(film, MOTIF_NAMES, "motif"), ...deal(photographers, MOTIF_NAMES, "motif"), MOTIF_NAMES[0]];
  return new Map(
    everyone.map((id, i): [string, Style] => {
      const others = MOTIF_NAMES.filter((m) => m !== motifs[i]).sort((a, b) => hash(`${id}:${a}`) - hash(`${id}:${b}`));
      return [id, { palette: palettes[i], motifs: [motifs[i], others[0], others[1]] }];
    }),
  );
}

const STYLES = styles();

function styleOf(id: string): Style {
  const style = STYLES.get(id);
  if (!style) throw new Error(`no style for ${id}`);
  return style;
}

// ---------------------------------------------------------------------------------------------
// Helpers

type Size = { readonly width: number; readonly height: number };

async function svgToPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function jpegFromRaw(frame: Buffer, size: Size): Promise<Buffer> {
  return sharp(frame, { raw: { width: size.width, height: size.height, channels: 3 } }).jpeg(JPEG).toBuffer();
}

/** Runs a graph whose output is `[label]` and returns its frames as raw rgb24. */
async function renderFrames(graph: string, label: string, plates: Buffer[], size: Size, display: string, maxFrames?: number): Promise<Buffer[]> {
  const limit = maxFrames ? ["-frames:v", String(maxFrames)] : [];
  const raw = await ffmpeg(
    [...pipedPngInputs(plates.length), "-filter_complex", graph, "-map", `[${label}]`, ...limit, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"],
    plates,
    display,
  );
  return splitFrames(raw, size.width, size.height);
}

/** One encoder thread too: with several, the reel MP4s came out different from run to run. */
const H264 = ["-c:v", "libx264", "-preset", "slow", "-pix_fmt", "yuv420p", "-threads", "1"];

// ---------------------------------------------------------------------------------------------
// Film artists: looping clip, its poster, animated work thumbs

interface ClipRecipe {
  motif: Motif;
  sceneKey: string;
  clip: Omit<LoopClip, "width" | "height">;
}

function directorRecipe(artist: Artist): ClipRecipe {
  const style = styleOf(artist.id);
  const r = rng(`clip:${artist.id}`);
  const seconds = 4;
  return {
    motif: style.motifs[0],
    sceneKey: `scene:${artist.id}`,
    clip: { fps: 25, seconds, fade: 1, grain: 6, palette: style.palette, camera: driftCamera(seconds, r), light: pickLight(r), seed: r.seed() },
  };
}

function filmWorkRecipe(artist: Artist, index: number): ClipRecipe {
  const style = styleOf(artist.id);
  const r = rng(`work:${artist.id}:${index}`);
  const seconds = 2.5;
  return {
    motif: style.motifs[index % 3],
    sceneKey: `work-scene:${artist.id}:${index}`,
    clip: { fps: 12, seconds, fade: 0.5, grain: 0, palette: style.palette, camera: driftCamera(seconds, r), light: pickLight(r), seed: r.seed() },
  };
}

async function plate(recipe: ClipRecipe, size: Size): Promise<Buffer> {
  return svgToPng(sceneSvg(recipe.motif, size.width, size.height, recipe.clip.palette, rng(recipe.sceneKey), { vignette: VIGNETTE }));
}

async function loopClipFrames(recipe: ClipRecipe, size: Size, display: string, maxFrames?: number): Promise<Buffer[]> {
  const graph = loopClipGraph({ ...recipe.clip, ...size });
  return renderFrames(graph, "v", [await plate(recipe, size)], size, display, maxFrames);
}

async function directorClip(artist: Artist, out: string, display: string): Promise<void> {
  const size = MEDIA_SIZES.directorClip;
  const recipe = directorRecipe(artist);
  const graph = loopClipGraph({ ...recipe.clip, ...size });
  await ffmpeg(
    [
      ...pipedPngInputs(1),
      "-filter_complex", graph, "-map", "[v]", "-r", String(recipe.clip.fps),
      ...H264, "-profile:v", "high", "-crf", "21", "-maxrate", "600k", "-bufsize", "1200k",
      "-an", "-movflags", "+faststart", ...BITEXACT, "-f", "mp4", out,
    ],
    [await plate(recipe, size)],
    display,
  );
}

/** The clip's first frame, rendered at the larger still size. */
async function directorStill(artist: Artist, out: string, display: string): Promise<void> {
  const size = MEDIA_SIZES.directorStill;
  const [first] = await loopClipFrames(directorRecipe(artist), size, display, 1);
  await writeFile(out, await jpegFromRaw(first, size));
}

async function filmWorkAnimation(artist: Artist, index: number, out: string, display: string): Promise<void> {
  const size = MEDIA_SIZES.filmWork;
  const recipe = filmWorkRecipe(artist, index);
  const frames = await loopClipFrames(recipe, size, display);
  await writeFile(out, await animatedWebp(frames, { ...size, fps: recipe.clip.fps, quality: 60 }));
}

async function filmWorkStill(artist: Artist, index: number, out: string, display: string): Promise<void> {
  const size = MEDIA_SIZES.filmWork;
  const [first] = await loopClipFrames(filmWorkRecipe(artist, index), size, display, 1);
  await writeFile(out, await jpegFromRaw(first, size));
}

// ---------------------------------------------------------------------------------------------
// Photographers: one picture, two crops; work thumbs; bio photos

/** The photographer's picture is drawn once at this 4:5 size and cropped from it. */
const MASTER = { width: 1200, height: 1500 };

function photographMaster(artist: Artist): Promise<Buffer> {
  const style = styleOf(artist.id);
  const svg = sceneSvg(style.motifs[0], MASTER.width, MASTER.height, style.palette, rng(`scene:${artist.id}`), { grain: STILL_GRAIN, vignette: VIGNETTE });
  return svgToPng(svg);
}

async function photographerDesktop(artist: Artist, out: string): Promise<void> {
  const { width, height } = MEDIA_SIZES.photographerDesktop;
  await sharp(await photographMaster(artist)).resize(width, height, { fit: "cover" }).jpeg(JPEG).toFile(out);
}

/** A tighter crop of the same picture, framed around a seeded focal point. */
async function photographerMobile(artist: Artist, out: string): Promise<void> {
  const { width, height } = MEDIA_SIZES.photographerMobile;
  const r = rng(`crop:${artist.id}`);
  const cropW = Math.round(MASTER.width * 0.78);
  const cropH = Math.round((cropW * height) / width);
  const clamp = (value: number, max: number): number => Math.round(Math.min(Math.max(value, 0), max));
  const left = clamp(MASTER.width * r.range(0.4, 0.6) - cropW / 2, MASTER.width - cropW);
  const top = clamp(MASTER.height * r.range(0.4, 0.5) - cropH / 2, MASTER.height - cropH);
  await sharp(await photographMaster(artist)).extract({ left, top, width: cropW, height: cropH }).resize(width, height).jpeg(JPEG).toFile(out);
}

async function photoWork(artist: Artist, index: number, out: string): Promise<void> {
  const { width, height } = MEDIA_SIZES.photoWork;
  const style = styleOf(artist.id);
  const svg = sceneSvg(style.motifs[index % 3], width, height, style.palette, rng(`work-scene:${artist.id}:${index}`), { grain: STILL_GRAIN, vignette: VIGNETTE });
  await sharp(Buffer.from(svg)).jpeg(JPEG).toFile(out);
}

async function bioPhoto(id: string, out: string): Promise<void> {
  const { width, height } = MEDIA_SIZES.bioPhoto;
  const svg = bustSvg(width, height, styleOf(id).palette, rng(`bio:${id}`), { grain: STILL_GRAIN, vignette: VIGNETTE });
  await sharp(Buffer.from(svg)).jpeg(JPEG).toFile(out);
}

// ---------------------------------------------------------------------------------------------
// Reels

const REEL_FPS = 25;
/** Frame size of the reel MP4 and of the top HLS rendition. */
const REEL_VIDEO = { width: 1280, height: 720 };
/** Where the title is fully shown: the poster frame and the start of the thumbnail loop. */
const REEL_POSTER_AT = 1.6;

interface ReelRecipe {
  shots: { motif: Motif; palette: Palette; sceneKey: string }[];
  cut: (width: number, height: number, grain: number) => ReelCut;
}

/** A fixed shuffle of the motifs; reel i takes four in a row from position 3i, so reels open differently. */
const REEL_MOTIFS = [...MOTIF_NAMES].sort((a, b) => hash(`reel:${a}`) - hash(`reel:${b}`));

/** Four shots with distinct motifs, each in the palette of an artist from the roster. */
function reelRecipe(reel: Reel): ReelRecipe {
  const r = rng(`reel:${reel.slug}`);
  const offset = reels.findIndex((candidate) => candidate.slug === reel.slug) * 3;
  const motifs = [0, 1, 2, 3].map((k) => REEL_MOTIFS[(offset + k) % REEL_MOTIFS.length]);
  const roster = [...STYLES.values()].map((s) => s.palette);
  const first = r.int(roster.length);
  const step = 1 + r.int(roster.length - 1);
  const shots = motifs.map((motif, i) => ({ motif, palette: roster[(first + i * step) % roster.length], sceneKey: `reel-scene:${reel.slug}:${i}` }));
  const seconds = reel.duration;
  const moves = shots.map((shot) => ({
    palette: shot.palette,
    camera: moveCamera(seconds / shots.length + 0.5, r),
    light: pickLight(r),
    transition: r.pick(["fade", "fadeblack", "smoothleft", "smoothup"]),
  }));
  const seed = r.seed();
  return {
    shots,
    cut: (width, height, grain) => ({ width, height, fps: REEL_FPS, seconds, transition: 0.48, shots: moves, titleIn: 0.4, titleOut: 4.2, grain, seed }),
  };
}

/** Plates for every shot plus the title card, at the given size, in input order. */
async function reelInputs(reel: Reel, recipe: ReelRecipe, size: Size): Promise<Buffer[]> {
  const plates = recipe.shots.map((shot) => svgToPng(sceneSvg(shot.motif, size.width, size.height, shot.palette, rng(shot.sceneKey), { vignette: VIGNETTE })));
  const label = reel.title.includes(site.agencyName) ? "Showreel" : site.agencyName;
  return Promise.all([...plates, svgToPng(titleCardSvg(size.width, size.height, label, reel.title))]);
}

async function reelMp4(reel: Reel, out: string, display: string): Promise<void> {
  const size = REEL_VIDEO;
  const recipe = reelRecipe(reel);
  const graph = `${reelGraph(recipe.cut(size.width, size.height, 5))};${padAudioGraph(reel.duration, rng(`audio:${reel.slug}`))}`;
  await ffmpeg(
    [
      ...pipedPngInputs(recipe.shots.length + 1),
      "-filter_complex", graph, "-map", "[v]", "-map", "[a]", "-r", String(REEL_FPS),
      ...H264, "-profile:v", "high", "-crf", "23", "-maxrate", "900k", "-bufsize", "1800k",
      "-c:a", "aac", "-b:a", "64k", "-ar", "48000", "-t", String(reel.duration),
      "-movflags", "+faststart", ...BITEXACT, "-f", "mp4", out,
    ],
    await reelInputs(reel, recipe, size),
    display,
  );
}

/** HLS renditions: folder name, frame size, peak video bitrate (kbit/s). Highest first: players start there. */
const HLS_LADDER = [
  { name: "720p", ...REEL_VIDEO, kbps: 1200 },
  { name: "360p", width: 640, height: 360, kbps: 400 },
] as const;
const HLS_SEGMENT = 4;

/** Writes `<dir>/<master>` and `<dir>/<rendition>/index.m3u8` with 4 s MPEG-TS segments. */
async function reelHls(reel: Reel, dir: string, master: string, display: string): Promise<void> {
  const [top] = HLS_LADDER;
  const recipe = reelRecipe(reel);
  const video = HLS_LADDER.map((_, i) => `[hv${i}]`).join("");
  const scaled = HLS_LADDER.map((rung, i) => (i === 0 ? `[hv0]null[v0]` : `[hv${i}]scale=${rung.width}:${rung.height}:flags=lanczos[v${i}]`));
  const graph =
    `${reelGraph(recipe.cut(top.width, top.height, 5))};${padAudioGraph(reel.duration, rng(`audio:${reel.slug}`))};` +
    `[v]split=${HLS_LADDER.length}${video};${scaled.join(";")};[a]asplit=${HLS_LADDER.length}${HLS_LADDER.map((_, i) => `[a${i}]`).join("")}`;
  const keyframes = HLS_SEGMENT * REEL_FPS;
  await ffmpeg(
    [
      ...pipedPngInputs(recipe.shots.length + 1),
      "-filter_complex", graph,
      ...HLS_LADDER.flatMap((_, i) => ["-map", `[v${i}]`, "-map", `[a${i}]`]),
      "-r", String(REEL_FPS), ...H264, "-profile:v", "main", "-crf", "23",
      ...HLS_LADDER.flatMap((rung, i) => [`-maxrate:v:${i}`, `${rung.kbps}k`, `-bufsize:v:${i}`, `${rung.kbps * 2}k`]),
      // A keyframe every segment, and only there, so every rendition cuts at the same instants.
      "-g", String(keyframes), "-keyint_min", String(keyframes), "-sc_threshold", "0", "-force_key_frames", `expr:gte(t,n_forced*${HLS_SEGMENT})`,
      "-c:a", "aac", "-b:a", "64k", "-ar", "48000", "-t", String(reel.duration),
      ...BITEXACT,
      "-f", "hls", "-hls_time", String(HLS_SEGMENT), "-hls_playlist_type", "vod", "-hls_flags", "independent_segments", "-hls_segment_type", "mpegts",
      "-hls_segment_filename", path.join(dir, "%v", "segment_%03d.ts"),
      "-master_pl_name", master,
      "-var_stream_map", HLS_LADDER.map((rung, i) => `v:${i},a:${i},name:${rung.name}`).join(" "),
      path.join(dir, "%v", "index.m3u8"),
    ],
    await reelInputs(reel, recipe, top),
    display,
  );
}

async function reelPoster(reel: Reel, out: string, display: string): Promise<void> {
  const size = MEDIA_SIZES.reelPoster;
  const recipe = reelRecipe(reel);
  const graph = `${reelGraph(recipe.cut(size.width, size.height, 5))};[v]trim=start_frame=${Math.round(REEL_POSTER_AT * REEL_FPS)}[poster]`;
  const [frame] = await renderFrames(graph, "poster", await reelInputs(reel, recipe, size), size, display, 1);
  await writeFile(out, await jpegFromRaw(frame, size));
}

/** Three seconds of the reel from the poster frame on, looped, at 12 fps. */
async function reelThumb(reel: Reel, out: string, display: string): Promise<void> {
  const size = MEDIA_SIZES.reelThumb;
  const fps = 12;
  const recipe = reelRecipe(reel);
  const graph = `${reelGraph(recipe.cut(size.width, size.height, 0))};[v]fps=${fps}[slow];${seamlessLoop("slow", "thumb", fps, REEL_POSTER_AT, 3, 0.5)}`;
  const frames = await renderFrames(graph, "thumb", await reelInputs(reel, recipe, size), size, display);
  await writeFile(out, await animatedWebp(frames, { ...size, fps, quality: 60 }));
}

// ---------------------------------------------------------------------------------------------
// Jobs

/** Every kind of output: its label in the size summary, the extension its path must have. */
const KINDS = {
  directorClip: { label: "director clip (mp4)", extension: ".mp4" },
  directorStill: { label: "director still (jpg)", extension: ".jpg" },
  filmWork: { label: "film work (webp)", extension: ".webp" },
  filmWorkStill: { label: "film work still (jpg)", extension: ".jpg" },
  photographerDesktop: { label: "photographer desktop (jpg)", extension: ".jpg" },
  photographerMobile: { label: "photographer mobile (jpg)", extension: ".jpg" },
  photoWork: { label: "photo work (jpg)", extension: ".jpg" },
  bioPhoto: { label: "bio photo (jpg)", extension: ".jpg" },
  reelMp4: { label: "reel (mp4)", extension: ".mp4" },
  reelHls: { label: "reel (hls)", extension: ".m3u8" },
  reelPoster: { label: "reel poster (jpg)", extension: ".jpg" },
  reelThumb: { label: "reel thumb (webp)", extension: ".webp" },
  clientLogo: { label: "client logo (png)", extension: ".png" },
  ladderAvif: { label: "ladder (avif)", extension: ".avif" },
  ladderWebp: { label: "ladder (webp)", extension: ".webp" },
  ladderJpeg: { label: "ladder (jpg)", extension: ".jpg" },
  ladderPng: { label: "ladder (png)", extension: ".png" },
  preview: { label: "link preview (jpg)", extension: ".jpg" },
  icon: { label: "icon (png)", extension: ".png" },
  favicon: { label: "favicon (ico)", extension: ".ico" },
} as const;

/** Kinds made from other outputs, so they run once everything else is in place. */
const DERIVED: ReadonlySet<Kind> = new Set<Kind>(["ladderAvif", "ladderWebp", "ladderJpeg", "ladderPng", "preview"]);

/** Kinds that set type, so need the fonts. */
const TYPESET: ReadonlySet<Kind> = new Set<Kind>(["reelMp4", "reelHls", "reelPoster", "reelThumb", "clientLogo", "preview"]);

type Kind = keyof typeof KINDS;

interface Job {
  /** Site path the content references. */
  site: string;
  kind: Kind;
  /**
   * Writes the output to `out`, a temporary path that is moved into place once complete (for HLS
   * a folder that replaces the master playlist's folder). `display` names the file in messages.
   */
  make(out: string, display: string): Promise<void>;
}

/** Checks that a site path is a media path with the kind's extension. */
function checkPath(job: Job): void {
  if (!/^\/((images|videos)\/[a-z0-9][a-z0-9/._-]*|favicon\.ico)$/.test(job.site) || job.site.includes("..")) {
    throw new Error(`${KINDS[job.kind].label}: "${job.site}" is not a /images/… or /videos/… path`);
  }
  const { extension, label } = KINDS[job.kind];
  if (!job.site.endsWith(extension)) throw new Error(`${label}: "${job.site}" should end in ${extension}`);
}

function workThumbs(artist: Artist): WorkThumb[] {
  return [...artist.recentWorkThumbs, ...(artist.extraThumbs ?? [])];
}

function filmJobs(artist: Artist): Job[] {
  const jobs: Job[] = [
    { site: artist.thumb, kind: "directorClip", make: (out, display) => directorClip(artist, out, display) },
    { site: artist.mobileBG, kind: "directorStill", make: (out, display) => directorStill(artist, out, display) },
  ];
  workThumbs(artist).forEach((work, i) => {
    jobs.push({ site: work.image, kind: "filmWork", make: (out, display) => filmWorkAnimation(artist, i, out, display) });
    if (work.still) jobs.push({ site: work.still, kind: "filmWorkStill", make: (out, display) => filmWorkStill(artist, i, out, display) });
  });
  return jobs;
}

function photographerJobs(artist: Artist): Job[] {
  return [
    { site: artist.thumb, kind: "photographerDesktop", make: (out) => photographerDesktop(artist, out) },
    { site: artist.mobileBG, kind: "photographerMobile", make: (out) => photographerMobile(artist, out) },
    ...workThumbs(artist).map((work, i): Job => ({ site: work.image, kind: "photoWork", make: (out) => photoWork(artist, i, out) })),
  ];
}

function bioJobs(): Job[] {
  const jobs = [...artists.film, ...artists.photographers].flatMap((artist): Job[] =>
    artist.bioPhoto ? [{ site: artist.bioPhoto, kind: "bioPhoto", make: (out) => bioPhoto(artist.id, out) }] : [],
  );
  jobs.push({ site: biography.photo, kind: "bioPhoto", make: (out) => bioPhoto(AGENT, out) });
  return jobs;
}

function sourceOf(reel: Reel, type: Reel["sources"][number]["type"]): string {
  const source = reel.sources.find((s) => s.type === type);
  if (!source) throw new Error(`reel ${reel.slug}: no ${type} source`);
  return source.src;
}

function reelJobs(reel: Reel): Job[] {
  const master = sourceOf(reel, "application/x-mpegURL");
  return [
    { site: sourceOf(reel, "video/mp4"), kind: "reelMp4", make: (out, display) => reelMp4(reel, out, display) },
    { site: master, kind: "reelHls", make: (out, display) => reelHls(reel, out, path.basename(master), display) },
    { site: reel.poster, kind: "reelPoster", make: (out, display) => reelPoster(reel, out, display) },
    { site: reel.thumb, kind: "reelThumb", make: (out, display) => reelThumb(reel, out, display) },
  ];
}

function logoJobs(): Job[] {
  const { width, height } = MEDIA_SIZES.clientLogo;
  return clientLogos.map((client): Job => ({
    site: client.logo,
    kind: "clientLogo",
    make: async (out) => writeFile(out, await logoPng(client.name, width, height)),
  }));
}

/** Link previews: the site's (from the first director's still), each artist's and each reel's. */
function previewJobs(): Job[] {
  const fromFile = (site: string, source: string, caption?: { title: string; subtitle: string }): Job => ({
    site,
    kind: "preview",
    make: async (out) => writeFile(out, await previewJpeg(path.join(PUBLIC, source), caption)),
  });
  const artistPreview = (artist: Artist, source: string) =>
    fromFile(previewImages.artist(artist.id), source, { title: artist.name, subtitle: artist.title });
  return [
    fromFile(previewImages.site, artists.film[0].mobileBG, { title: site.agencyName, subtitle: "Film directors & photographers" }),
    ...artists.film.map((artist) => artistPreview(artist, artist.mobileBG)),
    ...artists.photographers.map((artist) => artistPreview(artist, artist.thumb)),
    // A reel's poster already shows its title card.
    ...reels.map((reel) => fromFile(previewImages.reel(reel.slug), reel.poster)),
  ];
}

/** The kinds of still the pages show, with the ladder each one gets. */
const LADDER_OF: Partial<Record<Kind, LadderKind>> = {
  directorStill: "directorStill",
  filmWorkStill: "filmWork",
  photographerDesktop: "photographerDesktop",
  photographerMobile: "photographerMobile",
  photoWork: "photoWork",
  bioPhoto: "bioPhoto",
  reelPoster: "reelPoster",
  clientLogo: "clientLogo",
};

const LADDER_KIND: Record<LadderFile["format"], Kind> = {
  avif: "ladderAvif",
  webp: "ladderWebp",
  jpg: "ladderJpeg",
  png: "ladderPng",
};

/** Every file of the ladder of a still the pages show, resized and encoded from that still. */
function ladderJobs(still: Job): Job[] {
  const ladder = LADDER_OF[still.kind];
  if (!ladder) return [];
  return ladderFiles(ladder, still.site).map((file): Job => ({
    site: file.path,
    kind: LADDER_KIND[file.format],
    make: async (out) => writeFile(out, await ladderImage(path.join(PUBLIC, still.site), file)),
  }));
}

/** Icons rendered from the hand-drawn public/favicon.svg. */
function iconJobs(): Job[] {
  const svg = () => readFile(path.join(PUBLIC, "favicon.svg"), "utf8");
  const png = (site: string, size: number, opaque = false): Job => ({
    site,
    kind: "icon",
    make: async (out) => writeFile(out, await iconPng(await svg(), size, opaque)),
  });
  return [
    png("/images/icons/icon-192.png", 192),
    png("/images/icons/icon-512.png", 512),
    png("/images/icons/apple-touch-icon.png", 180, true),
    { site: "/favicon.ico", kind: "favicon", make: async (out) => writeFile(out, icoFromPng(await iconPng(await svg(), 32), 32)) },
  ];
}

function allJobs(): Job[] {
  const sources = [
    ...artists.film.flatMap(filmJobs),
    ...artists.photographers.flatMap(photographerJobs),
    ...bioJobs(),
    ...reels.flatMap(reelJobs),
    ...logoJobs(),
  ];
  const jobs = [...sources, ...sources.flatMap(ladderJobs), ...previewJobs(), ...iconJobs()];
  const seen = new Set<string>();
  for (const job of jobs) {
    checkPath(job);
    if (seen.has(job.site)) throw new Error(`two media share the path ${job.site}`);
    seen.add(job.site);
  }
  return jobs;
}

// ---------------------------------------------------------------------------------------------
// Running

/** The file a job creates (for HLS: its folder). */
function outputOf(job: Job): string {
  const file = path.join(PUBLIC, job.site);
  return job.kind === "reelHls" ? path.dirname(file) : file;
}

const shown = (file: string): string => path.relative(path.dirname(PUBLIC), file);

const PARTIAL = ".partial-";

/** Removes temporary outputs an interrupted run left behind. */
async function removeLeftovers(dir: string): Promise<void> {
  if (!existsSync(dir)) return;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.name.startsWith(PARTIAL)) await rm(file, { recursive: true, force: true });
    else if (entry.isDirectory()) await removeLeftovers(file);
  }
}

/** Makes the output under a temporary name beside it, then moves it into place. */
async function run(job: Job): Promise<void> {
  const output = outputOf(job);
  const temporary = path.join(path.dirname(output), `${PARTIAL}${path.basename(output)}`);
  await rm(temporary, { recursive: true, force: true });
  await mkdir(job.kind === "reelHls" ? temporary : path.dirname(output), { recursive: true });
  try {
    await job.make(temporary, shown(path.join(PUBLIC, job.site)));
    await rm(output, { recursive: true, force: true });
    await rename(temporary, output);
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    throw error;
  }
  console.log(`generated ${shown(path.join(PUBLIC, job.site))}`);
}

/** Runs jobs `limit` at a time; after a failure starts no new job and rethrows it. */
async function runAll(jobs: Job[], limit: number): Promise<void> {
  const queue = [...jobs];
  let failure: unknown;
  const worker = async (): Promise<void> => {
    for (let job = queue.shift(); job && !failure; job = queue.shift()) {
      try {
        await run(job);
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  if (failure) throw failure;
}

function checkFonts(): void {
  const installed = new Set(execFileSync("fc-list", [":", "family"], { encoding: "utf8" }).split(/[\n,]/).map((f) => f.trim()));
  const missing = [...new Set([...LOGO_FONT_FAMILIES, ...TITLE_FONT_FAMILIES])].filter((family) => !installed.has(family));
  if (missing.length > 0) {
    throw new Error(
      `missing fonts: ${missing.join(", ")}. Install them with\n` +
        "  apt-get install -y --no-install-recommends fonts-dejavu-core fonts-dejavu-extra fonts-urw-base35 fonts-liberation2",
    );
  }
}

/** Bytes in a file, or in a folder and everything under it. */
async function sizeOf(file: string): Promise<number> {
  const info = await stat(file);
  if (!info.isDirectory()) return info.size;
  const entries = await readdir(file);
  const sizes = await Promise.all(entries.map((entry) => sizeOf(path.join(file, entry))));
  return sizes.reduce((sum, size) => sum + size, 0);
}

const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

async function report(jobs: Job[]): Promise<void> {
  const byKind = new Map<Kind, { count: number; bytes: number }>();
  for (const job of jobs) {
    const entry = byKind.get(job.kind) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += await sizeOf(outputOf(job));
    byKind.set(job.kind, entry);
  }
  console.log("\nsizes by kind:");
  for (const [kind, { count, bytes }] of byKind) {
    console.log(`  ${KINDS[kind].label.padEnd(28)} ${String(count).padStart(3)}  ${megabytes(bytes).padStart(9)}`);
  }
  console.log(`total size of public/: ${megabytes(await sizeOf(PUBLIC))}`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== "--force");
  if (unknown.length > 0) throw new Error(`unknown argument ${unknown.join(" ")}; usage: npm run media [-- --force]`);
  const force = args.includes("--force");
  const started = Date.now();
  const jobs = allJobs();
  await removeLeftovers(PUBLIC);
  const pending = jobs.filter((job) => {
    if (!force && existsSync(path.join(PUBLIC, job.site))) {
      console.log(`skipped ${shown(path.join(PUBLIC, job.site))} (exists)`);
      return false;
    }
    return true;
  });
  if (pending.some((job) => TYPESET.has(job.kind))) checkFonts();
  await runAll(pending.filter((job) => !DERIVED.has(job.kind)), CONCURRENCY);
  await runAll(pending.filter((job) => DERIVED.has(job.kind)), CONCURRENCY);
  await report(jobs);
  console.log(`${pending.length} generated, ${jobs.length - pending.length} skipped in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(`\nmedia build failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
