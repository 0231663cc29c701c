import { memo } from "react";

import type { ImageLoading } from "~/lib/media";

import { ArtistTile } from "./artist-tile";
import { DirectorClip } from "./director-clip";

/** What the directors' grid knows of each director. */
export interface DirectorTileData {
  id: string;
  name: string;
  website: string;
  url: string;
  thumb: string;
  mobileBG: string;
  cssVideoTop?: number;
}

interface DirectorTileProps {
  director: DirectorTileData;
  loading: ImageLoading;
  selected: boolean;
  discoverRoute: boolean;
}

/**
 * A director in the grid. Memoized: its props change only when the artist is added to or taken
 * off the selects, so a grid of hundreds re-renders the one tile that changed.
 */
export const DirectorTile = memo(function DirectorTile({
  director,
  loading,
  selected,
  discoverRoute,
}: DirectorTileProps) {
  return (
    <ArtistTile
      id={director.id}
      name={director.name}
      website={director.website}
      profileUrl={director.url}
      selected={selected}
      discoverRoute={discoverRoute}
    >
      <DirectorClip clip={director.thumb} still={director.mobileBG} videoTop={director.cssVideoTop} loading={loading} />
    </ArtistTile>
  );
});
