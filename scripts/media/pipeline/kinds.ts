/**
 * The vocabulary of the media build: every kind of output (KINDS), and jobs, each the site path
 * the content names and what it is made from. A source job reads one file from media/; a file job
 * reads files already in public/.
 */
import type { Artist, ClientLogo, Reel } from "../../../app/content/types";
import { MEDIA_KINDS } from "../../../app/lib/media-kinds";
import type { Size, SourceInfo } from "../recipes/probe";
import type { Slot } from "./sources";

/** The content the media are made for: the site's (site-content.ts), or a test's. */
export interface MediaContent {
  film: readonly Artist[];
  photographers: readonly Artist[];
  /** The photo on /biography. */
  agentPhoto?: string;
  reels: readonly Reel[];
  clientLogos: readonly ClientLogo[];
  agencyName: string;
}

/**
 * Every kind of output: the kinds the content names (app/lib/media-kinds.ts), and the files the
 * build derives from them, each with its label in the size summary, the extension its path must
 * have, and the version of its recipe (a bumped version remakes every output of that kind).
 */
export const KINDS = {
  ...MEDIA_KINDS,
  seekSprite: { label: "seek-bar thumbnails (webp)", extension: ".webp", version: 1 },
  seekIndex: { label: "seek-bar index (vtt)", extension: ".vtt", version: 1 },
  logoSpriteWebp: { label: "logo strip (webp)", extension: ".webp", version: 1 },
  logoSpritePng: { label: "logo strip (png)", extension: ".png", version: 1 },
  ladderAvif: { label: "ladder (avif)", extension: ".avif", version: 1 },
  ladderWebp: { label: "ladder (webp)", extension: ".webp", version: 1 },
  ladderJpeg: { label: "ladder (jpg)", extension: ".jpg", version: 1 },
  ladderPng: { label: "ladder (png)", extension: ".png", version: 1 },
  preview: { label: "link preview (jpg)", extension: ".jpg", version: 1 },
  icon: { label: "icon (png)", extension: ".png", version: 1 },
  favicon: { label: "favicon (ico)", extension: ".ico", version: 1 },
} as const;

export type Kind = keyof typeof KINDS;

/** What a source file is of: the content entry (and which of its works) it is made for. */
export type SourceOf =
  | { kind: "directorClip" | "photograph"; artist: Artist }
  | { kind: "filmWork" | "photoWork"; artist: Artist; index: number }
  | { kind: "bioPhoto"; artist: Artist }
  | { kind: "agentPhoto" }
  | { kind: "reel"; reel: Reel }
  | { kind: "logo"; client: ClientLogo };

/** A source file: where it goes in media/, and what it is of. */
export interface Source {
  slot: Slot;
  of: SourceOf;
}

interface JobBase {
  /** Site path the content references ("/images/…"), under public/. */
  site: string;
  kind: Kind;
  /** What shapes the output besides its inputs (size, format): part of its up-to-date key. */
  recipe: string;
}

/**
 * Each job writes its output to `out`, a temporary path that is moved into place once complete
 * (for HLS a folder that replaces the master playlist's folder). `display` names it in messages.
 */
export interface SourceJob extends JobBase {
  source: Source;
  /** The frame the source is scaled to fill; a smaller source is enlarged (logos are fitted, not filled). */
  fills?: Size;
  /**
   * For a JPEG still cropped from a picture: where (root-relative, under TRANSPARENT_DIR) its
   * window of the picture goes with the transparency the JPEG loses, when the picture is
   * transparent (SourceInfo.transparent); the still's ladder makes its AVIF and WebP files from that.
   */
  transparent?: string;
  /** `transparentOut`: where to write the transparent crop, given when `transparent` is and the source is transparent. */
  make(file: string, info: SourceInfo, out: string, display: string, transparentOut?: string): Promise<void>;
}

export interface FileJob extends JobBase {
  /** Site paths of the files in public/ it reads. */
  files: string[];
  /**
   * The site path of a still (one of `files`) whose transparency this file keeps: when the still's
   * manifest entry records a transparent crop, the job reads that crop too, after `files`.
   */
  transparentOf?: string;
  make(files: string[], out: string, display: string): Promise<void>;
}

export type Job = SourceJob | FileJob;

export const isSourceJob = (job: Job): job is SourceJob => "source" in job;

/** A job's recipe with its kind and the kind's version, so bumping a version remakes the kind. */
export const recipeOf = (job: Job): string => `${job.kind}@${KINDS[job.kind].version} ${job.recipe}`;
