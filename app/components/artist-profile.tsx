import type { Artist } from "#app/content/types.ts";

import { ArtistWebLinks, Biography } from "./artist-text.tsx";
import { Picture } from "./picture.tsx";
import { SelectsToggle } from "./selects-toggle.tsx";
import { WorkGrid } from "./work-grid.tsx";

/** The bio photo is at most 320 px wide (max-w-xs), narrower only on a phone under 360 px. */
const BIO_PHOTO_SIZES = "(min-width: 360px) 320px, calc(100vw - 40px)";

/** The artist detail page: name and title, work groups, links out, and the biography. */
export function ArtistProfile({ artist, instagramBaseUrl }: { artist: Artist; instagramBaseUrl: string }) {
  const hasBio = artist.biography !== "" || artist.bioPhoto !== undefined;
  const hasRecentWork = artist.recentWorkThumbs.length > 0;
  const extraWork =
    artist.extraThumbsTitle && artist.extraThumbs
      ? { title: artist.extraThumbsTitle, thumbs: artist.extraThumbs }
      : undefined;
  return (
    <article className="mx-auto max-w-screen-2xl px-5 pb-24 pt-8 md:px-10 md:pt-14">
      <header>
        <h1 className="text-3xl font-light md:text-5xl">{artist.name}</h1>
        <p className="mt-3 text-xs uppercase tracking-label text-muted">{artist.title}</p>
        <SelectsToggle id={artist.id} name={artist.name} className="mt-4" />
      </header>

      {hasRecentWork && <WorkGrid id="recent-work" title="Recent Work" thumbs={artist.recentWorkThumbs} opensPage />}
      {extraWork && (
        <WorkGrid id="extra-work" title={extraWork.title} thumbs={extraWork.thumbs} opensPage={!hasRecentWork} />
      )}

      <div className="mt-16 grid gap-12 border-t border-line pt-10 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <section aria-labelledby="more-work">
          <h2 id="more-work" className="text-xs font-medium uppercase tracking-label text-muted">
            View More Work:
          </h2>
          <ul className="mt-4 space-y-2 text-lg">
            <ArtistWebLinks website={artist.website} instagram={artist.instagram} instagramBaseUrl={instagramBaseUrl} />
          </ul>
        </section>
        {hasBio && (
          <section aria-labelledby="bio">
            <h2 id="bio" className="text-xs font-medium uppercase tracking-label text-muted">
              Bio:
            </h2>
            <div className="mt-4 flex flex-col gap-8 lg:flex-row">
              {artist.biography && (
                <Biography text={artist.biography} className="max-w-2xl text-lg font-light leading-relaxed" />
              )}
              {artist.bioPhoto && (
                <Picture
                  kind="bioPhoto"
                  src={artist.bioPhoto}
                  alt={`Portrait of ${artist.name}`}
                  sizes={BIO_PHOTO_SIZES}
                  // Without work thumbs above it, the portrait is the first screen's one image.
                  loading={hasRecentWork || extraWork ? "lazy" : "hero"}
                  className="aspect-[4/5] w-full max-w-xs bg-line object-cover"
                />
              )}
            </div>
          </section>
        )}
      </div>
    </article>
  );
}
