import type { ReactNode } from "react";

import type { WorkThumb } from "~/content/types";
import { MEDIA_SIZES } from "~/lib/media";

import { ExternalLink } from "./ExternalLink";
import { FreezeFrame } from "./FreezeFrame";

interface WorkGridProps {
  title: string;
  /** Used for the heading's id, so the section is named by its heading. */
  id: string;
  thumbs: WorkThumb[];
}

/**
 * A titled group of an artist's work, each thumb opening the work's page in a new tab. Film thumbs
 * are animated images resting on their still frame; photography thumbs are portrait stills.
 */
export function WorkGrid({ title, id, thumbs }: WorkGridProps) {
  const isFilm = thumbs.some((thumb) => thumb.still);
  const { width, height } = isFilm ? MEDIA_SIZES.filmWork : MEDIA_SIZES.photoWork;
  const aspect = isFilm ? "aspect-video" : "aspect-[4/5]";

  const link = (thumb: WorkThumb, media: ReactNode) => (
    <ExternalLink href={thumb.url} className="block">
      {media}
      <span className="mt-3 block text-sm">{thumb.name}</span>
    </ExternalLink>
  );

  return (
    <section aria-labelledby={id} className="mt-12 md:mt-16">
      <h2 id={id} className="text-xs font-medium uppercase tracking-label text-muted">
        {title}
      </h2>
      <ul
        className={`mt-6 grid gap-x-5 gap-y-8 ${isFilm ? "sm:grid-cols-2 lg:grid-cols-3" : "grid-cols-2 lg:grid-cols-4"}`}
      >
        {thumbs.map((thumb) => (
          <li key={thumb.image}>
            {thumb.still ? (
              <FreezeFrame
                still={thumb.still}
                animated={thumb.image}
                width={width}
                height={height}
                aspect={aspect}
                label={thumb.name}
                renderLink={(media) => link(thumb, media)}
              />
            ) : (
              link(
                thumb,
                <img
                  src={thumb.image}
                  alt=""
                  width={width}
                  height={height}
                  loading="lazy"
                  decoding="async"
                  className={`w-full bg-line object-cover ${aspect}`}
                />,
              )
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
