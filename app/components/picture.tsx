import { type ImageLoading, loadingAttributes, responsiveImage, type ResponsiveImage } from "#model/media.ts";
import type { LadderKind } from "#model/media-kinds.ts";

import { useMediaUrl } from "./use-media-url.ts";

/**
 * The `<source>`s of a ladder, best format first. With `media` (art direction) they also offer
 * the fallback format, and state their size, because the `<img>` after them holds another image
 * of another shape; without, the `<img>`'s size is theirs (a grid repeats these hundreds of times).
 */
function PictureSources({ image, sizes, media }: { image: ResponsiveImage; sizes: string; media?: string }) {
  const sources = media ? [...image.sources, { type: undefined, srcSet: image.srcSet }] : image.sources;
  return sources.map((source) => (
    <source
      key={source.srcSet}
      media={media}
      type={source.type}
      srcSet={source.srcSet}
      sizes={sizes}
      width={media ? image.width : undefined}
      height={media ? image.height : undefined}
    />
  ));
}

interface PictureProps {
  kind: LadderKind;
  /** The still's path as the content names it; the ladder's files are derived from it. */
  src: string;
  alt: string;
  /** The rendered width at each breakpoint, as the layout around the picture sets it. */
  sizes: string;
  loading: ImageLoading;
  /** Classes of the `<img>`. */
  className?: string;
  /** Art direction: another still, shown wherever the media query `media` matches. */
  art?: { media: string; kind: LadderKind; src: string };
  /** Classes of the `<picture>`; without them it generates no box and the `<img>` lays out alone. */
  frameClassName?: string;
}

/** A still in AVIF, WebP and its own format, at the widths its ladder has. */
export function Picture({ kind, src, alt, sizes, loading, className, art, frameClassName = "contents" }: PictureProps) {
  const mediaUrl = useMediaUrl();
  const image = responsiveImage(kind, mediaUrl(src));
  return (
    <picture className={frameClassName}>
      {art && <PictureSources image={responsiveImage(art.kind, mediaUrl(art.src))} sizes={sizes} media={art.media} />}
      <PictureSources image={image} sizes={sizes} />
      {/* Loading hints before the candidates: on a client-side navigation React sets attributes
          in this order, and a browser may start fetching as soon as it has a source. */}
      <img
        {...loadingAttributes(loading)}
        decoding="async"
        width={image.width}
        height={image.height}
        alt={alt}
        className={className}
        sizes={sizes}
        srcSet={image.srcSet}
        src={image.src}
      />
    </picture>
  );
}
