import type { WorkThumb } from "~/content/types";
import { MEDIA_SIZES } from "~/lib/media";

import { ExternalLink } from "./ExternalLink";

interface WorkGridProps {
  title: string;
  /** Used for the heading's id, so the section is named by its heading. */
  id: string;
  thumbs: WorkThumb[];
}

/**
 * A titled group of an artist's work. Film thumbs show their still frame (the animated image is an
 * enhancement); photography thumbs are portrait stills. Each opens the work's page in a new tab.
 */
export function WorkGrid({ title, id, thumbs }: WorkGridProps) {
  const isFilm = thumbs.some((thumb) => thumb.still);
  const { width, height } = isFilm ? MEDIA_SIZES.filmWork : MEDIA_SIZES.photoWork;
  return (
    <section aria-labelledby={id} className="mt-12 md:mt-16">
      <h2 id={id} className="text-xs font-medium uppercase tracking-label text-muted">
        {title}
      </h2>
      <ul
        className={`mt-6 grid gap-x-5 gap-y-8 ${isFilm ? "sm:grid-cols-2 lg:grid-cols-3" : "grid-cols-2 lg:grid-cols-4"}`}
      >
        {thumbs.map((thumb) => (
          <li key={thumb.image} className="group">
            <ExternalLink href={thumb.url} className="block">
              <img
                src={thumb.still ?? thumb.image}
                alt=""
                width={width}
                height={height}
                loading="lazy"
                decoding="async"
                className={`w-full bg-line object-cover transition-opacity duration-300 group-hover:opacity-85 ${isFilm ? "aspect-video" : "aspect-[4/5]"}`}
              />
              <span className="mt-3 block text-sm">{thumb.name}</span>
            </ExternalLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
