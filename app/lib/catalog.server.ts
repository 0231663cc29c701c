/** Look-ups over the bundled content, used by route loaders. */
import { artists, captions, reels } from "#app/content/index.ts";
import type { Artist, ArtistType, Reel } from "#app/content/types.ts";

/** The detail route's `:type` names the lists differently from the data ("photography" → photographers). */
const ARTISTS_BY_TYPE: Record<ArtistType, Artist[]> = {
  film: artists.directors,
  photography: artists.photographers,
};

function isArtistType(type: string): type is ArtistType {
  return Object.hasOwn(ARTISTS_BY_TYPE, type);
}

export function findArtist(type: string, id: string): Artist | undefined {
  return isArtistType(type) ? ARTISTS_BY_TYPE[type].find((artist) => artist.id === id) : undefined;
}

/** Every artist by id (ids are unique across both lists). */
const ARTISTS_BY_ID = new Map(
  [...artists.directors, ...artists.photographers].map((artist) => [artist.id, artist] as const),
);

export function findArtistById(id: string): Artist | undefined {
  return ARTISTS_BY_ID.get(id);
}

export function reelBySlug(slug: string): Reel | undefined {
  return reels.find((reel) => reel.slug === slug);
}

/** A reel's captions, one track per language (none when it has no captions files). */
export function captionsOf(slug: string) {
  return captions[slug] ?? [];
}

/** Responds 404 (caught by the root ErrorBoundary) when a look-up found nothing. */
export function orNotFound<T>(value: T | undefined): T {
  if (value === undefined) throw new Response(null, { status: 404, statusText: "Not Found" });
  return value;
}
