/**
 * All site content, imported by routes as `~/content`: the content files in this folder, checked
 * and compiled by scripts/content-build.ts into generated.js, which every build writes first.
 */
import { content as compiled } from "./generated.js";
import type { Content } from "./schema";

// TypeScript widens the literals of a JavaScript module (`autoplay: false` to boolean, a tuple to
// an array), so it cannot see that this is `Content`; the schema checked it and wrote it, so the
// cast only restores that.
const content = compiled as unknown as Content;

export const { artists, reels, contact, site } = content;
export const { clientLogos, clientNames } = content.clients;
export const { biography, testimonials } = content.biography;
export type * from "./schema";
