/**
 * Moving a reel to a moment: from its credits, its seek-bar markers and a link's `?t=` or `#t=`.
 * Part of the page's own bundle (the credits work before video.js has arrived); video.js is only
 * a type here.
 */
import type { MouseEvent } from "react";

import { fragmentTime, startTime } from "#app/reel/timeline.ts";
import type { Player } from "./videojs.client.ts";

/** The video.js player that adopted each reel's `<video>` (see mount.client.ts), while it lives. */
export const players = new WeakMap<HTMLVideoElement, Player>();

/** What seekReel needs of a player: video.js's, or the page's own `<video>` before video.js adopts it. */
interface Playback {
  hasMetadata(): boolean;
  setTime(seconds: number): void;
  onMetadata(listener: () => void): void;
  play(): Promise<void> | undefined;
}

function playbackOf(video: HTMLVideoElement): Playback {
  const player = players.get(video);
  if (player && !player.isDisposed()) {
    return {
      hasMetadata: () => player.readyState() >= HTMLMediaElement.HAVE_METADATA,
      setTime: (seconds) => player.currentTime(seconds),
      onMetadata: (listener) => player.one("loadedmetadata", listener),
      play: () => player.play(),
    };
  }
  return {
    hasMetadata: () => video.readyState >= HTMLMediaElement.HAVE_METADATA,
    setTime: (seconds) => (video.currentTime = seconds),
    onMetadata: (listener) => video.addEventListener("loadedmetadata", listener, { once: true }),
    play: () => video.play(),
  };
}

/**
 * Moves the reel to `seconds`, and plays it with `play`. The reels load nothing before the first
 * press (preload="none"), and until their metadata has loaded a position cannot be set. The
 * `<video>` itself takes the moment as where to start (the HTML spec's "default playback start
 * position", which it seeks to as its metadata loads): video.js's HLS engine reads it as the
 * first press loads the stream, and fetches the moment's segment first, not the reel's first. Once
 * the metadata has loaded, the moment is set again if the element did not keep it (a source handed
 * over in between).
 */
export function seekReel(video: HTMLVideoElement, seconds: number, { play }: { play: boolean }) {
  const playback = playbackOf(video);
  if (playback.hasMetadata()) playback.setTime(seconds);
  else {
    // The element's own time: before its metadata, video.js's would keep the moment until the
    // reel can play, then seek to it a second time.
    video.currentTime = seconds;
    playback.onMetadata(() => video.currentTime !== seconds && playback.setTime(seconds));
  }
  // A play() the browser refuses leaves the reel paused at its moment, with its controls.
  if (play) playback.play()?.catch(() => undefined);
}

/**
 * Where the page's link starts the reel: the server read `?t=` (`serverStart`); `#t=`, the media
 * fragment form, never reaches the server and is read here.
 */
export function linkedStart(serverStart: number, duration: number): number {
  const fromHash = fragmentTime(window.location.hash);
  return fromHash === undefined ? serverStart : startTime(fromHash, duration);
}

/**
 * Whether a click on a link to a moment asks for a new tab or window, or a download: the browser's
 * to handle, not a move of the reel on this page.
 */
export const wantsItsOwnPage = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
