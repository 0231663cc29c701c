import { memo } from "react";

import type { ImageLoading } from "~/lib/media";

import { ArtistTile } from "./artist-tile";
import { PhotographerPicture } from "./photographer-picture";

/** What the photographers' grid knows of each photographer. */
export interface PhotographerTileData {
  id: string;
  name: string;
  website: string;
  url: string;
  thumb: string;
  mobileBG: string;
}

interface PhotographerTileProps {
  photographer: PhotographerTileData;
  loading: ImageLoading;
  selected: boolean;
  discoverRoute: boolean;
}

/** A photographer in the grid; memoized, as DirectorTile is. */
export const PhotographerTile = memo(function PhotographerTile({
  photographer,
  loading,
  selected,
  discoverRoute,
}: PhotographerTileProps) {
  return (
    <ArtistTile
      id={photographer.id}
      name={photographer.name}
      website={photographer.website}
      profileUrl={photographer.url}
      selected={selected}
      discoverRoute={discoverRoute}
    >
      <PhotographerPicture desktopSrc={photographer.thumb} mobileSrc={photographer.mobileBG} loading={loading} />
    </ArtistTile>
  );
});
