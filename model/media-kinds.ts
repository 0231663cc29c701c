/**
 * Every kind of media file the content has, one row each: where the file is served (`path`), where
 * `npm run media` reads its source under media/ (`source`), its size and its ladder. The row's
 * recipe is in media-build/kind-recipes.ts, which fails to compile without one per row;
 * the content's checks and the media build's jobs are derived from the rows (docs/media.md).
 * Free of Node: the pages read the sizes and ladders.
 */

/** The content entries a kind has a file for, one per entry: what its `path` and `source` are given. */
export type MediaPlace =
  /** Each director, by id. */
  | "directors"
  /** Each photographer, by id. */
  | "photographers"
  /** Each director's work thumb, by id and number (1 up, the recent ones, then the extra ones). */
  | "directorWork"
  /** Each photographer's work thumb, by id and number. */
  | "photographerWork"
  /** Each artist whose file says `bioPhoto: true`, by id; and the agent (biography.md's `photo`). */
  | "bio"
  /** Each reel, by slug. */
  | "reel"
  /** Each client logo, by the path clients.yaml gives (a logo has no id). */
  | "clientLogo";

export type ModernFormat = "avif" | "webp";

const PHOTO_FORMATS: readonly ModernFormat[] = ["avif", "webp"];

export interface MediaKind {
  place: MediaPlace;
  /** The field of its place's compiled entry that holds its path, for messages: ["mobileBG"], ["sources", 1, "src"]. */
  field: readonly (string | number)[];
  /** Its site path, from the id or slug of its entry (and the work's number): none where the content names it. */
  path?: (id: string, work: number) => string;
  /** Its source in media/, without the extension, from the same: none where the content names it. */
  source?: (id: string, work: number) => string;
  folder: "/images/" | "/videos/";
  extension: string;
  noun: string;
  /**
   * The pixel size it is made at: the pages reserve the same aspect-ratio boxes, so nothing shifts
   * while media load. A reel's sizes are its renditions' (model/reel-frames.ts).
   */
  size?: { width: number; height: number };
  /** The widths (px, never wider than `size`) and modern formats of a still the pages show in a srcset. */
  ladder?: { widths: readonly number[]; formats: readonly ModernFormat[] };
  /** How the media build's size summary names it. */
  label: string;
  /** The version of its recipe: bumped, the next media build remakes every file of the kind. */
  version: number;
}

// Only .jpg and .png stills get responsive copies (model/media.ts): not .jpeg.
const JPG = { folder: "/images/", extension: ".jpg", noun: "a .jpg image" } as const;
const WEBP = { folder: "/images/", extension: ".webp", noun: "an animated .webp image" } as const;
const MP4 = { folder: "/videos/", extension: ".mp4", noun: "an .mp4 video" } as const;

const artistSource = (name: string) => (id: string) => `artists/${id}/${name}`;
const workSource = (id: string, work: number) => `artists/${id}/work-${work}`;
const reelSource = (slug: string) => `reels/${slug}`;

/**
 * The ladders' widths cover each image's rendered width at 390 px on a phone (DPR 2–3) and at
 * 1440 px on a desktop (DPR 1–2), worked out in the comments.
 */
export const MEDIA_KINDS = {
  directorClip: {
    place: "directors",
    field: ["thumb"],
    path: (id: string) => `/videos/directors/${id}.mp4`,
    source: artistSource("clip"),
    ...MP4,
    size: { width: 640, height: 360 },
    label: "director clip (mp4)",
    version: 3,
  },
  directorStill: {
    place: "directors",
    field: ["mobileBG"],
    path: (id: string) => `/images/directors/${id}.jpg`,
    source: artistSource("clip"),
    ...JPG,
    size: { width: 960, height: 540 },
    // Phone 350 px → 700–1050; desktop, three columns: 432 px → 432–864.
    ladder: { widths: [480, 720, 960], formats: PHOTO_FORMATS },
    label: "director still (jpg)",
    version: 2,
  },
  directorWork: {
    place: "directorWork",
    field: ["image"],
    path: (id: string, work: number) => `/images/work/${id}/${work}.webp`,
    source: workSource,
    ...WEBP,
    size: { width: 480, height: 270 },
    label: "film work (webp)",
    version: 3,
  },
  directorWorkStill: {
    place: "directorWork",
    field: ["still"],
    path: (id: string, work: number) => `/images/work/${id}/${work}.jpg`,
    source: workSource,
    ...JPG,
    size: { width: 480, height: 270 },
    // Phone 350 px → 700–1050, desktop three columns 440 px → 440–880: the 480 px source caps them;
    // 320 serves narrower windows.
    ladder: { widths: [320, 480], formats: PHOTO_FORMATS },
    label: "film work still (jpg)",
    version: 2,
  },
  photographerDesktop: {
    place: "photographers",
    field: ["thumb"],
    path: (id: string) => `/images/photographers/${id}.jpg`,
    source: artistSource("photo"),
    ...JPG,
    size: { width: 960, height: 1200 },
    // From 768 px up only; desktop, four columns: 316 px → 316–632; tablets up to 334 px at DPR 2–3.
    ladder: { widths: [320, 640, 960], formats: PHOTO_FORMATS },
    label: "photographer desktop (jpg)",
    version: 2,
  },
  photographerMobile: {
    place: "photographers",
    field: ["mobileBG"],
    path: (id: string) => `/images/photographers/${id}-mobile.jpg`,
    source: artistSource("photo"),
    ...JPG,
    size: { width: 720, height: 720 },
    // Phones only, two columns: 165 px → 330–495; the widest phone layouts, 353 px → 706.
    ladder: { widths: [360, 540, 720], formats: PHOTO_FORMATS },
    label: "photographer mobile (jpg)",
    version: 2,
  },
  photographerWork: {
    place: "photographerWork",
    field: ["image"],
    path: (id: string, work: number) => `/images/work/${id}/${work}.jpg`,
    source: workSource,
    ...JPG,
    size: { width: 600, height: 750 },
    // Phone two columns: 165 px → 330–495; desktop four columns: 325 px → 325–650.
    ladder: { widths: [360, 480, 600], formats: PHOTO_FORMATS },
    label: "photo work (jpg)",
    version: 2,
  },
  bioPhoto: {
    place: "bio",
    field: ["bioPhoto"],
    path: (id: string) => `/images/bio/${id}.jpg`,
    source: artistSource("bio"),
    ...JPG,
    size: { width: 600, height: 750 },
    // At most 320 px wide on an artist's page, 448 px on /biography (350 px on a phone): 320–1050,
    // capped by the 600 px source.
    ladder: { widths: [320, 480, 600], formats: PHOTO_FORMATS },
    label: "bio photo (jpg)",
    version: 2,
  },
  reelMp4: {
    place: "reel",
    field: ["sources", 1, "src"],
    path: (slug: string) => `/videos/reels/${slug}.mp4`,
    source: reelSource,
    ...MP4,
    label: "reel (mp4)",
    version: 3,
  },
  reelHls: {
    place: "reel",
    field: ["sources", 0, "src"],
    path: (slug: string) => `/videos/reels/${slug}/master.m3u8`,
    source: reelSource,
    folder: "/videos/",
    extension: ".m3u8",
    noun: "an HLS playlist (.m3u8)",
    label: "reel (hls)",
    version: 4,
  },
  reelPoster: {
    place: "reel",
    field: ["poster"],
    path: (slug: string) => `/images/reels/${slug}.jpg`,
    source: reelSource,
    ...JPG,
    size: { width: 1280, height: 720 },
    // /collective-reels: phone 350 px → 700–1050, desktop 432 px → 432–864; the reel pages take
    // the widest (see videoPoster).
    ladder: { widths: [480, 720, 960, 1280], formats: PHOTO_FORMATS },
    label: "reel poster (jpg)",
    version: 2,
  },
  reelThumb: {
    place: "reel",
    field: ["thumb"],
    path: (slug: string) => `/images/reels/${slug}.webp`,
    source: reelSource,
    ...WEBP,
    size: { width: 640, height: 360 },
    label: "reel thumb (webp)",
    version: 2,
  },
  clientLogo: {
    place: "clientLogo",
    field: ["logo"],
    folder: "/images/",
    extension: ".png",
    noun: "a .png image",
    size: { width: 320, height: 160 },
    label: "client logo (png)",
    version: 1,
  },
} as const satisfies Record<string, MediaKind>;

export type MediaKindName = keyof typeof MEDIA_KINDS;

type Row<K extends MediaKindName> = (typeof MEDIA_KINDS)[K];

/** The kinds whose path an id or slug fixes. */
export type DerivedKindName = { [K in MediaKindName]: Row<K> extends { path: unknown } ? K : never }[MediaKindName];

/** The kinds shown through a srcset: each has a ladder and a size. */
export type LadderKind = { [K in MediaKindName]: Row<K> extends { ladder: unknown } ? K : never }[MediaKindName];

/** The kinds made at one size. */
export type SizedKind = { [K in MediaKindName]: Row<K> extends { size: unknown } ? K : never }[MediaKindName];

/** MEDIA_KINDS as `[name, row]` entries, each row read as the interface says (for code that goes through all of them). */
// Object.entries types its keys as strings; they are the table's.
export const MEDIA_KIND_ENTRIES = Object.entries(MEDIA_KINDS) as readonly [MediaKindName, MediaKind][];

/** Whether `kind` (any kind of output, say a job's) is one the content has with a ladder. */
export function isLadderKind(kind: string): kind is LadderKind {
  return MEDIA_KIND_ENTRIES.some(([name, row]) => name === kind && row.ladder !== undefined);
}
