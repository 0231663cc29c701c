import type { ReactNode } from "react";

import type { WorkThumb } from "#app/content/types.ts";
import { listImageLoading } from "#model/media.ts";

import { ExternalLink } from "./external-link.tsx";
import { FreezeFrame } from "./freeze-frame.tsx";
import { Picture } from "./picture.tsx";

interface WorkGridProps {
  title: string;
  /** Used for the heading's id, so the section is named by its heading. */
  id: string;
  thumbs: WorkThumb[];
  /** Whether the group opens the page, its first rows in the first screen; if not, it loads lazily. */
  opensPage: boolean;
}

/**
 * Columns; the thumbs' width at each breakpoint, for `sizes` (inside the page's 20 px, from md
 * 40 px, padding and the grid's 20 px gaps, in at most 1536 px); and how many thumbs share the
 * first screen when the group opens the page: two rows on a 1440×900 desktop (more than a phone).
 */
const LAYOUT = {
  directorWork: {
    columns: "sm:grid-cols-2 lg:grid-cols-3",
    sizes:
      "(min-width: 1536px) 472px, (min-width: 1024px) calc((100vw - 120px) / 3), (min-width: 768px) calc((100vw - 100px) / 2), (min-width: 640px) calc((100vw - 60px) / 2), calc(100vw - 40px)",
    firstScreen: 6,
  },
  photographerWork: {
    columns: "grid-cols-2 lg:grid-cols-4",
    sizes:
      "(min-width: 1536px) 349px, (min-width: 1024px) calc((100vw - 140px) / 4), (min-width: 768px) calc((100vw - 100px) / 2), calc((100vw - 60px) / 2)",
    firstScreen: 8,
  },
} as const;

/**
 * A titled group of an artist's work, each thumb opening the work's page in a new tab. A director's
 * thumbs are animated images resting on their still frame; a photographer's are portrait stills.
 */
export function WorkGrid({ title, id, thumbs, opensPage }: WorkGridProps) {
  const isFilm = thumbs.some((thumb) => thumb.still);
  const layout = LAYOUT[isFilm ? "directorWork" : "photographerWork"];
  const aspect = isFilm ? "aspect-video" : "aspect-[4/5]";
  const loadingOf = (index: number) => (opensPage ? listImageLoading(index, layout.firstScreen) : "lazy");

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
      <ul className={`mt-6 grid gap-x-5 gap-y-8 ${layout.columns}`}>
        {thumbs.map((thumb, index) => (
          <li key={thumb.image}>
            {thumb.still ? (
              <FreezeFrame
                still={thumb.still}
                stillKind="directorWorkStill"
                sizes={layout.sizes}
                loading={loadingOf(index)}
                animated={thumb.image}
                aspect={aspect}
                label={thumb.name}
                renderLink={(media) => link(thumb, media)}
              />
            ) : (
              link(
                thumb,
                <Picture
                  kind="photographerWork"
                  src={thumb.image}
                  alt=""
                  sizes={layout.sizes}
                  loading={loadingOf(index)}
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
