import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { ExternalLink } from "./external-link";
import { SelectsToggleButton } from "./selects-toggle";

interface ArtistTileProps {
  id: string;
  name: string;
  website: string;
  profileUrl: string;
  /** Whether the artist is on the working list of selects (never, until the page has hydrated). */
  selected: boolean;
  /**
   * Whether "Profile" is Remix's `<Link>`, which has Remix discover the artist pages' route as it
   * renders. One tile of a grid is enough, since every profile shares that route (with a Link in
   * every tile, Remix built a URL of 760 paths, ~170 ms of a phone's main thread at 40×, only to
   * drop it as too long); the others are plain links that the grid follows (useProfileLinks).
   */
  discoverRoute: boolean;
  /** The tile's picture or clip, already in its aspect-ratio box. */
  children: ReactNode;
}

/**
 * One artist in a list grid: media and name open the artist's own site; "Profile" stays here, and
 * "Add to selects" puts the artist on the shortlist.
 */
export function ArtistTile({ id, name, website, profileUrl, selected, discoverRoute, children }: ArtistTileProps) {
  return (
    <li className="group">
      <ExternalLink href={`https://${website}`} className="block">
        <div className="tile-media">{children}</div>
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
