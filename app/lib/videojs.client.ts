/**
 * Which video.js a reel page loads, and how its player is set up. Browser-only (`.client`): the
 * server bundle never imports video.js.
 */
import type videojs from "video.js";

import type { ReelSource } from "~/content/types";

import { masterVariants } from "./hls";

type VideoJs = typeof videojs;
export type Player = ReturnType<VideoJs>;

/** `navigator.connection`, where the browser has it (Chromium): not in TypeScript's DOM types. */
interface NetworkInformation {
  saveData?: boolean;
  /** Estimated downlink, Mbit/s. */
  downlink?: number;
}

const HLS_TYPE = "application/vnd.apple.mpegurl";

/**
 * The core build (a third of the full one, and much less for a phone to evaluate) where the
 * browser plays HLS itself: Safari, iOS, Android, current Chrome. The full build, whose HLS engine
 * streams the ladder over MSE, where it does not, and where a rendition of the ladder is missing:
 * Chromium's own player stalls for good on one, without an error (seen in Chromium 156), while
 * the engine skips it.
 */
export async function loadVideoJs(video: HTMLVideoElement, master: string): Promise<VideoJs> {
  const native = video.canPlayType(HLS_TYPE) !== "" && !(await missesARendition(master));
  const module = native ? await import("video.js/core.es.js") : await import("video.js");
  return module.default;
}

/**
 * Whether one of the renditions the master playlist names cannot be fetched. The playlists are
 * small and cached, so this also has them ready for the player before the press. A master that
 * cannot be fetched misses nothing: both players then play the MP4.
 */
async function missesARendition(master: string): Promise<boolean> {
  try {
    const response = await fetch(master);
    if (!response.ok) return false;
    const playlists = masterVariants(await response.text()).map((variant) => new URL(variant.uri, response.url).href);
    const fetched = await Promise.all(playlists.map((url) => fetch(url).then((playlist) => playlist.ok)));
    return fetched.includes(false);
  } catch {
    return false;
  }
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
export function playerOptions(
  video: HTMLVideoElement,
  { autoplay, controls, poster, sources }: { autoplay: boolean; controls: boolean; poster: string; sources: ReelSource[] },
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
    sources: started ? [{ src: video.currentSrc, type: sources.find((source) => sameUrl(source.src, video.currentSrc))?.type }] : sources,
    html5: { vhs: initialBandwidth === undefined ? {} : { bandwidth: initialBandwidth } },
    // The captions settings dialog (building it cost a phone ~60 ms) is built on first use
    // (reelTextTracks.client.ts), and most of the control bar a moment after the player
    // (completeControlBar): only its chapters menu is built with the player.
    liveui: false,
    textTrackSettings: false,
    controlBar: { children: ["chaptersButton"] },
  };
}

/**
 * The control bar's buttons a reel never needs: the reels are on demand with one sound track, so
 * the live controls and the audio track menu are never built.
 */
const NOT_BUILT = new Set(["liveDisplay", "seekToLive", "audioTrackButton", "playbackRateMenuButton"]);

/**
 * Builds the rest of the control bar, in video.js's own order, for a player set up with only its
 * chapters menu (see playerOptions), once the player is ready.
 *
 * The control bar is most of the cost of building a player (on a phone, CPU ÷4, the player took
 * 92–161 ms in one task with all of it); apart, neither task blocks the page for long. Built once
 * the page's text tracks have joined the player (video.js adds them when it is ready), the
 * captions and descriptions menus are built once with every track, instead of built, then
 * rebuilt for each track added (66 ms more of one task). The chapters menu has to be there
 * before its track: built after, video.js 8.24 throws (ChaptersButton listens with a handler
 * its constructor has not made yet). Before the reel starts, video.js's stylesheet hides the
 * control bar (the big play button stands in for it), so nothing shows the difference.
 */
export function completeControlBar(videojs: VideoJs, player: Player) {
  const controlBar = player.getChild("ControlBar");
  if (!controlBar) return;
  // video.js's own list of the control bar's children, in their order (its declarations leave
  // out a component's default options).
  const { options_: defaults } = videojs.getComponent("ControlBar").prototype as { options_: { children: string[] } };
  // As video.js's own set-up does for the children it builds at once: each button reads the
  // player's options from its own, and the player's code reaches each through a property of the
  // control bar named after it (`controlBar.progressControl`).
  const { playerOptions } = player.options_ as { playerOptions?: object };
  defaults.children
    .filter((name) => !NOT_BUILT.has(name))
    .forEach((name, index) => {
      if (!controlBar.getChild(name)) Object.assign(controlBar, { [name]: controlBar.addChild(name, { playerOptions }, index) });
    });
}

/** Whether `path` names the file at `absolute`, whatever moment (`#t=`) either starts at. */
function sameUrl(path: string, absolute: string): boolean {
  const file = (url: string) => {
    const parsed = new URL(url, document.baseURI);
    parsed.hash = "";
    return parsed.href;
  };
  return file(path) === file(absolute);
}

/**
 * video.js moves on to the next source when one fails before playback, but forgets that the
 * visitor had pressed play: this presses it again once the next source starts loading.
 */
export function playOnAfterFallback(player: Player) {
  let wantsToPlay = false;
  player.on("play", () => (wantsToPlay = true));
  player.on("error", () => {
    if (wantsToPlay) player.one("loadstart", () => void player.play()?.catch(() => undefined));
  });
}

/** How long a pressed play may sit on one frame, with data buffered past it, before the MP4 takes over. */
export const STALL_SECONDS = 4;

/**
 * A playback watchdog. In WebKitGTK, video.js's HLS engine can buffer the segments, then never
 * advance: `readyState` stays at 1–2 and the picture on the poster, without an error, so video.js
 * never tries the next source. When a play the visitor asked for has not advanced for
 * STALL_SECONDS while at least a second is buffered past the playhead (so a slow network, which
 * buffers nothing, is left alone), the player switches to the reel's MP4 at the same moment and
 * plays on: once, and without a word to the visitor. Whether the MP4 already plays is read from
 * the `<video>` itself: WebKit's player first picked the MP4 `<source>` before video.js handed it
 * the stream, and video.js's own `currentSrc()` still names it there.
 */
export function switchSourceOnStall(player: Player, video: HTMLVideoElement, sources: ReelSource[]) {
  const mp4 = sources.find((source) => source.type === "video/mp4");
  let watching: ReturnType<typeof setInterval> | undefined;
  let switched = false;
  let last = { time: -1, since: 0 };
  const stop = () => {
    clearInterval(watching);
    watching = undefined;
  };
  const check = () => {
    const time = player.currentTime() ?? 0;
    if (player.paused() || time !== last.time) {
      last = { time, since: Date.now() };
      return;
    }
    const buffered = player.buffered();
    const ahead = Array.from({ length: buffered.length }, (_, i) => [buffered.start(i), buffered.end(i)]).some(
      ([start, end]) => start <= time + 0.1 && end >= time + 1,
    );
    if (!ahead || Date.now() - last.since < STALL_SECONDS * 1000) return;
    stop();
    if (!mp4 || sameUrl(mp4.src, video.currentSrc)) return;
    switched = true;
    player.src([mp4]);
    player.one("loadedmetadata", () => player.currentTime(time));
    // The reel's preload is "none": playing is what loads the new source.
    void player.play()?.catch(() => undefined);
  };
  player.on("play", () => {
    if (switched || watching) return;
    last = { time: player.currentTime() ?? 0, since: Date.now() };
    watching = setInterval(check, 500);
  });
  player.on(["pause", "ended", "dispose"], stop);
}
