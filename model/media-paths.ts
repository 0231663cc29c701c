/**
 * Every media path the site has, computed here and nowhere else: the content (content-check/), the
 * pages (app/) and the media build (media-build/) all ask this module. A kind's file is
 * fixed by the id or slug of its entry, through its row in media-kinds.ts:
 *
 *   mediaPaths.directorClip("mira-castell")        → "/videos/directors/mira-castell.mp4"
 *   mediaPaths.directorWork("mira-castell", 2)         → "/images/work/mira-castell/2.webp" (its 2nd work)
 *   mediaPaths.reelPoster("reel-2021")             → "/images/reels/reel-2021.jpg"
 *   mediaPaths.seekThumbnails("reel-2021").sprite  → "/images/reels/reel-2021-seek.webp"
 *   mediaPaths.previews.artist("mira-castell")     → "/images/og/artists/mira-castell.jpg"
 *   mediaSource("directorClip", "mira-castell")    → "media/artists/mira-castell/clip" (+ .mp4, .mov, …)
 *
 * Files the content names itself (biography.md's `photo`, clients.yaml's logos) have their sources
 * in `namedSources`.
 */
import {
  type DerivedKindName,
  MEDIA_KIND_ENTRIES,
  MEDIA_KINDS,
  type MediaKind,
  type MediaKindName,
} from "./media-kinds.ts";

/** The folder of the media build's sources, relative to the repository root. */
export const MEDIA_DIR = "media";

/** The file types each kind of source may be, lower case, most usual first: what the build reads and the editing screen offers. */
export const SOURCE_EXTENSIONS = {
  video: ["mp4", "mov", "m4v", "webm"],
  image: ["jpg", "jpeg", "png", "webp", "tif", "tiff"],
  logo: ["png", "svg"],
} as const;

export type SourceType = keyof typeof SOURCE_EXTENSIONS;

/** Each kind's path function, with the parameters its row takes: (id), (id, work number) or (slug). */
type KindPaths = { [K in DerivedKindName]: (typeof MEDIA_KINDS)[K]["path"] };

const kindPaths = Object.fromEntries(
  MEDIA_KIND_ENTRIES.flatMap(([name, row]) => (row.path ? [[name, row.path]] : [])),
) as KindPaths; // Object.fromEntries loses the keys' types; the rows give them back.

export const mediaPaths = {
  ...kindPaths,
  /**
   * A reel's seek-bar thumbnails, made by `npm run media` from its MP4: the sprite (WebP) and its
   * WebVTT index, whose cues name a cell of the sprite as `{sprite}#xywh=x,y,w,h`.
   */
  seekThumbnails: (slug: string) => ({
    sprite: `/images/reels/${slug}-seek.webp`,
    index: `/images/reels/${slug}-seek.vtt`,
  }),
  /** Link-preview images (Open Graph / Twitter), made by the media script. */
  previews: {
    site: "/images/og/site.jpg",
    artist: (id: string) => `/images/og/artists/${id}.jpg`,
    reel: (slug: string) => `/images/og/reels/${slug}.jpg`,
  },
  /** A strip of client logos, named after the hash of the logo files it holds (model/media.ts). */
  logoStrip: (hash: string, format: "webp" | "png") => `/images/clients/logos-${hash}.${format}`,
};

/**
 * The source of a kind's file in media/, root-relative, without its extension: one source may make
 * several kinds (a director's clip makes the grid clip and its still). Throws for a kind whose
 * files the content names (a client's logo).
 */
export function mediaSource(kind: MediaKindName, id: string, work = 0): string {
  const row: MediaKind = MEDIA_KINDS[kind];
  if (!row.source) throw new Error(`the content names the files of ${kind}, and their sources`);
  return `${MEDIA_DIR}/${row.source(id, work)}`;
}

/** The sources of the files the content names itself: the agent's photo, and a client's logo by its file's name. */
export const namedSources = {
  agentPhoto: `${MEDIA_DIR}/agent/bio`,
  /** "/images/clients/acme.png" → "media/logos/acme" (+ .png or .svg). */
  clientLogo: (logo: string) => `${MEDIA_DIR}/logos/${logo.slice(logo.lastIndexOf("/") + 1).replace(/\.[^.]*$/, "")}`,
};

/** Media keep their names across deploys: caches revalidate them after 30 days (seconds); a bucket's objects get the same (server/static-files.ts, media-publish/headers.ts). */
export const MEDIA_MAX_AGE = 30 * 24 * 60 * 60;
