/**
 * When a source fails or stalls: the reel plays on, from the next source or its MP4.
 */
import type { ReelSource } from "#app/content/types.ts";

import type { Player } from "./videojs.client.ts";

/** Whether `path` names the file at `absolute`, whatever moment (`#t=`) either starts at. */
export function sameUrl(path: string, absolute: string): boolean {
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

/** How long a pressed play may sit on one frame, with data buffered past it, before the watchdog steps in. */
export const STALL_SECONDS = 4;

/**
 * A playback watchdog, for a stream that stalls where mse-probe.client.ts did not foresee it: the
 * HLS engine buffers the segments, then never advances, `readyState` at 1–2 and the picture on the
 * poster, without an error, so video.js never tries the next source (WebKitGTK did so with every
 * reel before the probe sent it to the MP4). When a play the visitor asked for has not advanced
 * for STALL_SECONDS while at least a second is buffered past the playhead (so a slow network,
 * which buffers nothing, is left alone), the player switches to the reel's MP4 at the same moment
 * and plays on: once, and without a word to the visitor.
 *
 * A reel already on its MP4 that stalls so is handed its MP4 again, the same way: WebKitGTK's
 * pipeline now and then sticks at the start of the MP4 in a loaded test run (the playhead at
 * 0.006 s for 40 s), and a seek 0.1 s on, tried first, left it stuck at 0.106 s.
 */
export function switchSourceOnStall(player: Player, sources: ReelSource[]) {
  const mp4 = sources.find((source) => source.type === "video/mp4");
  let watching: ReturnType<typeof setInterval> | undefined;
  let acted = false;
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
    if (!mp4) return;
    acted = true;
    player.src([mp4]);
    player.one("loadedmetadata", () => player.currentTime(time));
    // The reel's preload is "none": playing is what loads the new source.
    void player.play()?.catch(() => undefined);
  };
  player.on("play", () => {
    if (acted || watching) return;
    last = { time: player.currentTime() ?? 0, since: Date.now() };
    watching = setInterval(check, 500);
  });
  player.on(["pause", "ended", "dispose"], stop);
}
