import { MEDIA_SIZES } from "~/lib/media";

const desktop = MEDIA_SIZES.photographerDesktop;
const mobile = MEDIA_SIZES.photographerMobile;

/** Art direction: a square crop on phones, the full portrait frame from 768 px up. */
export function PhotographerPicture({
  desktopSrc,
  mobileSrc,
  eager,
}: {
  desktopSrc: string;
  mobileSrc: string;
  eager: boolean;
}) {
  return (
    <picture className="block aspect-square md:aspect-[4/5]">
      <source
        media="(min-width: 768px)"
        srcSet={desktopSrc}
        width={desktop.width}
        height={desktop.height}
      />
      <img
        src={mobileSrc}
        alt=""
        width={mobile.width}
        height={mobile.height}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="h-full w-full object-cover"
      />
    </picture>
  );
}
