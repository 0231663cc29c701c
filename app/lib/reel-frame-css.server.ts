import { reels } from "~/content";

import { reelFrameCss } from "./reel-frames";

/** The reel players' shapes (reelFrameCss), the same on every page; server-only, so no page's JavaScript carries the reels for it. */
export const REEL_FRAME_CSS = reelFrameCss(reels.map((reel) => reel.frame));
