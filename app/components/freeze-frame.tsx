import { type PointerEvent, type ReactNode, useEffect, useRef, useState } from "react";

import type { ImageLoading } from "#model/media.ts";
import { type LadderKind, MEDIA_KINDS } from "#model/media-kinds.ts";
import { prefersReducedMotion } from "#app/lib/motion.ts";

import { Picture } from "./picture.tsx";
import { useMediaUrl } from "./use-media-url.ts";

interface FreezeFrameProps {
  /** The still first frame, shown at rest, and the kind of its ladder. */
  still: string;
  stillKind: LadderKind;
  /** The still's rendered width at each breakpoint. */
  sizes: string;
  loading: ImageLoading;
  /** The animated WebP, fetched only the first time the thumbnail plays. */
  animated: string;
  /** Tailwind aspect-ratio class of the media box, e.g. "aspect-video". */
  aspect: string;
  /** Names the play/pause control, e.g. the work's title. */
  label: string;
  /** Wraps the media in the tile's link (with its caption); the toggle stays outside the link. */
  renderLink: (media: ReactNode) => ReactNode;
}

/**
 * An animated thumbnail that rests on its still frame. It plays while a mouse hovers it (unless the
 * visitor prefers reduced motion) and toggles with a real button that keyboard and touch can use.
 * A mouse already resting on it when the page hydrates counts as hovering.
 */
export function FreezeFrame({
  still,
  stillKind,
  sizes,
  loading,
  animated,
  aspect,
  label,
  renderLink,
}: FreezeFrameProps) {
  const mediaUrl = useMediaUrl();
  const boxRef = useRef<HTMLDivElement>(null);
  const [playing, setPlaying] = useState(false);
  const [loaded, setLoaded] = useState(false);

  const hover = (next: boolean) => {
    if (prefersReducedMotion()) return;
    if (next) setLoaded(true);
    setPlaying(next);
  };
  const onHover = (next: boolean) => (event: PointerEvent) => {
    if (event.pointerType === "mouse") hover(next);
  };
  useEffect(() => {
    if (matchMedia("(hover: hover)").matches && boxRef.current?.matches(":hover")) hover(true);
  }, []);
  // An updater, because a click arrives in the same frame as the hover that preceded it.
  const toggle = () => {
    setLoaded(true);
    setPlaying((current) => !current);
  };

  // The animation has the still's aspect ratio, so it takes the still's size attributes.
  const { width, height } = MEDIA_KINDS[stillKind].size;
  const media = (
    <span className={`relative block overflow-hidden bg-line ${aspect}`}>
      <Picture
        kind={stillKind}
        src={still}
        alt=""
        sizes={sizes}
        loading={loading}
        className="absolute inset-0 h-full w-full object-cover"
      />
      {loaded && (
        <img
          src={mediaUrl(animated)}
          alt=""
          width={width}
          height={height}
          decoding="async"
          hidden={!playing}
          data-animated
          className="absolute inset-0 h-full w-full object-cover"
        />
      )}
    </span>
  );

  return (
    <div ref={boxRef} className="relative" onPointerEnter={onHover(true)} onPointerLeave={onHover(false)}>
      {renderLink(media)}
      <button
        type="button"
        aria-pressed={playing}
        aria-label={`Play preview: ${label}`}
        data-freeze-toggle
        onClick={toggle}
        className="absolute right-2 top-2 flex h-10 w-10 items-center justify-center rounded-full bg-ink/70 text-paper transition-opacity hover:bg-ink"
      >
        <span aria-hidden="true" className="text-[10px]">
          {playing ? "❚❚" : "▶"}
        </span>
      </button>
    </div>
  );
}
