import { type MutableRefObject, type RefObject, useEffect, useRef } from "react";
import videojsStylesheet from "video.js/dist/video-js.css";

import type { ReelSource } from "~/content/types";
import { type CaptionTrack, captionsTrack, descriptionsTrack } from "~/lib/captions";
import { HIGH_FETCH_PRIORITY, videoPoster } from "~/lib/media";
import { frameClass, reelPosterSize } from "~/lib/reelFrames";
import { chaptersTrack, type ReelChapter, seekThumbnails } from "~/lib/reelParts";
import { linkedStart, seekReel } from "~/lib/reelSeek";
import { announceDescriptions, captionsSettingsOnFirstUse, rememberTextTrackChoice } from "~/lib/reelTextTracks.client";
import { completeControlBar, loadVideoJs, playerOptions, playOnAfterFallback, type Player, switchSourceOnStall } from "~/lib/videojs.client";
import seekBarStylesheet from "~/styles/reel-seek-bar.css";

import { useMediaUrl } from "./useMediaUrl";

interface ReelPlayerProps {
  slug: string;
  title: string;
  /** From the content: starts by itself, muted (no browser starts a film with sound by itself). */
  autoplay: boolean;
  /** From the content: shows the player's controls. */
  controls: boolean;
  /** The poster still as the content names it; both players show its WebP (see videoPoster). */
  poster: string;
  sources: ReelSource[];
  /** Seconds, the film's: where the seek bar's markers go before the media has loaded. */
  duration: number;
  /** The film's display size (or its aspect ratio): the player takes its shape. */
  frame: { width: number; height: number };
  chapters: ReelChapter[];
  /** The reel's captions languages (their cues are served as WebVTT). */
  captions: Pick<CaptionTrack, "lang" | "label">[];
  /** Where the page's `?t=` starts the reel (0: from the beginning). */
  start: number;
  /** The page's own `<video>`, which video.js adopts. */
  videoRef: RefObject<HTMLVideoElement>;
  /** The video.js player, once it has adopted the `<video>`. */
  playerRef: MutableRefObject<Player | undefined>;
}

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
 * The server renders a native player that works before (and without) JavaScript: poster, and the
 * controls and autoplay the content asks for (the demo's reels: controls, no autoplay); browsers
 * that play HLS natively take the master playlist, the rest the MP4. A reel that starts by itself
 * is muted, as browsers require, and buffers at once; one that waits for a press buffers nothing.
 *
 * Once the page is hydrated (after its first paint), video.js takes over that same `<video>`
 * element, on every device and without waiting for the visitor: the element sits in a
 * `data-vjs-player` box, which video.js adopts as the player instead of building its own, so
 * nothing is moved, cloned or reloaded. A visitor who pressed play on the native controls before
 * video.js arrived keeps watching without a pause: the player is handed the source already playing.
 *
 * Which build of video.js, and how the player starts, is decided in lib/videojs.client.ts.
 *
 * A link to a moment (`?t=`) starts the reel there: the server gives the `<source>`s that moment as a
 * media fragment (`#t=12`), so the browser's own player starts there too, without JavaScript;
 * video.js is handed the plain sources and moves to the moment once the visitor presses play.
 * `#t=` links, which the server never sees, are read here.
 *
 * The `<track kind="chapters">` (one cue per spot, from app/routes/reels.$slug.chapters[.]vtt.ts)
 * feeds video.js's chapters menu.
 * A `<track kind="captions">` per language and the `<track kind="descriptions">` (the described
 * picture, one cue per spot) feed video.js's captions and descriptions menus; the visitor's choice
 * carries to the next reel, and a description is also put in a polite live region, so a screen
 * reader reads it as its spot begins (lib/reelTextTracks.client.ts). Browsers load no track by
 * themselves; video.js loads them once it has adopted the `<video>` (a kilobyte each). The seek
 * bar's markers and thumbnails (lib/reelSeekBar.client.ts) come with video.js, in a chunk of their
 * own.
 *
 * The poster is the page's largest image: it is preloaded at high priority, as `<video poster>`
 * cannot say so, and video.js is told the reel is the page's main content, so its own poster
 * `<img>` is eager and high priority too.
 *
 * React renders the box and the `<video>` once and never again (no state here), so the classes and
 * controls video.js adds around them are never overwritten. When the page is left, React removes
 * the box and the player is disposed.
 */
export function ReelPlayer(props: ReelPlayerProps) {
  const { slug, title, autoplay, controls, poster, duration, frame, chapters, captions, start, videoRef, playerRef } = props;
  const { width, height } = reelPosterSize(frame);
  const describedRef = useRef<HTMLParagraphElement>(null);
  const mediaUrl = useMediaUrl();
  const posterUrl = videoPoster(mediaUrl(poster));
  const sources = props.sources.map((source) => ({ ...source, src: mediaUrl(source.src) }));
  const seekIndex = mediaUrl(seekThumbnails(slug).index);
  // The effect must not run again for a revalidated copy of the same sources: disposing the player
  // takes its box out of the DOM that React rendered. A different reel mounts a new ReelPlayer.
  const sourcesKey = sources.map((source) => source.src).join(" ");

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let player: Player | undefined;
    // video.js would otherwise inject <style> elements, which the CSP forbids; its stylesheet is
    // linked instead, and waited for so the player never shows unstyled.
    window.VIDEOJS_NO_DYNAMIC_STYLE = true;
    const setUp = async () => {
      const [videojs, seekBar] = await Promise.all([
        loadVideoJs(video, sources[0].src),
        import("~/lib/reelSeekBar.client"),
        loadStylesheet(videojsStylesheet),
        loadStylesheet(seekBarStylesheet),
      ]);
      // Evaluating video.js is one long task and building the player another: between the two,
      // the page gets to respond (to a press on play, say).
      await new Promise((resolve) => setTimeout(resolve));
      if (cancelled) return;
      const started = !video.paused || video.currentTime > 0;
      const options = playerOptions(video, { autoplay, controls, poster: posterUrl, sources });
      // video.js leaves a <video> to the browser's own player when the browser already picked the
      // first source's exact URL, as it does for absolute URLs (MEDIA_ORIGIN): handed the list
      // again, the full build's HLS engine takes over where it was loaded to. Only then: handed
      // it twice otherwise, the engine is set up twice, on two MediaSources in a row, and
      // WebKitGTK's media pipeline now and then hangs the page on the second.
      const leftToTheBrowser = options.sources === sources && video.currentSrc === sources[0].src;
      const built = videojs(video, options);
      player = playerRef.current = built;
      if (leftToTheBrowser) built.src(sources);
      playOnAfterFallback(built);
      switchSourceOnStall(built, video, sources);
      rememberTextTrackChoice(built);
      if (describedRef.current) announceDescriptions(built, describedRef.current);
      // Its poster <img> fills the player's box; like every image on the site, it states its size.
      const posterImage = built.el().querySelector(".vjs-poster img");
      posterImage?.setAttribute("width", String(width));
      posterImage?.setAttribute("height", String(height));
      // A reel already playing (from the fragment's moment, if any) is where the visitor took it.
      const from = linkedStart(start, duration);
      if (from > 0 && !started) seekReel(video, built, from, { play: false });
      // The rest of the control bar is a task of its own, once the player is ready (see
      // completeControlBar), and the markers and thumbnails another.
      await new Promise((resolve) => built.ready(() => setTimeout(resolve)));
      if (cancelled) return;
      completeControlBar(videojs, built);
      captionsSettingsOnFirstUse(built);
      await new Promise((resolve) => setTimeout(resolve));
      if (cancelled) return;
      seekBar.fillChaptersMenu(built);
      seekBar.addChapterMarkers(built, chapters, duration, (seconds) => seekReel(video, built, seconds, { play: true }));
      seekBar.addSeekThumbnails(built, seekIndex, chapters, duration);
    };
    // If video.js cannot be loaded (an old page after a deploy), the native player keeps working
    // and there is nothing a visitor needs to be told.
    setUp().catch(() => undefined);

    return () => {
      cancelled = true;
      if (player && !player.isDisposed()) player.dispose();
      playerRef.current = undefined;
    };
    // The chapters, start and refs belong to the reel, which `sourcesKey` names: a new reel mounts a new player.
  }, [posterUrl, sourcesKey]);

  return (
    <>
      <link rel="preload" as="image" href={posterUrl} {...HIGH_FETCH_PRIORITY} />
      {/* The film's shape, fitting the viewport's height: its rule is in the root's <style> (reelFrameCss). */}
      <div className={`relative mx-auto w-full bg-black ${frameClass(frame)}`}>
        {/* video.js copies the video's classes onto this box when it adopts it ("video-js" scopes its styles). */}
        <div data-vjs-player className="absolute inset-0">
          <video
            ref={videoRef}
            controls={controls}
            autoPlay={autoplay}
            muted={autoplay}
            playsInline
            preload={autoplay ? "auto" : "none"}
            poster={posterUrl}
            width={width}
            height={height}
            aria-label={title}
            className="video-js absolute inset-0 h-full w-full"
          >
            {sources.map((source) => (
              <source key={source.src} src={start > 0 ? `${source.src}#t=${start}` : source.src} type={source.type} />
            ))}
            <track kind="chapters" src={chaptersTrack(slug)} srcLang="en" label="Spots" />
            {captions.map((track) => (
              <track key={track.lang} kind="captions" src={captionsTrack(slug, track.lang)} srcLang={track.lang} label={track.label} />
            ))}
            <track kind="descriptions" src={descriptionsTrack(slug)} srcLang="en" label="Described picture" />
          </video>
        </div>
      </div>
      <p ref={describedRef} aria-live="polite" className="sr-only" data-reel-described />
    </>
  );
}
