import { useEffect, useState } from "react";

import { canAutoplayThumbnails } from "~/lib/motion";

/**
 * Whether moving thumbnails play, and the control to pause or play them all (WCAG 2.2.2: anything
 * that moves by itself can be paused). It starts as the device's default, decided after hydration,
 * so the server HTML and a browser without JavaScript show stills and no dead button.
 */
export function useThumbnailMotion() {
  const [playing, setPlaying] = useState<boolean | undefined>(undefined);
  useEffect(() => setPlaying(canAutoplayThumbnails()), []);

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
  return { playing: playing ?? false, toggle };
}
