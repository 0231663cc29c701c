/** Look-ups over the bundled content, used by route loaders. */
import { artists, captions, reels } from "#app/content/index.ts";
import type { Artist, Reel } from "#app/content/types.ts";
import type { ArtistList } from "#model/artist-lists.ts";

export function findArtist(list: ArtistList | undefined, id: string): Artist | undefined {
  return list && artists[list].find((artist) => artist.id === id);
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
