import { type ReactNode, useRef } from "react";

import { type ImageLoading, listImageLoading } from "#model/media.ts";
import { useSelects } from "#app/lib/selects-store.ts";

import { ArtistTile, type TileArtist } from "./artist-tile.tsx";
import { useProfileLinks } from "./use-profile-links.tsx";

/** Each shape's columns, and its class for the tiles' estimated heights (tailwind.css). */
const COLUMNS = {
  landscape: "artist-grid-landscape sm:grid-cols-2 lg:grid-cols-3",
  portrait: "artist-grid-portrait grid-cols-2 lg:grid-cols-3 xl:grid-cols-4",
} as const;

/**
 * The width of a tile's media at each breakpoint, for `sizes`: the columns above inside the grid's
 * padding (20 px, 40 px from md) and gaps (20 px, 32 px from lg), in at most 1536 px. Written
 * without the spaces the syntax does not need: every tile repeats it three to six times. The
 * tiles' estimated heights in tailwind.css (`.artist-grid`) follow the same widths.
 */
export const ARTIST_GRID_SIZES = {
  landscape:
    "(min-width:1536px) 464px,(min-width:1024px) calc((100vw - 144px)/3),(min-width:768px) calc((100vw - 100px)/2),(min-width:640px) calc((100vw - 60px)/2),calc(100vw - 40px)",
  portrait:
    "(min-width:1536px) 340px,(min-width:1280px) calc((100vw - 176px)/4),(min-width:1024px) calc((100vw - 144px)/3),(min-width:768px) calc((100vw - 100px)/2),calc((100vw - 60px)/2)",
} as const satisfies Record<keyof typeof COLUMNS, string>;

/**
 * A list grid of an ArtistTile for each of `artists`: one column on a phone for wide clips, two for
 * portrait stills. The first `firstScreenTiles` load their media eagerly. It reads the selects once
 * for every tile, and follows the tiles' "Profile" links within the page (useProfileLinks).
 */
export function ArtistGrid<A extends TileArtist>({
  shape,
  artists,
  media,
  firstScreenTiles,
}: {
  shape: keyof typeof COLUMNS;
  artists: readonly A[];
  /** Each tile's picture or clip (see ArtistTile). */
  media: (artist: A, loading: ImageLoading) => ReactNode;
  firstScreenTiles: number;
}) {
  const grid = useRef<HTMLUListElement>(null);
  const prefetch = useProfileLinks(grid);
  const selects = useSelects();
  return (
    <>
      <ul
        ref={grid}
        className={`artist-grid mx-auto grid max-w-screen-2xl grid-cols-1 gap-x-5 gap-y-10 px-5 pb-20 md:px-10 lg:gap-x-8 lg:gap-y-14 ${COLUMNS[shape]}`}
      >
        {artists.map((artist, index) => (
          <ArtistTile
            key={artist.id}
            artist={artist}
            media={media}
            loading={listImageLoading(index, firstScreenTiles)}
            selected={selects?.includes(artist.id) ?? false}
            discoverRoute={index === 0}
          />
        ))}
      </ul>
      {prefetch}
    </>
  );
}
