import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { ExternalLink } from "./external-link";
import { SelectsToggle } from "./selects-toggle";

interface ArtistTileProps {
  id: string;
  name: string;
  website: string;
  profileUrl: string;
  /** The tile's picture or clip, already in its aspect-ratio box. */
  children: ReactNode;
}

/**
 * One artist in a list grid: media and name open the artist's own site; "Profile" stays here, and
 * "Add to selects" puts the artist on the shortlist.
 */
export function ArtistTile({ id, name, website, profileUrl, children }: ArtistTileProps) {
  return (
    <li className="group">
      <ExternalLink href={`https://${website}`} className="block">
        <div className="overflow-hidden bg-line transition-opacity duration-300 group-hover:opacity-85">{children}</div>
        <span className="mt-3 block text-sm tracking-wide">{name}</span>
      </ExternalLink>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-x-4">
        <Link
          to={profileUrl}
          prefetch="intent"
          aria-label={`Profile of ${name}`}
          className="inline-flex min-h-6 items-center text-xs uppercase tracking-label text-muted hover:text-paper"
        >
          Profile
        </Link>
        <SelectsToggle id={id} name={name} />
      </div>
    </li>
  );
}
