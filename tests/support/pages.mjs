/** The site's section and reel pages, from the compiled content: for the tests and the benchmark. */
import { reels, site } from "#app/content/generated.js";

/** Every reel's page, in the order /collective-reels lists them. */
export const REEL_PAGES = reels.map((reel) => `/${reel.slug}`);

/** The navigation's pages, each reel's page after the reels' list. */
export const SECTION_PAGES = site.nav.flatMap((link) =>
  link.href === "/collective-reels" ? [link.href, ...REEL_PAGES] : [link.href],
);
