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

/** Links a stylesheet once; resolves when it has loaded (or failed: the player still works). */
function loadStylesheet(href: string): Promise<void> {
  if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return Promise.resolve();
  const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
  const settled = new Promise<void>((resolve) => {
    link.onload = link.onerror = () => resolve();
  });
  document.head.append(link);
  return settled;
}

declare global {
  interface Window {
    VIDEOJS_NO_DYNAMIC_STYLE?: boolean;
  }
}

/**
 * The server renders a native player that works before (and without) JavaScript: poster, controls,
 * no autoplay; browsers that play HLS natively take the master playlist, the rest the MP4.
 *
 * video.js (about 200 KiB compressed, and long to evaluate on a phone) is imported only when the
 * visitor shows intent: a pointer over or down on the player, focus inside it, or pressing play on
 * the native one. A video.js player with the same poster and sources then takes the native one's
 * place in the same aspect-ratio box and streams the HLS ladder adaptively; if the native player had
 * started, the new one carries on from the same moment.
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
  const boxRef = useRef<HTMLDivElement>(null);
  const nativeRef = useRef<HTMLVideoElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const [enhanced, setEnhanced] = useState(false);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    let cancelled = false;
    let dispose: (() => void) | undefined;

    const upgrade = () => {
      stopListening();
      // video.js would otherwise inject <style> elements, which the CSP forbids; its stylesheet is
      // linked instead, and waited for so the player never shows unstyled.
      window.VIDEOJS_NO_DYNAMIC_STYLE = true;
      Promise.all([import("video.js"), loadStylesheet(videojsStylesheet)]).then(([{ default: videojs }]) => {
        const native = nativeRef.current;
        const host = hostRef.current;
        if (cancelled || !host) return;
        const resumeAt = native && !native.paused ? native.currentTime : undefined;
        const hadFocus = box.contains(document.activeElement);
        native?.pause();

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
        if (resumeAt !== undefined) {
          player.currentTime(resumeAt);
          player.play()?.catch(() => undefined);
        }
        // A keyboard visitor whose focus was on the native player keeps it inside the new one.
        if (hadFocus) {
          player.ready(() => {
            const control =
              resumeAt === undefined
                ? player.getChild("BigPlayButton")
                : player.getChild("ControlBar")?.getChild("PlayToggle");
            control?.focus();
          });
        }
        dispose = () => {
          if (!player.isDisposed()) player.dispose();
        };
        setEnhanced(true);
      });
    };

    const intents = ["pointerenter", "pointerdown", "focusin"] as const;
    const stopListening = () => {
      for (const type of intents) box.removeEventListener(type, upgrade);
      nativeRef.current?.removeEventListener("play", upgrade);
    };
    for (const type of intents) box.addEventListener(type, upgrade, { passive: true });
    nativeRef.current?.addEventListener("play", upgrade);

    return () => {
      cancelled = true;
      stopListening();
      dispose?.();
    };
  }, [title, posterUrl, sources]);

  return (
    <>
      <link rel="preload" as="image" href={posterUrl} {...HIGH_FETCH_PRIORITY} />
      <div ref={boxRef} className="relative aspect-video w-full bg-black">
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
        {/* Hidden until it holds the player, so it never covers the native controls. */}
        <div ref={hostRef} data-reel-player className={enhanced ? "absolute inset-0" : "hidden"} />
      </div>
    </>
  );
}
