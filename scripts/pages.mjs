/**
 * The site's section pages and reel pages, read from the compiled content
 * (app/content/generated.json, which `npm run build` writes first): shared by the tests and the benchmark.
 */
import { readFileSync } from "node:fs";

/** @type {{ site: { nav: { href: string }[] }, reels: { slug: string }[] }} */
const content = JSON.parse(readFileSync(new URL("../app/content/generated.json", import.meta.url), "utf8"));

/** Every reel's page, in the order /collective-reels lists them. */
export const REEL_PAGES = content.reels.map((reel) => `/${reel.slug}`);

/** The navigation's pages, each reel's page after the reels' list. */
export const SECTION_PAGES = content.site.nav.flatMap((link) =>
  link.href === "/collective-reels" ? [link.href, ...REEL_PAGES] : [link.href],
);
