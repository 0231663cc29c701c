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
