/**
 * Every file the site needs, as a job (kinds.ts): the link previews and responsive ladders read
 * the stills the source jobs make, the icons read public/favicon.svg.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

import type { Artist, ClientLogo, Reel, WorkThumb } from "../../../app/content/types";
import { type LadderFile, ladderFiles, logoSprites, MEDIA_SIZES, previewImages } from "../../../app/lib/media";
import { ladderOf } from "../../../app/lib/media-kinds";
import { HLS_LADDER, REEL_MP4 } from "../../../app/lib/reel-frames";
import { SEEK_THUMBNAILS, seekThumbnails } from "../../../app/reel/tracks";
import { directorClip, directorStill, filmWorkAnimation, filmWorkStill } from "../recipes/clips";
import { icoFromPng, iconPng } from "../recipes/icons";
import { ladderImage, logoStrip } from "../recipes/ladders";
import { previewJpeg, requirePreviewFonts } from "../recipes/previews";
import type { Focus } from "../recipes/probe";
import { reelHls, reelMp4, reelPoster, reelThumb } from "../recipes/reels";
import { seekIndex, seekSprite } from "../recipes/seek-thumbnails";
import { croppedJpeg, logoPng } from "../recipes/stills";
import { type FileJob, type Job, KINDS, type Kind, type MediaContent, type Source, type SourceJob, type SourceOf } from "./kinds";
import { MEDIA_DIR, type SourceType, TRANSPARENT_DIR } from "./sources";

const sizeRecipe = ({ width, height }: { width: number; height: number }): string => `${width}x${height}`;

/**
 * What an entry chooses of its output's making (a start, a crop's focus) as part of its recipe, so
 * changing one remakes the output; nothing when the entry leaves them to their defaults.
 */
function choicesRecipe(choices: { start?: number; at?: number; focus?: Focus }): string {
  const { start, at, focus } = choices;
  return [start === undefined ? "" : ` from ${start} s`, at === undefined ? "" : ` at ${at} s`, focus ? ` focus ${focus.x},${focus.y}` : ""].join("");
}

function source(base: string, type: SourceType, of: SourceOf): Source {
  return { slot: { base: `${MEDIA_DIR}/${base}`, type }, of };
}

/** A work thumb's source is named after its file: "/images/work/x/3.webp" → "work-3". */
function workName(work: WorkThumb): string {
  return `work-${path.basename(work.image, path.extname(work.image))}`;
}

function workThumbs(artist: Artist): WorkThumb[] {
  return [...artist.recentWorkThumbs, ...(artist.extraThumbs ?? [])];
}

function filmJobs(artist: Artist): Job[] {
  const clip = source(`artists/${artist.id}/clip`, "video", { kind: "directorClip", artist });
  const choices = { start: artist.clipStart, focus: artist.focus };
  const jobs: Job[] = [
    { site: artist.thumb, kind: "directorClip", source: clip, fills: MEDIA_SIZES.directorClip, recipe: sizeRecipe(MEDIA_SIZES.directorClip) + choicesRecipe(choices), make: (file, info, out, display) => directorClip(file, info, out, display, choices) },
    { site: artist.mobileBG, kind: "directorStill", source: clip, fills: MEDIA_SIZES.directorStill, recipe: sizeRecipe(MEDIA_SIZES.directorStill) + choicesRecipe(choices), make: (file, info, out, display) => directorStill(file, info, out, display, choices) },
  ];
  workThumbs(artist).forEach((work, i) => {
    const footage = source(`artists/${artist.id}/${workName(work)}`, "video", { kind: "filmWork", artist, index: i });
    const recipe = sizeRecipe(MEDIA_SIZES.filmWork) + choicesRecipe({ focus: work.focus });
    jobs.push({ site: work.image, kind: "filmWork", source: footage, fills: MEDIA_SIZES.filmWork, recipe, make: (file, info, out, display) => filmWorkAnimation(file, info, out, display, work.focus) });
    if (work.still) jobs.push({ site: work.still, kind: "filmWorkStill", source: footage, fills: MEDIA_SIZES.filmWork, recipe, make: (file, info, out, display) => filmWorkStill(file, info, out, display, work.focus) });
  });
  return jobs;
}

/** A still cropped from a picture source to the size of its kind (and its transparent crop: SourceJob.transparent). */
function croppedJob(site: string, kind: "photographerDesktop" | "photographerMobile" | "photoWork" | "bioPhoto", from: Source, focus?: Focus): SourceJob {
  const size = MEDIA_SIZES[kind];
  return {
    site,
    kind,
    source: from,
    fills: size,
    recipe: sizeRecipe(size) + choicesRecipe({ focus }),
    // "/images/bio/x.jpg" → media/.transparent/images/bio/x.png
    transparent: `${TRANSPARENT_DIR}${site.replace(/\.jpg$/, ".png")}`,
    make: (file, _info, out, _display, transparentOut) => croppedJpeg(file, out, size, focus, transparentOut),
  };
}

function photographerJobs(artist: Artist): Job[] {
  const photo = source(`artists/${artist.id}/photo`, "image", { kind: "photograph", artist });
  return [
    croppedJob(artist.thumb, "photographerDesktop", photo, artist.focus),
    croppedJob(artist.mobileBG, "photographerMobile", photo, artist.focus),
    ...workThumbs(artist).map((work, i) =>
      croppedJob(work.image, "photoWork", source(`artists/${artist.id}/${workName(work)}`, "image", { kind: "photoWork", artist, index: i }), work.focus),
    ),
  ];
}

function bioJobs(content: MediaContent): Job[] {
  const jobs = [...content.film, ...content.photographers].flatMap((artist): Job[] =>
    artist.bioPhoto ? [croppedJob(artist.bioPhoto, "bioPhoto", source(`artists/${artist.id}/bio`, "image", { kind: "bioPhoto", artist }))] : [],
  );
  if (content.agentPhoto) jobs.push(croppedJob(content.agentPhoto, "bioPhoto", source("agent/bio", "image", { kind: "agentPhoto" })));
  return jobs;
}

function sourceOf(reel: Reel, type: Reel["sources"][number]["type"]): string {
  const found = reel.sources.find((s) => s.type === type);
  if (!found) throw new Error(`reel ${reel.slug}: no ${type} source`);
  return found.src;
}

function reelJobs(reel: Reel): Job[] {
  const footage = source(`reels/${reel.slug}`, "video", { kind: "reel", reel });
  const master = sourceOf(reel, "application/x-mpegURL");
  return [
    { site: sourceOf(reel, "video/mp4"), kind: "reelMp4", source: footage, recipe: `${sizeRecipe(REEL_MP4)} ${REEL_MP4.maxKbps}k`, make: (file, info, out, display) => reelMp4(file, info, out, display) },
    { site: master, kind: "reelHls", source: footage, recipe: HLS_LADDER.map((rung) => `${rung.name} ${sizeRecipe(rung)} ${rung.maxKbps}k`).join(", "), make: (file, info, out, display) => reelHls(file, info, out, path.basename(master), display) },
    { site: reel.poster, kind: "reelPoster", source: footage, recipe: sizeRecipe(MEDIA_SIZES.reelPoster) + choicesRecipe({ at: reel.posterAt }), make: (file, info, out, display) => reelPoster(file, info, out, display, reel.posterAt) },
    { site: reel.thumb, kind: "reelThumb", source: footage, recipe: sizeRecipe(MEDIA_SIZES.reelThumb) + choicesRecipe({ at: reel.posterAt }), make: (file, info, out, display) => reelThumb(file, info, out, display, reel.posterAt) },
  ];
}

/** A client's logo source is named after its file: "/images/clients/acme.png" → media/logos/acme.{png,svg}. */
function logoJob(client: ClientLogo): SourceJob {
  const name = path.basename(client.logo, path.extname(client.logo));
  const mark = source(`logos/${name}`, "logo", { kind: "logo", client });
  const size = MEDIA_SIZES.clientLogo;
  return { site: client.logo, kind: "clientLogo", source: mark, recipe: sizeRecipe(size), make: (file, _info, out) => logoPng(file, out, size) };
}

const LADDER_KIND: Record<LadderFile["format"], Kind> = {
  avif: "ladderAvif",
  webp: "ladderWebp",
  jpg: "ladderJpeg",
  png: "ladderPng",
};

/**
 * Every file of the ladder of a still the pages show, resized and encoded from that still; the
 * formats with alpha from its transparent crop instead, when its source has one (the JPEG files
 * stay flattened onto the page's colour, as the still is).
 */
function ladderJobs(still: Job): Job[] {
  const ladder = ladderOf(still.kind);
  if (!ladder) return [];
  // A still cropped from a picture may have a transparent crop (SourceJob.transparent); a JPEG holds no alpha.
  const cropped = "transparent" in still && still.transparent !== undefined;
  return ladderFiles(ladder, still.site).map((file): FileJob => ({
    site: file.path,
    kind: LADDER_KIND[file.format],
    files: [still.site],
    ...(cropped && file.format !== "jpg" ? { transparentOf: still.site } : {}),
    recipe: `${sizeRecipe(file)} ${file.format}`,
    make: async ([input, transparent], out) => writeFile(out, await ladderImage(input, file, transparent)),
  }));
}

/** The strips /clients shows the logos from, drawn from the fitted logos in content order. */
function logoSpriteJobs(content: MediaContent): Job[] {
  const size = MEDIA_SIZES.clientLogo;
  return logoSprites(content.clientLogos).flatMap((sprite) =>
    (["webp", "png"] as const).map((format): FileJob => ({
      site: sprite[format],
      kind: format === "webp" ? "logoSpriteWebp" : "logoSpritePng",
      files: sprite.logos.map((client) => client.logo),
      recipe: `${sprite.logos.length} × ${sizeRecipe(size)} ${format}`,
      make: async (inputs, out) => writeFile(out, await logoStrip(inputs, size, format)),
    })),
  );
}

/** Link previews: the site's (from the first director's still), each artist's and each reel's. */
function previewJobs(content: MediaContent): Job[] {
  const fromFile = (site: string, background: string, caption?: { title: string; subtitle: string }): FileJob => ({
    site,
    kind: "preview",
    files: [background],
    recipe: caption ? `${caption.title} / ${caption.subtitle}` : "",
    make: async ([input], out) => {
      requirePreviewFonts();
      // Without a caption, the background is a reel's poster, which shows its own title card.
      await writeFile(out, await previewJpeg(input, caption, { poster: !caption }));
    },
  });
  const artistPreview = (artist: Artist, background: string) =>
    fromFile(previewImages.artist(artist.id), background, { title: artist.name, subtitle: artist.title });
  return [
    ...content.film.slice(0, 1).map((first) => fromFile(previewImages.site, first.mobileBG, { title: content.agencyName, subtitle: "Film directors & photographers" })),
    ...content.film.map((artist) => artistPreview(artist, artist.mobileBG)),
    ...content.photographers.map((artist) => artistPreview(artist, artist.thumb)),
    // A reel's poster already shows its title card.
    ...content.reels.map((reel) => fromFile(previewImages.reel(reel.slug), reel.poster)),
  ];
}

/** Each reel's seek-bar thumbnails, sprite and index, read from its 1080p MP4 (recipes/seek-thumbnails.ts). */
function seekJobs(reel: Reel): FileJob[] {
  const mp4 = sourceOf(reel, "video/mp4");
  const { sprite, index } = seekThumbnails(reel.slug);
  const { interval, width, height, columns } = SEEK_THUMBNAILS;
  const recipe = `every ${interval} s, ${width}x${height}, ${columns} columns`;
  return [
    { site: sprite, kind: "seekSprite", files: [mp4], recipe, make: ([video], out, display) => seekSprite(video, out, display) },
    { site: index, kind: "seekIndex", files: [mp4], recipe: `${recipe}, ${path.posix.basename(sprite)}`, make: ([video], out) => seekIndex(video, sprite, out) },
  ];
}

/** Icons rendered from the hand-drawn public/favicon.svg. */
function iconJobs(): Job[] {
  const png = (site: string, size: number, opaque = false): FileJob => ({
    site,
    kind: "icon",
    files: ["/favicon.svg"],
    recipe: `${size}${opaque ? " opaque" : ""}`,
    make: async ([svg], out) => writeFile(out, await iconPng(await readFile(svg, "utf8"), size, opaque)),
  });
  const favicon: FileJob = {
    site: "/favicon.ico",
    kind: "favicon",
    files: ["/favicon.svg"],
    recipe: "32",
    make: async ([svg], out) => writeFile(out, icoFromPng(await iconPng(await readFile(svg, "utf8"), 32), 32)),
  };
  return [
    png("/images/icons/icon-192.png", 192),
    png("/images/icons/icon-512.png", 512),
    png("/images/icons/apple-touch-icon.png", 180, true),
    favicon,
  ];
}

/** Checks that a site path is a media path with the kind's extension. */
function checkPath(job: Job): void {
  if (!/^\/((images|videos)\/[a-z0-9][a-z0-9/._-]*|favicon\.ico)$/.test(job.site) || job.site.includes("..")) {
    throw new Error(`${KINDS[job.kind].label}: "${job.site}" is not a /images/… or /videos/… path`);
  }
  const { extension, label } = KINDS[job.kind];
  if (!job.site.endsWith(extension)) throw new Error(`${label}: "${job.site}" should end in ${extension}`);
}

/** Every job for `content`: source jobs first, then the file jobs that read their outputs. */
export function planJobs(content: MediaContent): Job[] {
  const fromSources = [
    ...content.film.flatMap(filmJobs),
    ...content.photographers.flatMap(photographerJobs),
    ...bioJobs(content),
    ...content.reels.flatMap(reelJobs),
    ...content.clientLogos.map(logoJob),
  ];
  const jobs = [...fromSources, ...fromSources.flatMap(ladderJobs), ...logoSpriteJobs(content), ...content.reels.flatMap(seekJobs), ...previewJobs(content), ...iconJobs()];
  const seen = new Set<string>();
  for (const job of jobs) {
    checkPath(job);
    if (seen.has(job.site)) throw new Error(`two media share the path ${job.site}`);
    seen.add(job.site);
  }
  return jobs;
}