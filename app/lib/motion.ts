import { pageAtRest, subscribePageRest } from "./page-rest.ts";

/**
 * Whether this device should play moving thumbnails by itself: a wide screen with a fine pointer
 * that can hover, no request for reduced motion, and no Save-Data. Phones and tablets never do, so
 * they never download a byte of video for a thumbnail.
 */
export function canAutoplayThumbnails(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return (
    window.matchMedia("(min-width: 768px) and (hover: hover) and (pointer: fine)").matches &&
    !prefersReducedMotion() &&
    !connection?.saveData
  );
}

export function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The share of a tile's clip frame on screen for it to count as in view. */
const IN_VIEW_SHARE = 0.5;

interface ClipWatch {
  inView: boolean;
  started: boolean;
  onStart: () => void;
  onLeave: () => void;
}

/** One observer and one set of listeners for every clip watched (one per grid tile, up to 760). */
let observer: IntersectionObserver | undefined;
let stopListening: (() => void) | undefined;
const watches = new Map<Element, ClipWatch>();
const byTile = new Map<Element, ClipWatch>();
/** The clips in view, so that coming to rest looks at a screenful rather than the whole grid. */
const visible = new Set<ClipWatch>();
let hovered: ClipWatch | undefined;
let focused: ClipWatch | undefined;
/** Where the pointer last was: a page scrolled under a pointer that stays put does not hover. */
let pointer = { x: NaN, y: NaN };

/** Starts a clip in view that the visitor is looking at, and stops one that has left view. */
function update(watch: ClipWatch) {
  if (!watch.inView) {
    if (watch.started) watch.onLeave();
    watch.started = false;
  } else if (!watch.started && (watch === hovered || watch === focused || pageAtRest())) {
    watch.started = true;
    watch.onStart();
  }
}

function inView(entry: IntersectionObserverEntry): boolean {
  if (!entry.isIntersecting) return false;
  // A frame taller than half the screen counts once it fills half of it.
  const screenHeight = entry.rootBounds?.height ?? window.innerHeight;
  return entry.intersectionRatio >= IN_VIEW_SHARE || entry.intersectionRect.height >= screenHeight * IN_VIEW_SHARE;
}

function onIntersections(entries: IntersectionObserverEntry[]) {
  for (const entry of entries) {
    const watch = watches.get(entry.target);
    if (!watch) continue;
    watch.inView = inView(entry);
    if (watch.inView) visible.add(watch);
    else visible.delete(watch);
    update(watch);
  }
}

/** The watched tile that holds `node`, if any. */
function tileOf(node: EventTarget | null): ClipWatch | undefined {
  for (let element = node instanceof Element ? node : null; element; element = element.parentElement) {
    const watch = byTile.get(element);
    if (watch) return watch;
  }
  return undefined;
}

function onPointerMove(event: PointerEvent) {
  if (event.clientX === pointer.x && event.clientY === pointer.y) return;
  pointer = { x: event.clientX, y: event.clientY };
  hovered = tileOf(event.target);
  if (hovered) update(hovered);
}

function onFocus(event: FocusEvent) {
  focused = event.type === "focusin" ? tileOf(event.target) : undefined;
  if (focused) update(focused);
}

function listen(): () => void {
  observer = new IntersectionObserver(onIntersections, { threshold: [0, 0.25, IN_VIEW_SHARE, 0.75, 1] });
  const events = new AbortController();
  const options = { passive: true, signal: events.signal };
  document.addEventListener("pointermove", onPointerMove, options);
  document.addEventListener("focusin", onFocus, options);
  document.addEventListener("focusout", onFocus, options);
  const unsubscribe = subscribePageRest(() => visible.forEach(update));
  return () => {
    observer?.disconnect();
    observer = undefined;
    events.abort();
    unsubscribe();
  };
}

/**
 * Calls `onStart` once the visitor looks at `element`'s clip: it is in view (half of it on screen)
 * and the page has come to rest (PAGE_REST_MS without a scroll), or its `tile` is hovered or holds
 * the focus. While the page moves, however slowly, no clip starts: a tile in view for a moment
 * of a scroll is passed, not looked at. Calls `onLeave` when a started clip leaves view. Returns
 * the function that stops watching.
 */
export function watchClip(element: Element, tile: Element, onStart: () => void, onLeave: () => void): () => void {
  stopListening ??= listen();
  const watch: ClipWatch = { inView: false, started: false, onStart, onLeave };
  watches.set(element, watch);
  byTile.set(tile, watch);
  observer?.observe(element);
  return () => {
    watches.delete(element);
    byTile.delete(tile);
    visible.delete(watch);
    if (hovered === watch) hovered = undefined;
    if (focused === watch) focused = undefined;
    observer?.unobserve(element);
    if (watches.size > 0) return;
    stopListening?.();
    stopListening = undefined;
  };
}
