/**
 * All site content, imported by routes as `~/content`: the content files in this folder, checked
 * and compiled by scripts/content-build.ts into generated.js, which every build writes first.
 */
import * as compiled from "./generated.js";
import type { Content } from "./schema";

// TypeScript widens the types of a JavaScript module's values (a tuple to an array, say), so it
// cannot see that these are the content's; the schema checked them and wrote them, so the casts
// only restore that. One import each, so a browser bundle keeps only the parts its code reads.
export const artists = compiled.artists as unknown as Content["artists"];
export const reels = compiled.reels as unknown as Content["reels"];
/** Each reel's captions by slug: read on the server only (the reel pages' loaders, the tracks' routes). */
export const captions = compiled.captions as unknown as Content["captions"];
export const contact = compiled.contact as unknown as Content["contact"];
export const site = compiled.site as unknown as Content["site"];
export const clientLogos = compiled.clientLogos as unknown as Content["clients"]["clientLogos"];
export const clientNames = compiled.clientNames as unknown as Content["clients"]["clientNames"];
export const biography = compiled.biography as unknown as Content["biography"]["biography"];
export const testimonials = compiled.testimonials as unknown as Content["biography"]["testimonials"];
export type * from "./schema";
