import { type RefObject, useEffect, useRef } from "react";

import { HIGH_FETCH_PRIORITY, videoPoster } from "#model/media.ts";
import { frameClass, reelPosterSize } from "#model/reel-frames.ts";
import { mount } from "#app/reel/player/mount.client.ts";
import type { ReelPageValue } from "#app/reel/reel.server.ts";
import { mediaPaths } from "#model/media-paths.ts";
import { reelTracks } from "#model/tracks.ts";

import { useMediaUrl } from "./use-media-url.ts";

interface ReelPlayerProps {
  reel: ReelPageValue;
  /** The page's own `<video>`, which video.js adopts. */
  videoRef: RefObject<HTMLVideoElement>;
}

/**
 * The reel's native `<video>` (poster, sources, tracks), which works before and without
 * JavaScript, and which video.js adopts in place once the page is hydrated (see docs/reels.md and
 * app/reel/player/mount.client.ts). React renders it once and never again (no state here), so the
 * classes and controls video.js adds are never overwritten; leaving the page disposes the player.
 */
export function ReelPlayer({ reel, videoRef }: ReelPlayerProps) {
  const { slug, title, autoplay, controls, frame, start } = reel;
  const { width, height } = reelPosterSize(frame);
  const describedRef = useRef<HTMLParagraphElement>(null);
  const mediaUrl = useMediaUrl();
  const poster = videoPoster(mediaUrl(reel.poster));
  const sources = reel.sources.map((source) => ({ ...source, src: mediaUrl(source.src) }));
  // The effect must not run again for a revalidated copy of the same sources: disposing the player
  // takes its box out of the DOM that React rendered. A different reel mounts a new ReelPlayer.
  const sourcesKey = sources.map((source) => source.src).join(" ");

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    return mount(
      video,
      { ...reel, poster, sources, seekIndex: mediaUrl(mediaPaths.seekThumbnails(slug).index) },
      describedRef.current,
    );
    // The rest belongs to the reel, which `sourcesKey` names: a new reel mounts a new player.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above: the sources by value, not by identity
  }, [poster, sourcesKey]);

  return (
    <>
      {/* The page's largest image: preloaded at high priority, as `<video poster>` cannot say so. */}
      <link rel="preload" as="image" href={poster} {...HIGH_FETCH_PRIORITY} />
      {/* The film's shape, fitting the viewport's height: its rule is in the root's <style> (reelFrameCss). */}
      <div className={`relative mx-auto w-full bg-black ${frameClass(frame)}`}>
        {/* video.js copies the video's classes onto this box when it adopts it ("video-js" scopes its styles). */}
        <div data-vjs-player className="absolute inset-0">
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- its captions are the <track>s of reelTracks below, which the rule cannot see */}
          <video
            ref={videoRef}
            controls={controls}
            autoPlay={autoplay}
            muted={autoplay}
            playsInline
            preload={autoplay ? "auto" : "none"}
            poster={poster}
            width={width}
            height={height}
            aria-label={title}
            className="video-js absolute inset-0 h-full w-full"
          >
            {/* A link's moment as a media fragment: the browser's own player starts there too. */}
            {sources.map((source) => (
              <source key={source.src} src={start > 0 ? `${source.src}#t=${start}` : source.src} type={source.type} />
            ))}
            {reelTracks(slug, reel.captions).map((track) => (
              <track key={track.src} {...track} />
            ))}
          </video>
        </div>
      </div>
      <p ref={describedRef} aria-live="polite" className="sr-only" data-reel-described />
    </>
  );
}
