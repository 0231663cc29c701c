/**
 * The content as the site reads it: what the content check (content-check/) compiles the checked
 * files into, and its types, which the app, the media build and the editing screen share.
 */
import type { CaptionTrack } from "#model/cues/captions.ts";
import type { ShapedContent } from "#model/shapes/content-shape.ts";

/** A film as `npm run media` read it: its display size, its length in seconds, its frame rate. */
export interface Film {
  width: number;
  height: number;
  duration: number;
  fps?: string;
}

/** The films the media build recorded, by output path; no `film` where they are yet to be made. */
export interface FilmRecord {
  film?(sitePath: string): Film | undefined;
}

/** The frame of a reel made before the media build recorded films: the 16:9 it then cropped every reel to. */
const FRAME_BEFORE_FILMS_WERE_RECORDED = { width: 1920, height: 1080 } as const;

/**
 * A reel's length: its film's (found by its MP4), else the one its file states, else (films yet to
 * be made) unbounded; and its frame, the film's shape, which the page gives the player up front.
 */
export function reelTiming(files: FilmRecord, { mp4, duration }: { mp4: string; duration?: number }) {
  const film = files.film?.(mp4);
  return {
    duration: film?.duration ?? duration ?? Infinity,
    frame: film ? { width: film.width, height: film.height } : FRAME_BEFORE_FILMS_WERE_RECORDED,
  };
}

/** A folder's entries as a list in `order`, ties by file name, without `order`, which only placed them. */
function inOrder<T extends { order: number }>(folder: Record<string, T>): Omit<T, "order">[] {
  return Object.entries(folder)
    .sort(([nameA, a], [nameB, b]) => a.order - b.order || (nameA < nameB ? -1 : 1))
    .map(([, { order: _placeInList, ...entry }]) => entry);
}

/** The content as the app gets it, from the checked files (`media`: their films) and each reel's captions by slug. */
export function compileContent(
  { artists, reels, clients, biography, contact, site }: ShapedContent,
  media: FilmRecord,
  captions: Record<string, CaptionTrack[]>,
) {
  return {
    artists: { directors: inOrder(artists.directors), photographers: inOrder(artists.photographers) },
    reels: inOrder(reels).map((reel) => ({
      ...reel,
      ...reelTiming(media, { mp4: reel.sources[1].src, duration: reel.duration }),
    })),
    clients,
    biography: {
      biography: { photo: biography.photo, paragraphs: biography.paragraphs },
      testimonials: biography.testimonials,
    },
    contact,
    site,
    captions,
  };
}

export type Content = ReturnType<typeof compileContent>;

export type ArtistTitle = Artist["title"];
export type Artist = Content["artists"]["directors"][number] | Content["artists"]["photographers"][number];
/** One tile of an artist's "Recent Work" (or extra) group; links out to the work's page. */
export type WorkThumb = Artist["recentWorkThumbs"][number];
export type Reel = Content["reels"][number];
export type ReelSource = Reel["sources"][number];
export type ReelSpot = Reel["spots"][number];
export type ClientLogo = Content["clients"]["clientLogos"][number];
export type Testimonial = Content["biography"]["testimonials"][number];
export type NavLink = Content["site"]["nav"][number];
