/** The types of the content as the app reads it: what scripts/content/compile.ts makes of the checked files. */
import type { Content } from "#scripts/content/compile.ts";

export type { Content } from "#scripts/content/compile.ts";
export type { Film } from "#scripts/content/read.ts";

export type ArtistTitle = Artist["title"];
export type Artist = Content["artists"]["directors"][number] | Content["artists"]["photographers"][number];
/** One tile of an artist's "Recent Work" (or extra) group; links out to the work's page. */
export type WorkThumb = Artist["recentWorkThumbs"][number];
export type Reel = Content["reels"][number];
export type ReelSource = Reel["sources"][number];
export type ReelSpot = Reel["spots"][number];
export type ClientLogo = Content["clients"]["clientLogos"][number];
export type Testimonial = Content["biography"]["testimonials"][number];
export type NavLink = Content["site"]["nav"][number];
