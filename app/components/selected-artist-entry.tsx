import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import type { Artist } from "#app/content/types.ts";

import { ArtistWebLinks, Biography } from "./artist-text.tsx";
import { Picture } from "./picture.tsx";

export type SelectedArtist = Pick<Artist, "id" | "name" | "title" | "biography" | "website" | "instagram" | "url"> & {
  /** A director's wide still or a photographer's portrait. */
  image: { kind: "directorStill" | "photographerDesktop"; src: string };
};

/** The image column: two fifths of the list (at most 1536 px, 40 px padding, 40 px gap) from md up. */
const IMAGE_SIZES = "(min-width: 1536px) 566px, (min-width: 768px) calc((100vw - 120px) * 0.4), calc(100vw - 40px)";

interface EntryProps {
  siteUrl: string;
  instagramBaseUrl: string;
  artist: SelectedArtist;
  index: number;
  children: ReactNode;
}

/** One artist of the selects: image, name, title, biography, links, and the edit controls it is given. */
export function SelectedArtistEntry({ artist, index, siteUrl, instagramBaseUrl, children }: EntryProps) {
  const headingId = `select-${artist.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:gap-10 print:block"
    >
      <Picture
        kind={artist.image.kind}
        src={artist.image.src}
        alt=""
        sizes={IMAGE_SIZES}
        loading={index === 0 ? "hero" : "lazy"}
        className="h-auto w-full bg-line print:max-h-[55vh] print:bg-transparent print:object-contain print:object-left"
      />
      <div className="print:mt-6">
        <p aria-hidden="true" className="text-xs tabular-nums text-muted print:text-neutral-600">
          {String(index + 1).padStart(2, "0")}
        </p>
        <h2 id={headingId} className="mt-2 text-2xl font-light md:text-3xl print:text-4xl">
          <Link to={artist.url} className="hover:text-muted">
            {artist.name}
          </Link>
        </h2>
        <p className="mt-2 text-xs uppercase tracking-label text-muted print:text-neutral-600">{artist.title}</p>
        {artist.biography && (
          <Biography
            text={artist.biography}
            className="mt-5 line-clamp-4 max-w-2xl font-light leading-relaxed print:line-clamp-none"
          />
        )}
        <ul className="mt-5 space-y-1 text-sm">
          <ArtistWebLinks website={artist.website} instagram={artist.instagram} instagramBaseUrl={instagramBaseUrl} />
          <li>
            <Link to={artist.url} aria-label={`Profile of ${artist.name}`} className="hover:text-muted">
              <span className="print:hidden">Profile</span>
              <span className="hidden print:inline">
                {siteUrl}
                {artist.url}
              </span>
            </Link>
          </li>
        </ul>
        <div className="mt-6 flex flex-wrap gap-x-6 gap-y-2 print:hidden">{children}</div>
      </div>
    </article>
  );
}
