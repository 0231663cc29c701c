/**
 * Which video.js a reel page loads, and its control bar. Browser-only
 * (`.client`): the server bundle never imports video.js.
 */
import type videojs from "video.js";

import { masterVariants } from "#model/hls.ts";

import { msePlaysTransmuxedStreams } from "./mse-probe.client.ts";

type VideoJs = typeof videojs;
export type Player = ReturnType<VideoJs>;

const HLS_TYPE = "application/vnd.apple.mpegurl";

/**
 * Which video.js a reel page loads, and whether the reel streams.
 *
 * - The core build (a third of the full one, and much less for a phone to evaluate) where the
 *   browser plays HLS itself: Safari, iOS, Android, current Chrome.
 * - The full build, whose HLS engine (VHS) streams the ladder over MSE, where it does not and the
 *   engine plays what VHS feeds MSE (msePlaysTransmuxedStreams: Firefox), and where a rendition
 *   of the ladder is missing: Chromium's own player stalls for good on one, without an error (seen
 *   in Chromium 156), while the engine skips it.
 * - The core build and the MP4 alone (`mp4Only`) where neither plays the ladder (WebKitGTK): decided
 *   by what the engine does with a clip, before the press, so the first press plays the MP4 at once.
 */
export async function loadVideoJs(
  video: HTMLVideoElement,
  master: string,
): Promise<{ videojs: VideoJs; mp4Only: boolean }> {
  const core = async () => (await import("video.js/core.es.js")).default;
  if (video.canPlayType(HLS_TYPE) !== "" && !(await missesARendition(master)))
    return { videojs: await core(), mp4Only: false };
  if (await msePlaysTransmuxedStreams()) return { videojs: (await import("video.js")).default, mp4Only: false };
  return { videojs: await core(), mp4Only: true };
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
 * The control bar's buttons a reel never needs: the reels are on demand with one sound track, so
 * the live controls and the audio track menu are never built.
 */
const NOT_BUILT = new Set(["liveDisplay", "seekToLive", "audioTrackButton", "playbackRateMenuButton"]);

/**
 * Builds the rest of the control bar, in video.js's own order, for a player set up with only its
 * chapters menu (see mount.client.ts's playerOptions), once the player is ready.
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
      if (!controlBar.getChild(name))
        Object.assign(controlBar, { [name]: controlBar.addChild(name, { playerOptions }, index) });
    });
}

/**
 * Keeps the controls in view while one of their menus is open (chapters, captions, descriptions).
 * video.js hides the control bar 2 s after the last touch or key, menu and all, while the reel
 * plays: a phone's visitor reading the captions menu, or a keyboard's with focus in it, found it
 * faded out and no longer answering taps. video.js already keeps the bar for a mouse over it, not
 * for a finger or keys; an open menu (its button `aria-expanded`) now counts as activity.
 */
export function keepControlsWhileAMenuIsOpen(player: Player) {
  player.on("userinactive", () => {
    if (player.el().querySelector('.vjs-control-bar [aria-expanded="true"]')) player.userActive(true);
  });
}
