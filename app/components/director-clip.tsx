import { useEffect, useRef } from "react";

import type { ImageLoading } from "~/lib/media";

import { ARTIST_GRID_SIZES } from "./artist-grid";
import { Picture } from "./picture";
import { useMediaUrl } from "./use-media-url";

interface DirectorClipProps {
  clip: string;
  still: string;
  /** Vertical offset in px that frames the clip; clamped so the box never shows an edge. */
  videoTop?: number;
  /** The first screen's stills load eagerly; the rest wait until scrolled near. */
  loading: ImageLoading;
  /** Whether the clip is there at all: wide screens only, after hydration (see useThumbnailMotion). */
  showClip: boolean;
  /** Whether the clip may play (see useThumbnailMotion); it then plays only while near the screen. */
  play: boolean;
}

/**
 * A director's tile media in a 2:1 box: the still always, and on wider screens a muted looping clip
 * layered over it. The clip has `preload="none"`, so nothing is fetched until it plays, and it plays
 * only while allowed to and on or near the screen.
 */
export function DirectorClip({ clip, still, videoTop = 0, loading, showClip, play }: DirectorClipProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const mediaUrl = useMediaUrl();

  // Set through the DOM rather than a server-rendered style attribute, which the CSP forbids. The
  // clip is blank until it plays, and it only plays after hydration, so nothing visibly moves.
  useEffect(() => {
    const video = videoRef.current;
    if (video) video.style.transform = `translateY(calc(-50% + clamp(-5.5%, ${videoTop}px, 5.5%)))`;
  }, [videoTop, showClip]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (!play) {
      video.pause();
      return;
    }
    const observer = new IntersectionObserver(
      ([entry]) => {
        // A play() interrupted by a quick scroll away rejects; the next intersection retries.
        if (entry.isIntersecting) video.play().catch(() => undefined);
        else video.pause();
      },
      { rootMargin: "200px 0px" },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, [play, showClip]);

  return (
    <div className="relative aspect-[2/1]">
      <Picture
        kind="directorStill"
        src={still}
        alt=""
        sizes={ARTIST_GRID_SIZES.landscape}
        loading={loading}
        className="absolute inset-0 h-full w-full object-cover"
      />
      {showClip && (
        <video
          ref={videoRef}
          muted
          loop
          playsInline
          preload="none"
          aria-hidden="true"
          tabIndex={-1}
          data-director-clip
          className="absolute left-0 top-1/2 aspect-video w-full -translate-y-1/2"
        >
          <source src={mediaUrl(clip)} type="video/mp4" />
        </video>
      )}
    </div>
  );
}
