import type { LinksFunction } from "@remix-run/node";
import { useEffect, useRef, useState } from "react";
import videojsStylesheet from "video.js/dist/video-js.css";

import type { ReelSource } from "~/content/types";
import { HIGH_FETCH_PRIORITY, MEDIA_SIZES, videoPoster } from "~/lib/media";

interface ReelPlayerProps {
  title: string;
  /** The poster still as the content names it; both players show its WebP (see videoPoster). */
  poster: string;
  sources: ReelSource[];
}

const { width, height } = MEDIA_SIZES.reelPoster;

/**
 * The server renders a native player that works before (and without) JavaScript: poster, controls,
 * no autoplay; browsers that play HLS natively take the master playlist, the rest the MP4. Once the
 * page is interactive, video.js is imported and a player with the same poster and sources takes the
 * native one's place in the same aspect-ratio box, streaming the HLS ladder adaptively.
 *
 * The poster is the page's largest image: it is preloaded at high priority, as `<video poster>`
 * cannot say so, and video.js is told the reel is the page's main content, so its own poster
 * `<img>` is eager and high priority too.
 *
 * The video.js element lives in a host div React never renders into, because video.js rewrites the
 * DOM around it. The player is disposed when the page leaves, and a StrictMode re-run of the effect
 * only ever leaves one player.
 */
export function ReelPlayer({ title, poster, sources }: ReelPlayerProps) {
  const posterUrl = videoPoster(poster);
  const nativeRef = useRef<HTMLVideoElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const [enhanced, setEnhanced] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let dispose: (() => void) | undefined;

    import("video.js").then(({ default: videojs }) => {
      const native = nativeRef.current;
      const host = hostRef.current;
      // A visitor already watching the native player keeps it rather than being interrupted.
      if (cancelled || !host || (native && !native.paused)) return;

      const element = document.createElement("video-js");
      element.setAttribute("aria-label", title);
      host.appendChild(element);
      const player = videojs(element, {
        controls: true,
        autoplay: false,
        preload: "none",
        fill: true,
        poster: posterUrl,
        mainContent: true,
        sources,
      });
      // Its poster <img> fills the player's box; like every image on the site, it states its size.
      const posterImage = player.el().querySelector(".vjs-poster img");
      posterImage?.setAttribute("width", String(width));
      posterImage?.setAttribute("height", String(height));
      dispose = () => {
        if (!player.isDisposed()) player.dispose();
      };
      setEnhanced(true);
    });

    return () => {
      cancelled = true;
      dispose?.();
    };
  }, [title, posterUrl, sources]);

  return (
    <>
      <link rel="preload" as="image" href={posterUrl} {...HIGH_FETCH_PRIORITY} />
      <div className="relative aspect-video w-full bg-black">
        {!enhanced && (
          <video
            ref={nativeRef}
            controls
            playsInline
            preload="none"
            poster={posterUrl}
            width={width}
            height={height}
            aria-label={title}
            className="absolute inset-0 h-full w-full"
          >
            {sources.map((source) => (
              <source key={source.src} src={source.src} type={source.type} />
            ))}
          </video>
        )}
        <div ref={hostRef} data-reel-player className="absolute inset-0" />
      </div>
    </>
  );
}

/** The player's stylesheet, linked only by the reel routes so no other page pays for it. */
export const reelPlayerLinks: LinksFunction = () => [{ rel: "stylesheet", href: videojsStylesheet }];
