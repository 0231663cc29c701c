/** The file jobs: ladders, logo strips, seek-bar thumbnails, link previews and icons, made from files in public/. */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

import type { Artist, Reel } from "#model/content.ts";
import { type LadderFile, ladderFiles, logoSprites } from "#model/media.ts";
import { isLadderKind, MEDIA_KINDS } from "#model/media-kinds.ts";
import { mediaPaths } from "#model/media-paths.ts";
import { SEEK_THUMBNAILS } from "#model/tracks.ts";
import { icoFromPng, iconPng } from "#media-build/recipes/icons.ts";
import { ladderImage, logoStrip } from "#media-build/recipes/ladders.ts";
import { previewJpeg, requirePreviewFonts } from "#media-build/recipes/previews.ts";
import { seekIndex, seekSprite } from "#media-build/recipes/seek-thumbnails.ts";
import type { FileJob, Job, MediaContent, OutputKind } from "./kinds.ts";

/** A size as a recipe names it: "1280x720". */
export const sizeRecipe = ({ width, height }: { width: number; height: number }): string => `${width}x${height}`;

const LADDER_KIND: Record<LadderFile["format"], OutputKind> = {
  avif: "ladderAvif",
  webp: "ladderWebp",
  jpg: "ladderJpeg",
  png: "ladderPng",
};

/**
 * Every file of the ladder of a still the pages show; the formats with alpha from its transparent
 * crop (SourceJob.transparent) when it has one, as a JPEG holds no alpha.
 */
export function ladderJobs(still: Job): Job[] {
  const { kind } = still;
  if (!isLadderKind(kind)) return [];
  const cropped = "transparent" in still && still.transparent !== undefined;
  return ladderFiles(kind, still.site).map((file): FileJob => ({
    site: file.path,
    kind: LADDER_KIND[file.format],
    files: [still.site],
    ...(cropped && file.format !== "jpg" ? { transparentOf: still.site } : {}),
    recipe: `${sizeRecipe(file)} ${file.format}`,
    make: async ([input, transparent], out) => writeFile(out, await ladderImage(input, file, transparent)),
  }));
}

/** The strips /clients shows the logos from, drawn from the fitted logos in content order. */
export function logoSpriteJobs(content: MediaContent): Job[] {
  const size = MEDIA_KINDS.clientLogo.size;
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
export function previewJobs(content: MediaContent): Job[] {
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
    fromFile(mediaPaths.previews.artist(artist.id), background, { title: artist.name, subtitle: artist.title });
  return [
    ...content.directors.slice(0, 1).map((first) =>
      fromFile(mediaPaths.previews.site, first.mobileBG, {
        title: content.agencyName,
        subtitle: "Film directors & photographers",
      }),
    ),
    ...content.directors.map((artist) => artistPreview(artist, artist.mobileBG)),
    ...content.photographers.map((artist) => artistPreview(artist, artist.thumb)),
    // A reel's poster already shows its title card.
    ...content.reels.map((reel) => fromFile(mediaPaths.previews.reel(reel.slug), reel.poster)),
  ];
}

/** Each reel's seek-bar thumbnails, sprite and index, read from its 1080p MP4 (recipes/seek-thumbnails.ts). */
export function seekJobs(reel: Reel): FileJob[] {
  const mp4 = mediaPaths.reelMp4(reel.slug);
  const { sprite, index } = mediaPaths.seekThumbnails(reel.slug);
  const { interval, width, height, columns } = SEEK_THUMBNAILS;
  const recipe = `every ${interval} s, ${width}x${height}, ${columns} columns`;
  return [
    {
      site: sprite,
      kind: "seekSprite",
      files: [mp4],
      recipe,
      make: ([video], out, display) => seekSprite(video, out, display),
    },
    {
      site: index,
      kind: "seekIndex",
      files: [mp4],
      recipe: `${recipe}, ${path.posix.basename(sprite)}`,
      make: ([video], out) => seekIndex(video, sprite, out),
    },
  ];
}

/** Icons rendered from the hand-drawn public/favicon.svg. */
export function iconJobs(): Job[] {
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
