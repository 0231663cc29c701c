import type { ReactNode } from "react";

const COLUMNS = {
  landscape: "sm:grid-cols-2 lg:grid-cols-3",
  portrait: "grid-cols-2 lg:grid-cols-3 xl:grid-cols-4",
} as const;

/** A list grid of ArtistTiles: one column on a phone for wide clips, two for portrait stills. */
export function ArtistGrid({ shape, children }: { shape: keyof typeof COLUMNS; children: ReactNode }) {
  return (
    <ul
      className={`mx-auto grid max-w-screen-2xl grid-cols-1 gap-x-5 gap-y-10 px-5 pb-20 md:px-10 lg:gap-x-8 lg:gap-y-14 ${COLUMNS[shape]}`}
    >
      {children}
    </ul>
  );
}
