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

/**
 * How long a clip's tile stays in view before the clip starts. A brisk scroll carries a tile
 * across a desktop's screen in a quarter of a second or less, so the clips it passes never start
 * (nor download); a visitor who stops on a row sees it move after this moment.
 */
export const CLIP_DWELL_MS = 400;

/** The share of a tile's clip frame on screen for it to count as in view. */
const IN_VIEW_SHARE = 0.5;

interface DwellWatch {
  inView: boolean;
  timer?: number;
  onDwell: () => void;
  onLeave: () => void;
}

/** One observer for every element watched (one per grid tile): hundreds of observers cost more. */
let observer: IntersectionObserver | undefined;
const watches = new Map<Element, DwellWatch>();

function inView(entry: IntersectionObserverEntry): boolean {
  if (!entry.isIntersecting) return false;
  // A frame taller than half the screen counts once it fills half of it.
  const screenHeight = entry.rootBounds?.height ?? window.innerHeight;
  return entry.intersectionRatio >= IN_VIEW_SHARE || entry.intersectionRect.height >= screenHeight * IN_VIEW_SHARE;
}

function onIntersections(entries: IntersectionObserverEntry[]) {
  for (const entry of entries) {
    const watch = watches.get(entry.target);
    const now = inView(entry);
    if (!watch || now === watch.inView) continue;
    watch.inView = now;
    window.clearTimeout(watch.timer);
    if (now) watch.timer = window.setTimeout(watch.onDwell, CLIP_DWELL_MS);
    else watch.onLeave();
  }
}

/**
 * Calls `onDwell` once `element` has stayed in view for CLIP_DWELL_MS, and `onLeave` when it leaves
 * view after that moment or during it. Returns the function that stops watching.
 */
export function watchDwell(element: Element, onDwell: () => void, onLeave: () => void): () => void {
  observer ??= new IntersectionObserver(onIntersections, { threshold: [0, 0.25, IN_VIEW_SHARE, 0.75, 1] });
  watches.set(element, { inView: false, onDwell, onLeave });
  observer.observe(element);
  return () => {
    window.clearTimeout(watches.get(element)?.timer);
    watches.delete(element);
    observer?.unobserve(element);
  };
}
