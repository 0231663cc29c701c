import { createContext, useContext, useEffect, useRef } from "react";

import type { ImageLoading } from "#model/media.ts";
import { watchClip } from "#app/lib/motion.ts";

import { ARTIST_GRID_SIZES } from "./artist-grid.tsx";
import { Picture } from "./picture.tsx";
import { useMediaUrl } from "./use-media-url.ts";

/** The directors' clips' state, given by the grid (see useThumbnailMotion). */
export interface ClipMotion {
  /** Whether the clips are there at all: wide screens only, after hydration. */
  shown: boolean;
  /** Whether they may play; each then plays once looked at, and only while its tile is in view. */
  playing: boolean;
}

/**
 * Through context rather than props, so that the motion control re-renders the clips only, and
 * on a phone, where neither ever changes, nothing at all.
 */
export const ClipMotionContext = createContext<ClipMotion>({ shown: false, playing: false });

interface DirectorClipProps {
  clip: string;
  still: string;
  /** Vertical offset in px that frames the clip; clamped so the box never shows an edge. */
  videoTop?: number;
  /** The first screen's stills load eagerly; the rest wait until scrolled near. */
  loading: ImageLoading;
}

/** Plays the clip, giving it its source first if it has none: nothing was fetched before. */
function startClip(video: HTMLVideoElement, src: string) {
  if (!video.getAttribute("src")) video.src = src;
  // A play() interrupted by a quick scroll away rejects; the next look starts it again.
  video.play().catch(() => undefined);
}

/**
 * Pauses the clip and, unless it has arrived whole, takes its source away, which ends the
 * download (Chromium kept fetching a clip that was only reloaded: its media cache outlives the
 * player), so a clip scrolled past costs only what it fetched while in view. A whole clip stays,
 * paused on its frame, and plays on from there.
 */
function stopClip(video: HTMLVideoElement) {
  video.pause();
  if (!video.getAttribute("src")) return;
  const { buffered, duration } = video;
  const whole = buffered.length > 0 && buffered.start(0) === 0 && buffered.end(buffered.length - 1) >= duration - 0.05;
  if (whole) return;
  video.removeAttribute("src");
  video.load();
}

/**
 * A director's tile media in a 2:1 box: the still always, and on wider screens a muted looping clip
 * layered over it. The clip has no source until it plays, so nothing is fetched before, and it
 * plays only while allowed to, once the visitor looks at it (watchClip: in view with the page at
 * rest, or its tile hovered or focused), until it leaves view.
 */
export function DirectorClip({ clip, still, videoTop = 0, loading }: DirectorClipProps) {
  const { shown, playing } = useContext(ClipMotionContext);
  const frameRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const src = useMediaUrl()(clip);

  // Set through the DOM rather than a server-rendered style attribute, which the CSP forbids. The
  // clip is blank until it plays, and it only plays after hydration, so nothing visibly moves.
  useEffect(() => {
    const video = videoRef.current;
    if (video) video.style.transform = `translateY(calc(-50% + clamp(-5.5%, ${videoTop}px, 5.5%)))`;
  }, [videoTop, shown]);

  useEffect(() => {
    const video = videoRef.current;
    const frame = frameRef.current;
    if (!video || !frame || !playing) return;
    const unwatch = watchClip(
      frame,
      // The grid's list item: hovering or focusing the tile's name or actions looks at it too.
      frame.closest("li") ?? frame,
      () => startClip(video, src),
      () => stopClip(video),
    );
    return () => {
      unwatch();
      stopClip(video);
    };
  }, [playing, shown, src]);

  return (
    <div ref={frameRef} className="relative aspect-[2/1]">
      <Picture
        kind="directorStill"
        src={still}
        alt=""
        sizes={ARTIST_GRID_SIZES.landscape}
        loading={loading}
        className="absolute inset-0 h-full w-full object-cover"
      />
      {shown && (
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
        />
      )}
    </div>
  );
}
