import { reels } from "#app/content/index.ts";

import { reelFrameCss } from "#model/reel-frames.ts";

/** The reel players' shapes (reelFrameCss), the same on every page; server-only, so no page's JavaScript carries the reels for it. */
export const REEL_FRAME_CSS = reelFrameCss(reels.map((reel) => reel.frame));
