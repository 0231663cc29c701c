/**
 * The shapes of the site's content. Every content file is `satisfies`-checked against these,
 * and the media script (scripts/build-media.ts) generates a file for every media path they hold.
 * Media paths are site-absolute ("/images/…", "/videos/…") and resolve under public/.
 */

/** A value, not only a type, so the content check (schema.ts) can list the allowed titles. */
export const ARTIST_TITLES = ["Photographer", "Director", "Photographer / Director", "CGI VFX 3D"] as const;

export type ArtistTitle = (typeof ARTIST_TITLES)[number];

/** The `:type` segment of an artist's detail URL. */
export type ArtistType = "film" | "photography";

/** One tile of an artist's "Recent Work" (or extra) group; links out to the work's video page. */
export interface WorkThumb {
  name: string;
  /** Film: an animated WebP. Photography: a still JPEG. */
  image: string;
  /** Film only: the still first frame shown until the animation is played. */
  still?: string;
  /** External page where the work can be watched or seen. */
  url: string;
}

export interface Artist {
  /** URL slug, unique across both lists. */
  id: string;
  name: string;
  title: ArtistTitle;
  /** Film: a short muted looping MP4. Photography: the desktop still (JPEG). */
  thumb: string;
  /** Still shown on phones; for film it is also the video's poster. */
  mobileBG: string;
  /** Detail path: /artists/{type}/{id}. */
  url: string;
  /** Host without scheme, e.g. "jane-doe.example"; the site links to https://{website}. */
  website: string;
  /** Instagram handle without "@"; empty when the artist has none. */
  instagram: string;
  /** May be empty; "\n" marks a line break. */
  biography: string;
  recentWorkThumbs: WorkThumb[];
  extraThumbsTitle?: string;
  extraThumbs?: WorkThumb[];
  /** Vertical offset in px applied to the directors'-grid video to frame it. */
  cssVideoTop?: number;
  bioPhoto?: string;
}

export interface ReelSource {
  src: string;
  type: "video/mp4" | "application/x-mpegURL";
}

/** One spot (a film of the roster) cut into a reel. */
export interface ReelSpot {
  /** Seconds from the reel's start; each spot runs until the next one starts, the last to the end. */
  start: number;
  /** The film artist who directed it (an id from the film list). */
  artist: string;
  client: string;
  title: string;
}

/** Each reel has its own route module (app/routes/{slug}.tsx), so the set is closed. */
export const REEL_SLUGS = ["collective-reel", "reel-2021", "reel-2020"] as const;

export interface Reel {
  /** Also its route: /{slug}. */
  slug: (typeof REEL_SLUGS)[number];
  title: string;
  description: string;
  autoplay: false;
  controls: true;
  poster: string;
  /** HLS master playlist first, MP4 fallback last. */
  sources: ReelSource[];
  /** Animated WebP shown on /collective-reels; `poster` is its still. */
  thumb: string;
  /** Length in seconds. */
  duration: number;
  /** The spots it is cut from, in order; the demo reels show each one's credits as a lower third. */
  spots: ReelSpot[];
  /** Publication date (YYYY-MM-DD), for search engines' video results. */
  uploadDate: string;
}

export interface ClientLogo {
  name: string;
  /** Transparent PNG of the brand's word mark. */
  logo: string;
  alt: string;
}

export interface Testimonial {
  quote: string;
  name: string;
  jobTitle: string;
}

export interface NavLink {
  label: string;
  href: string;
}
