import { useEffect, useState } from "react";

import { canAutoplayThumbnails } from "#app/lib/motion.ts";

/** Screens on which the directors' clips are layered over their stills. */
const CLIP_SCREENS = "(min-width: 768px)";

/**
 * Whether moving thumbnails play, and the control to pause or play them all (WCAG 2.2.2: anything
 * that moves by itself can be paused). It starts as the device's default, decided after hydration,
 * so the server HTML and a browser without JavaScript show stills and no dead button.
 *
 * `clips`: whether the screen is wide enough for the clips at all, followed as the window resizes.
 * Phones never show one, so their page builds no `<video>` elements: eleven of them were half of
 * the directors' page's parsing time on a phone.
 */
export function useThumbnailMotion() {
  const [playing, setPlaying] = useState<boolean | undefined>(undefined);
  const [clips, setClips] = useState(false);
  useEffect(() => {
    setPlaying(canAutoplayThumbnails());
    const screens = window.matchMedia(CLIP_SCREENS);
    const follow = () => setClips(screens.matches);
    follow();
    screens.addEventListener("change", follow);
    return () => screens.removeEventListener("change", follow);
  }, []);

  const toggle =
    playing === undefined ? null : (
      <button
        type="button"
        onClick={() => setPlaying(!playing)}
        className="hidden text-xs uppercase tracking-label text-muted hover:text-paper md:block"
      >
        {playing ? "Pause motion" : "Play motion"}
      </button>
    );
  return { playing: playing ?? false, toggle, clips };
}
