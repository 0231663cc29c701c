import type { ImageLoading } from "#model/media.ts";

import { ARTIST_GRID_SIZES } from "./artist-grid.tsx";
import { Picture } from "./picture.tsx";

/** Art direction: a square crop on phones, the full portrait frame from 768 px up. */
export function PhotographerPicture({
  desktopSrc,
  mobileSrc,
  loading,
}: {
  desktopSrc: string;
  mobileSrc: string;
  loading: ImageLoading;
}) {
  return (
    <Picture
      kind="photographerMobile"
      src={mobileSrc}
      art={{ media: "(min-width: 768px)", kind: "photographerDesktop", src: desktopSrc }}
      alt=""
      sizes={ARTIST_GRID_SIZES.portrait}
      loading={loading}
      frameClassName="block aspect-square md:aspect-[4/5]"
      className="h-full w-full object-cover"
    />
  );
}
