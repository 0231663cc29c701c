/** The artists whose detail pages show each shape the one template takes, on whatever roster there is. */
import { artists } from "#app/content/index.ts";
import type { Artist } from "#app/content/types.ts";

const roster: readonly Artist[] = [...artists.directors, ...artists.photographers];

const SHAPES: ((artist: Artist) => boolean)[] = [
  (artist) => (artists.directors as readonly Artist[]).includes(artist),
  (artist) => (artists.photographers as readonly Artist[]).includes(artist),
  (artist) => Boolean(artist.extraThumbs?.length),
  (artist) => artist.bioPhoto !== undefined,
  (artist) => artist.biography === "",
  (artist) => artist.recentWorkThumbs.length === 0,
  (artist) => !artist.instagram,
];

/**
 * An artist's page for each shape: each list, and an artist with an extra group, a bio photo, no
 * biography, no recent work, no Instagram, wherever the roster has one. What costs a whole page per
 * artist (axe, another engine) reads these, not the same template once per artist.
 */
export const ARTIST_SHAPE_PAGES: readonly string[] = [
  ...new Set(SHAPES.flatMap((shape) => roster.find(shape)?.url ?? [])),
];
