/**
 * All site content, imported by routes as `~/content`: the content files in this folder, checked
 * and compiled by scripts/content-build.ts into generated.json, which every build writes first.
 */
import generated from "./generated.json";
import type { Content } from "./schema";

// A JSON import widens literals (`autoplay: false` to boolean, a tuple to an array), so TypeScript
// cannot see that this is `Content`; the schema checked it and wrote it, so the cast only restores that.
const content = generated as unknown as Content;

export const { artists, reels, contact, site } = content;
export const { clientLogos, clientNames } = content.clients;
export const { biography, testimonials } = content.biography;
export type * from "./schema";
