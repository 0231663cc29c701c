/** The media build's kinds of output and its jobs: a source job reads a file in media/, a file job files in public/. */
import type { Artist, ClientLogo, Content, Reel } from "#model/content.ts";
import { MEDIA_KINDS } from "#model/media-kinds.ts";
import type { Size, SourceInfo } from "#media-build/recipes/probe.ts";
import type { Slot } from "./sources.ts";

/** The content the media are made for: the site's (site-content.ts), or a test's. */
export interface MediaContent {
  directors: readonly Artist[];
  photographers: readonly Artist[];
  /** The photo on /biography. */
  agentPhoto?: string;
  reels: readonly Reel[];
  clientLogos: readonly ClientLogo[];
  agencyName: string;
}

/** The compiled content as the media build takes it: the site's (site-content.ts), or a save's in the editing screen. */
export const mediaContentOf = (content: Content): MediaContent => ({
  directors: content.artists.directors,
  photographers: content.artists.photographers,
  agentPhoto: content.biography.biography.photo,
  reels: content.reels,
  clientLogos: content.clients.clientLogos,
  agencyName: content.site.agencyName,
});

/** Every kind of output: the kinds the content names (model/media-kinds.ts), and the files derived from them. */
export const OUTPUT_KINDS = {
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

export type OutputKind = keyof typeof OUTPUT_KINDS;

/** What a source file is of: the content entry (and which of its works) it is made for. */
export type SourceOf =
  | { kind: "directorClip" | "photograph"; artist: Artist }
  | { kind: "directorWork" | "photographerWork"; artist: Artist; index: number }
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
  kind: OutputKind;
  /** What shapes the output besides its inputs (size, format): part of its up-to-date key. */
  recipe: string;
}

/** A job writes its output to `out`, a temporary path (for HLS, a folder) moved into place once complete. */
export interface SourceJob extends JobBase {
  source: Source;
  /** The frame the source is scaled to fill; a smaller source is enlarged. */
  fills?: Size;
  /**
   * A JPEG still's crop with the transparency the JPEG loses (root-relative, under TRANSPARENT_DIR),
   * written to `transparentOut` when the picture is transparent; its ladder's AVIF and WebP read it.
   */
  transparent?: string;
  make(file: string, info: SourceInfo, out: string, display: string, transparentOut?: string): Promise<void>;
}

export interface FileJob extends JobBase {
  /** Site paths of the files in public/ it reads. */
  files: string[];
  /** A still (one of `files`) whose transparent crop, when its entry records one, is read after `files`. */
  transparentOf?: string;
  make(files: string[], out: string, display: string): Promise<void>;
}

export type Job = SourceJob | FileJob;

export const isSourceJob = (job: Job): job is SourceJob => "source" in job;

/** A job's recipe with its kind and the kind's version, so bumping a version remakes the kind. */
export const recipeOf = (job: Job): string => `${job.kind}@${OUTPUT_KINDS[job.kind].version} ${job.recipe}`;
