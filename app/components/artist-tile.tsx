import { Link } from "@remix-run/react";
import { memo, type ReactNode } from "react";

import type { ImageLoading } from "#model/media.ts";

import { ExternalLink } from "./external-link.tsx";
import { SelectsToggleButton } from "./selects-toggle.tsx";

/** What a grid's tile shows of an artist: the loader's data, the same object from render to render. */
export interface TileArtist {
  id: string;
  name: string;
  website: string;
  url: string;
}

interface ArtistTileProps<A extends TileArtist> {
  artist: A;
  /**
   * The tile's picture or clip, in its aspect-ratio box: a function of the module (not an element
   * made in the grid's render), so the memoized tile re-renders only when its artist is added to or
   * taken off the selects.
   */
  media: (artist: A, loading: ImageLoading) => ReactNode;
  loading: ImageLoading;
  /** Whether the artist is on the working list of selects (never, until the page has hydrated). */
  selected: boolean;
  /**
   * Whether "Profile" is Remix's `<Link>`, which has Remix discover the artist pages' route as it
   * renders. One tile of a grid is enough, since every profile shares that route (with a Link in
   * every tile, Remix built a URL of 760 paths, ~170 ms of a phone's main thread at 40×, only to
   * drop it as too long); the others are plain links that the grid follows (useProfileLinks).
   */
  discoverRoute: boolean;
}

/**
 * One artist in a list grid: media and name open the artist's own site; "Profile" stays here, and
 * "Add to selects" puts the artist on the shortlist.
 */
function Tile<A extends TileArtist>({ artist, media, loading, selected, discoverRoute }: ArtistTileProps<A>) {
  const { id, name, website, url: profileUrl } = artist;
  return (
    <li className="group">
      <ExternalLink href={`https://${website}`} className="block">
        <div className="tile-media">{media(artist, loading)}</div>
        <span className="tile-name">{name}</span>
      </ExternalLink>
      <div className="tile-actions">
        {discoverRoute ? (
          <Link to={profileUrl} prefetch="intent" aria-label={`Profile of ${name}`} className="tile-action">
            Profile
          </Link>
        ) : (
          <a href={profileUrl} data-profile-link="" aria-label={`Profile of ${name}`} className="tile-action">
            Profile
          </a>
        )}
        <SelectsToggleButton id={id} name={name} pressed={selected} />
      </div>
    </li>
  );
}

/** Memoized, so a grid of hundreds re-renders only the tile whose selects changed. (`memo` drops the type parameter.) */
export const ArtistTile = memo(Tile) as typeof Tile;
