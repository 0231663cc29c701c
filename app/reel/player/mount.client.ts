/**
 * The reel player's set-up: video.js adopts the page's own `<video>`, with the reel's text tracks,
 * seek bar and fallbacks, in the order below; `mount` returns what undoes it.
 */
import videojsStylesheet from "video.js/dist/video-js.css";

import type { ReelSource } from "#app/content/types.ts";
import { reelPosterSize } from "#model/reel-frames.ts";
import playerStylesheet from "#app/styles/reel-player.css";

import type { ReelPageValue } from "#app/reel/reel.server.ts";
import { playOnAfterFallback, sameUrl, switchSourceOnStall } from "./fallback.client.ts";
import { linkedStart, players, seekReel } from "./seek.ts";
import { announceDescriptions, captionsSettingsOnFirstUse, rememberTextTrackChoice } from "./text-tracks.client.ts";
import { completeControlBar, keepControlsWhileAMenuIsOpen, loadVideoJs, type Player } from "./videojs.client.ts";

/** The reel as the player needs it: its page's value, its media at the page's media origin's URLs. */
export type PlayerReel = Pick<
  ReelPageValue,
  "slug" | "autoplay" | "controls" | "duration" | "frame" | "chapters" | "start"
> & {
  /** The poster's URL (its WebP: see videoPoster). */
  poster: string;
  sources: ReelSource[];
  /** The seek-bar thumbnails' index. */
  seekIndex: string;
};

/** `navigator.connection`, where the browser has it (Chromium): not in TypeScript's DOM types. */
interface NetworkInformation {
  saveData?: boolean;
  /** Estimated downlink, Mbit/s. */
  downlink?: number;
}

/**
 * The player's options for the reel on `video`.
 *
 * A video that has started (the visitor pressed play on the native controls before video.js
 * arrived) keeps the source it is playing: handing it the source list would restart it. One that
 * has not gets the list, and video.js tries the MP4 when the playlist fails; it plays on if the
 * visitor had already pressed play (see `playOnAfterFallback`).
 *
 * Unless the reel starts by itself, nothing is buffered before the press (Chromium's own HLS player, told `preload="metadata"`,
 * buffered 12 s of video, 660 KB, for visitors who may never press play); the playlists are
 * already cached by then (see missesARendition), and the first segments are a second long. The
 * HLS engine (where it runs) starts from the connection's estimated speed, or from the lowest
 * rendition when the visitor asked to save data.
 */
function playerOptions(
  video: HTMLVideoElement,
  {
    autoplay,
    controls,
    poster,
    sources,
  }: { autoplay: boolean; controls: boolean; poster: string; sources: ReelSource[] },
) {
  const started = !video.paused || video.currentTime > 0;
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  const saveData = connection?.saveData === true;
  const initialBandwidth = saveData ? 1 : connection?.downlink ? connection.downlink * 1e6 : undefined;
  return {
    controls,
    // "muted": video.js mutes, then plays (browsers refuse to start a film with sound by itself).
    autoplay: autoplay ? "muted" : false,
    preload: autoplay ? "auto" : "none",
    fill: true,
    poster,
    mainContent: true,
    sources: started
      ? [{ src: video.currentSrc, type: sources.find((source) => sameUrl(source.src, video.currentSrc))?.type }]
      : sources,
    html5: { vhs: initialBandwidth === undefined ? {} : { bandwidth: initialBandwidth } },
    // The captions settings dialog (building it cost a phone ~60 ms) is built on first use
    // (text-tracks.client.ts), and most of the control bar a moment after the player
    // (completeControlBar): only its chapters menu is built with the player.
    liveui: false,
    textTrackSettings: false,
    controlBar: { children: ["chaptersButton"] },
  };
}

/**
 * The reel's MP4 alone, for an engine that cannot stream the ladder: at the URL the browser's own
 * player already chose (with the link's `#t=` moment), so video.js leaves that player as it is.
 */
function mp4Of(video: HTMLVideoElement, sources: ReelSource[]): ReelSource[] {
  const mp4 = sources.filter((source) => source.type === "video/mp4");
  return mp4.map((source) => (sameUrl(source.src, video.currentSrc) ? { ...source, src: video.currentSrc } : source));
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
 * Sets up the player on the page's `<video>` for `reel`, once video.js has loaded; a description of
 * the picture is put in `described` (a polite live region) as its spot begins. Returns the
 * player's disposal, which also stops a set-up still under way. If video.js cannot be loaded (an
 * old page after a deploy), the native player keeps working and there is nothing a visitor needs
 * to be told.
 */
export function mount(video: HTMLVideoElement, reel: PlayerReel, described?: HTMLElement | null): () => void {
  const { sources, chapters, duration } = reel;
  let cancelled = false;
  let player: Player | undefined;
  // video.js would otherwise inject <style> elements, which the CSP forbids; its stylesheet is
  // linked instead, and waited for so the player never shows unstyled.
  window.VIDEOJS_NO_DYNAMIC_STYLE = true;
  const setUp = async () => {
    const [{ videojs, mp4Only }, seekBar] = await Promise.all([
      loadVideoJs(video, sources[0].src),
      import("./seek-bar.client.ts"),
      loadStylesheet(videojsStylesheet),
      loadStylesheet(playerStylesheet),
    ]);
    // Evaluating video.js is one long task and building the player another: between the two,
    // the page gets to respond (to a press on play, say).
    await new Promise((resolve) => setTimeout(resolve));
    if (cancelled) return;
    const started = !video.paused || video.currentTime > 0;
    const options = playerOptions(video, { ...reel, sources: mp4Only ? mp4Of(video, sources) : sources });
    // video.js leaves a <video> to the browser's own player when the browser already picked the
    // first source's exact URL, as it does for absolute URLs (MEDIA_ORIGIN): handed the list
    // again, the full build's HLS engine takes over where it was loaded to. Only then: handed
    // it twice otherwise, the engine is set up twice, on two MediaSources in a row, and
    // WebKitGTK's media pipeline now and then hangs the page on the second.
    const leftToTheBrowser = !mp4Only && options.sources === sources && video.currentSrc === sources[0].src;
    const built = videojs(video, options);
    player = built;
    players.set(video, built);
    // The plays the visitor starts are counted (app/analytics/), by a chunk loaded apart from the player.
    import("#app/analytics/track.client.ts").then(
      ({ watchReel }) => watchReel(built, reel),
      () => undefined,
    );
    if (leftToTheBrowser) built.src(sources);
    playOnAfterFallback(built);
    switchSourceOnStall(built, sources);
    rememberTextTrackChoice(built);
    if (described) announceDescriptions(built, described);
    // Its poster <img> fills the player's box; like every image on the site, it states its size.
    const { width, height } = reelPosterSize(reel.frame);
    const posterImage = built.el().querySelector(".vjs-poster img");
    posterImage?.setAttribute("width", String(width));
    posterImage?.setAttribute("height", String(height));
    // A reel already playing (from the fragment's moment, if any) is where the visitor took it.
    const from = linkedStart(reel.start, duration);
    // The browser's own player starts a source at its `#t=` itself (an MP4 that mp4Of kept): a
    // second seek to the same moment would only hold back the first frame.
    const startsThere = options.sources[0]?.src === video.currentSrc && new URL(video.currentSrc).hash === `#t=${from}`;
    if (from > 0 && !started && !startsThere) seekReel(video, from, { play: false });
    // The rest of the control bar is a task of its own, once the player is ready (see
    // completeControlBar), and the markers and thumbnails another.
    await new Promise((resolve) => built.ready(() => setTimeout(resolve)));
    if (cancelled) return;
    completeControlBar(videojs, built);
    keepControlsWhileAMenuIsOpen(built);
    captionsSettingsOnFirstUse(built);
    await new Promise((resolve) => setTimeout(resolve));
    if (cancelled) return;
    seekBar.fillChaptersMenu(built);
    seekBar.addChapterMarkers(built, chapters, duration, (seconds) => seekReel(video, seconds, { play: true }));
    seekBar.addSeekThumbnails(built, reel.seekIndex, chapters, duration);
  };
  setUp().catch(() => undefined);

  return () => {
    cancelled = true;
    if (player && !player.isDisposed()) player.dispose();
    players.delete(video);
  };
}
