/**
 * How long the page stays still before it counts as at rest. Longer than the gaps between the
 * moves of a page still scrolling: a wheel's notches turned steadily (about 100 ms apart where the
 * wheel scrolls in steps; Chromium's smooth scrolling moves every frame between them). Short
 * enough that a visitor who stops sees the row move well within a second (the bench's roster
 * section times it).
 */
export const PAGE_REST_MS = 200;

const listeners = new Set<() => void>();
/** The one animation frame watching the page while it moves. */
let frame: number | undefined;
/** Where the page was at the last frame watched, since when (that frame's time), and whether it has stayed there for a frame. */
let seen: { x: number; y: number; since: number; stayed: boolean } | undefined;
/** Where the page came to rest, or undefined while it moves. */
let restingAt: { x: number; y: number } | undefined;

function moved() {
  restingAt = undefined;
  seen = undefined;
  frame ??= requestAnimationFrame(watch);
}

/**
 * Each frame while the page moves: it comes to rest once it has stayed put for PAGE_REST_MS and
 * for at least one whole frame. Counted in frames as well as time so that a scroll that moves every
 * frame never rests, however slowly a busy machine draws them (under load a frame took up to 3 s).
 */
function watch(now: number) {
  const x = window.scrollX;
  const y = window.scrollY;
  if (!seen || seen.x !== x || seen.y !== y) seen = { x, y, since: now, stayed: false };
  else seen.stayed = true;
  if (!seen.stayed || now - seen.since < PAGE_REST_MS) {
    frame = requestAnimationFrame(watch);
    return;
  }
  frame = undefined;
  restingAt = { x, y };
  for (const listener of listeners) listener();
}

/**
 * Whether the page is at rest. A page found away from where it came to rest has moved even if its
 * scroll event is still to come (an IntersectionObserver can report a scroll before the scroll
 * event of its frame), and counts as moving from then on.
 */
export function pageAtRest(): boolean {
  if (restingAt && (restingAt.x !== window.scrollX || restingAt.y !== window.scrollY)) moved();
  return restingAt !== undefined;
}

/**
 * Calls `onRest` each time the page comes to rest. One scroll listener and one animation frame
 * serve every subscriber (a grid's clips subscribe once, not once a tile). Until the first scroll
 * the page is at rest where it is. Returns the function that unsubscribes.
 */
export function subscribePageRest(onRest: () => void): () => void {
  if (listeners.size === 0) {
    restingAt = { x: window.scrollX, y: window.scrollY };
    window.addEventListener("scroll", moved, { passive: true });
  }
  listeners.add(onRest);
  return () => {
    listeners.delete(onRest);
    if (listeners.size > 0) return;
    window.removeEventListener("scroll", moved);
    if (frame !== undefined) cancelAnimationFrame(frame);
    frame = undefined;
  };
}
