/**
 * How the media build makes each kind of file from its source: the half of a kind's row
 * (model/media-kinds.ts) that needs Node and ffmpeg, joined to it by the kind's name. The table
 * must have one recipe per row, and no other, or it does not compile.
 */
import path from "node:path";

import { MEDIA_KINDS, type MediaKindName, type SizedKind } from "#model/media-kinds.ts";
import { HLS_LADDER, REEL_MP4 } from "#model/reel-frames.ts";
import { directorClip, directorStill, directorWorkAnimation, directorWorkStill } from "#media-build/recipes/clips.ts";
import { reelHls, reelMp4, reelPoster, reelThumb } from "#media-build/recipes/reels.ts";
import { croppedJpeg, logoPng } from "#media-build/recipes/stills.ts";
import { sizeRecipe } from "./file-jobs.ts";
import type { SourceJob } from "./kinds.ts";
import type { Choices, MediaOwner } from "./media-owners.ts";
import type { SourceType } from "#model/media-paths.ts";

export interface MediaKindRecipe {
  /** What its source in media/ is: a film, a picture or a logo (model/media-paths.ts lists the file types of each). */
  source: SourceType;
  /** Whether the output is scaled to fill its kind's size: a smaller source is enlarged, and warned about. */
  fills?: true;
  /** A JPEG still cropped from a picture, which keeps its transparent crop for its ladder (SourceJob.transparent). */
  transparent?: true;
  /** What shapes the output besides its source (size, choices): part of its up-to-date key. */
  recipe(owner: MediaOwner): string;
  /** Makes the file at `site` for `owner`. */
  make(owner: MediaOwner, site: string): SourceJob["make"];
}

/** An entry's choices (a start, a crop's focus) as part of its recipe, so changing one remakes the output. */
function choicesRecipe({ start, at, focus }: Choices): string {
  return [
    start === undefined ? "" : ` from ${start} s`,
    at === undefined ? "" : ` at ${at} s`,
    focus ? ` focus ${focus.x},${focus.y}` : "",
  ].join("");
}

/** The recipe of a kind made at its size, with its entry's choices. */
const sized = (kind: SizedKind) => (owner: MediaOwner) =>
  sizeRecipe(MEDIA_KINDS[kind].size) + choicesRecipe(owner.choices);

/** A still cropped from a picture to the size of its kind, around its entry's focus. */
const croppedStill = (kind: SizedKind): MediaKindRecipe => ({
  source: "image",
  fills: true,
  transparent: true,
  recipe: sized(kind),
  make:
    ({ choices }) =>
    (file, _info, out, _display, transparentOut) =>
      croppedJpeg(file, out, MEDIA_KINDS[kind].size, choices.focus, transparentOut),
});

/** The recipe of each of MEDIA_KINDS; the other OUTPUT_KINDS (kinds.ts) are made from these files by file-jobs.ts. */
export const MEDIA_KIND_RECIPES = {
  directorClip: {
    source: "video",
    fills: true,
    recipe: sized("directorClip"),
    make:
      ({ choices }) =>
      (file, info, out, display) =>
        directorClip(file, info, out, display, choices),
  },
  directorStill: {
    source: "video",
    fills: true,
    recipe: sized("directorStill"),
    make:
      ({ choices }) =>
      (file, info, out, display) =>
        directorStill(file, info, out, display, choices),
  },
  directorWork: {
    source: "video",
    fills: true,
    recipe: sized("directorWork"),
    make:
      ({ choices }) =>
      (file, info, out, display) =>
        directorWorkAnimation(file, info, out, display, choices.focus),
  },
  directorWorkStill: {
    source: "video",
    fills: true,
    recipe: sized("directorWorkStill"),
    make:
      ({ choices }) =>
      (file, info, out, display) =>
        directorWorkStill(file, info, out, display, choices.focus),
  },
  photographerDesktop: croppedStill("photographerDesktop"),
  photographerMobile: croppedStill("photographerMobile"),
  photographerWork: croppedStill("photographerWork"),
  bioPhoto: croppedStill("bioPhoto"),
  reelMp4: {
    source: "video",
    recipe: () => `${sizeRecipe(REEL_MP4)} ${REEL_MP4.maxKbps}k`,
    make: () => (file, info, out, display) => reelMp4(file, info, out, display),
  },
  reelHls: {
    source: "video",
    recipe: () => HLS_LADDER.map((rung) => `${rung.name} ${sizeRecipe(rung)} ${rung.maxKbps}k`).join(", "),
    make: (_owner, site) => (file, info, out, display) => reelHls(file, info, out, path.basename(site), display),
  },
  reelPoster: {
    source: "video",
    recipe: sized("reelPoster"),
    make:
      ({ choices }) =>
      (file, info, out, display) =>
        reelPoster(file, info, out, display, choices.at),
  },
  reelThumb: {
    source: "video",
    recipe: sized("reelThumb"),
    make:
      ({ choices }) =>
      (file, info, out, display) =>
        reelThumb(file, info, out, display, choices.at),
  },
  clientLogo: {
    source: "logo",
    recipe: sized("clientLogo"),
    make: () => (file, _info, out) => logoPng(file, out, MEDIA_KINDS.clientLogo.size),
  },
} satisfies Record<MediaKindName, MediaKindRecipe>;
