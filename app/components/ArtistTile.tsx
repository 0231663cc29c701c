import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { ExternalLink } from "./ExternalLink";

interface ArtistTileProps {
  name: string;
  website: string;
  profileUrl: string;
  /** The tile's picture or clip, already in its aspect-ratio box. */
  children: ReactNode;
}

/** One artist in a list grid: media and name open the artist's own site; "Profile" stays here. */
export function ArtistTile({ name, website, profileUrl, children }: ArtistTileProps) {
  return (
    <li className="group">
      <ExternalLink href={`https://${website}`} className="block">
        <div className="overflow-hidden bg-line transition-opacity duration-300 group-hover:opacity-85">
          {children}
        </div>
        <span className="mt-3 block text-sm tracking-wide">{name}</span>
      </ExternalLink>
      <Link
        to={profileUrl}
        prefetch="intent"
        aria-label={`Profile of ${name}`}
        className="mt-1 inline-block text-xs uppercase tracking-label text-muted hover:text-paper"
      >
        Profile
      </Link>
    </li>
  );
}
