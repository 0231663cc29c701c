/**
 * The reel player's seek bar, enhanced: a marker at each chapter's start, and a thumbnail of the
 * frame under the pointer while hovering or dragging. Our own, not a plugin: see docs/reels.md.
 */
import { chapterIndexAt, chapterLabel, clockTime, type ReelChapter } from "#app/reel/timeline.ts";
import { parseWebVtt } from "#model/cues/webvtt.ts";
import type { Player } from "./videojs.client.ts";

/** The control bar's progress control and its seek bar (the slider), if the player has them. */
function seekBarOf(player: Player) {
  const progressControl = player.getChild("ControlBar")?.getChild("ProgressControl");
  const seekBar = progressControl?.getChild("SeekBar");
  return progressControl && seekBar ? { control: progressControl.el() as HTMLElement, seekBar } : undefined;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  created.className = className;
  if (text !== undefined) created.textContent = text;
  return created;
}

/**
 * A marker per chapter, beside the slider (not inside it), each a button that plays the reel from
 * its chapter. `seek` moves the reel (see seek.ts).
 */
export function addChapterMarkers(
  player: Player,
  chapters: readonly ReelChapter[],
  duration: number,
  seek: (seconds: number) => void,
) {
  const parts = seekBarOf(player);
  if (!parts) return;
  const markers = element("div", "reel-markers");
  markers.setAttribute("role", "group");
  markers.setAttribute("aria-label", "Chapters");
  chapters.forEach((chapter, index) => {
    const marker = element("button", "reel-marker");
    marker.type = "button";
    marker.setAttribute("aria-label", `${chapterLabel(chapter)}: chapter ${index + 1}, at ${clockTime(chapter.start)}`);
    marker.style.left = `${(chapter.start / duration) * 100}%`;
    const tip = element("span", "reel-marker-tip", chapterLabel(chapter));
    tip.setAttribute("aria-hidden", "true");
    marker.append(tip);
    marker.addEventListener("click", () => seek(chapter.start));
    markers.append(marker);
  });
  parts.control.append(markers);
}

/** The player's text tracks: video.js's list mirrors the DOM's, though its type declarations say less. */
function textTracksOf(player: Player): TextTrack[] {
  const tracks = player.textTracks() as unknown as TextTrackList;
  return Array.from({ length: tracks.length }, (_, i) => tracks[i]);
}

/**
 * video.js's chapters menu fills itself when its track's file has loaded, but where video.js
 * parses the file itself (every browser but Safari) it starts loading before the menu listens:
 * a quick answer left the menu empty, and hidden. The menu is told again once the cues are in.
 */
export function fillChaptersMenu(player: Player) {
  const menu = player.getChild("ControlBar")?.getChild("ChaptersButton") as unknown as { update(): void } | undefined;
  if (!menu) return;
  const watch = (track: TextTrack | null) => {
    if (track?.kind !== "chapters") return;
    // "loadeddata" is what video.js's own tracks fire once parsed.
    track.addEventListener("loadeddata", () => menu.update());
    menu.update();
  };
  textTracksOf(player).forEach(watch);
  // video.js adds the page's tracks to the list once its tech is ready, which may be later.
  (player.textTracks() as unknown as TextTrackList).addEventListener("addtrack", (event) => watch(event.track));
}

/** One cell of the sprite, from `start` to `end` seconds, as a cue of the index names it: `{sprite}#xywh=x,y,w,h`. */
export interface Thumbnail {
  start: number;
  end: number;
  url: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A cue's text in the index: the sprite and the cell, `{sprite}#xywh=x,y,w,h`. */
const CELL = /^(.+)#xywh=(\d+),(\d+),(\d+),(\d+)$/;

/**
 * The cells a seek-bar index (WebVTT, at the URL `base`) names. The WebVTT reader is imported by
 * nothing else in the page's scripts, so it comes in this chunk: imported by the page's own code
 * as well, it took a chunk (and a request) of its own and the reel pages past their JS budget.
 */
export function thumbnailsOf(vtt: string, base: string): Thumbnail[] {
  return parseWebVtt(vtt).cues.flatMap(({ start, end, text }) => {
    const cell = CELL.exec(text);
    if (!cell) return [];
    const [file, x, y, width, height] = cell.slice(1);
    return [
      {
        start,
        end,
        url: new URL(file, base).href,
        x: Number(x),
        y: Number(y),
        width: Number(width),
        height: Number(height),
      },
    ];
  });
}

/**
 * The thumbnail of the moment under the pointer while it hovers over the seek bar or drags it
 * (with a finger too), with the title of the chapter there.
 */
export function addSeekThumbnails(player: Player, index: string, chapters: readonly ReelChapter[], duration: number) {
  const parts = seekBarOf(player);
  if (!parts) return;
  let thumbnails: Thumbnail[] = [];
  const { control, seekBar } = parts;
  const preview = element("div", "reel-seek-preview");
  preview.setAttribute("aria-hidden", "true");
  const frame = element("div", "reel-seek-frame");
  const title = element("span", "reel-seek-title");
  preview.append(frame, title);
  control.append(preview);

  let hovering = false;
  let dragging = false;
  let pointerX: number | undefined;

  const show = (clientX: number) => {
    pointerX = clientX;
    const bar = seekBar.el().getBoundingClientRect();
    const fraction = Math.min(Math.max((clientX - bar.left) / bar.width, 0), 1);
    const seconds = Math.min(fraction * duration, duration - 0.001);
    const thumbnail = thumbnails.find((candidate) => candidate.start <= seconds && seconds < candidate.end);
    if (thumbnail) {
      frame.style.width = `${thumbnail.width}px`;
      frame.style.height = `${thumbnail.height}px`;
      frame.style.backgroundImage = `url("${thumbnail.url}")`;
      frame.style.backgroundPosition = `-${thumbnail.x}px -${thumbnail.y}px`;
    }
    frame.hidden = !thumbnail;
    const chapter = chapters[chapterIndexAt(chapters, seconds)];
    title.textContent = chapter ? `${clockTime(seconds)} · ${chapter.title}` : clockTime(seconds);
    preview.classList.add("is-shown");
    // Centred on the pointer, kept within the control.
    const box = control.getBoundingClientRect();
    const width = preview.offsetWidth;
    preview.style.left = `${Math.min(Math.max(clientX - box.left - width / 2, 0), box.width - width)}px`;
  };
  const hide = () => {
    if (!hovering && !dragging) preview.classList.remove("is-shown");
  };

  // The index (a kilobyte) is fetched now, as video.js fetches the page's tracks. A preview shown
  // before it arrives has the time and title alone, then its frame, where the pointer still is; if
  // it never arrives, the preview keeps the time and title. Not a `<track>`, which a browser loads
  // from a media origin elsewhere (MEDIA_ORIGIN) only when the `<video>` has `crossorigin`, and
  // that makes video.js fetch its poster a second time, with CORS. A fetch asks with CORS anyway.
  fetch(index)
    .then((response) => (response.ok ? response.text() : ""))
    .then((vtt) => {
      thumbnails = thumbnailsOf(vtt, new URL(index, window.location.href).href);
      if (preview.classList.contains("is-shown") && pointerX !== undefined) show(pointerX);
    })
    .catch(() => undefined);

  const onDrag = (event: PointerEvent | TouchEvent) => {
    const clientX = "touches" in event ? event.touches[0]?.clientX : event.clientX;
    if (clientX !== undefined) show(clientX);
  };
  const stopDragging = () => {
    dragging = false;
    document.removeEventListener("pointermove", onDrag);
    document.removeEventListener("touchmove", onDrag);
    hide();
  };
  control.addEventListener("pointerenter", () => (hovering = true));
  control.addEventListener("pointermove", (event) => show(event.clientX));
  control.addEventListener("pointerleave", () => {
    hovering = false;
    hide();
  });
  // video.js follows a drag on the document, and so does the preview.
  seekBar.on("slideractive", () => {
    dragging = true;
    document.addEventListener("pointermove", onDrag);
    document.addEventListener("touchmove", onDrag, { passive: true });
  });
  seekBar.on("sliderinactive", stopDragging);
  player.on("dispose", stopDragging);
}
