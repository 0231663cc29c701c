/**
 * What valid content is, and the one description of it: the content files in app/content/ are
 * read into the shape `contentSchema` takes (scripts/content-build.ts), and the types the app uses
 * (`Artist`, `Reel`, …, at the end of this file) are what it outputs. Besides the shapes, the
 * schemas check non-empty text, URL and slug shapes, that each entry's id is its file's name, and
 * that media files exist under public/ with the extension the pages need.
 *
 * Media paths are site-absolute ("/images/…", "/videos/…") and resolve under public/.
 * Error messages are written for the person editing the content, not for a developer.
 */
import { z } from "zod";

import type { CaptionTrack } from "../reel/captions";
import { type LadderKind, ladderFiles, logoSprites, previewImages } from "../lib/media";

export const ARTIST_TITLES = ["Photographer", "Director", "Photographer / Director", "CGI VFX 3D"] as const;

/** The `:type` segment of an artist's detail URL. */
export type ArtistType = "film" | "photography";

/** A film as `npm run media` read it (recorded in media/manifest.json): its picture's display size in pixels, its length in seconds, its frame rate. */
export interface Film {
  width: number;
  height: number;
  duration: number;
  fps?: string;
}

/**
 * The frame of a reel made before the media build recorded its film: the 16:9 it then cropped
 * every reel to.
 */
const FRAME_BEFORE_FILMS_WERE_RECORDED = { width: 1920, height: 1080 } as const;

/** How the schemas see public/ and the media build's record: injected, so the schemas stay free of the file system. */
export interface MediaFiles {
  /** Whether a site path ("/images/x.jpg") names a media file: under public/, or (`where`) held elsewhere. */
  exists(sitePath: string): boolean;
  /** Where the media are looked for, as messages say it: "public/" unless given. */
  where?: string;
  /**
   * The film an output (a site path) was made from, as the media build recorded it; undefined for
   * an output made before films were recorded. Absent where the films are yet to be made (the
   * media script's own reading of the content): nothing is checked against them.
   */
  film?(sitePath: string): Film | undefined;
}

/** A URL slug: lowercase letters and digits in words joined by single hyphens. */
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The fields of a content entry that may be malformed: none when it is not an object at all. */
function fieldsOf(value: unknown): Partial<Record<string, unknown>> {
  return typeof value === "object" && value !== null ? value : {};
}

/** `value[key]` when it is a valid slug. */
function slugOf(value: unknown, key: "id" | "slug"): string | undefined {
  const slug = fieldsOf(value)[key];
  return typeof slug === "string" && SLUG.test(slug) ? slug : undefined;
}

/** The [name, value] pairs of an object (a folder's files, keyed by name); none when it is not one. */
function entriesOf(value: unknown): [string, unknown][] {
  return typeof value === "object" && value !== null ? Object.entries(value) : [];
}

function stringOf(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

const text = z.string().refine((value) => value.trim() !== "", "must not be empty");

/** Seconds into a film: 0 or more. */
const moment = z.number().min(0, "must be a time in seconds, 0 or more");

/** A point of a picture, as fractions of its width and height from its top left: where to crop it. */
const focus = z.strictObject({
  x: z.number().min(0, "must be between 0 (left) and 1 (right)").max(1, "must be between 0 (left) and 1 (right)"),
  y: z.number().min(0, "must be between 0 (top) and 1 (bottom)").max(1, "must be between 0 (top) and 1 (bottom)"),
});

const slug = z.string().regex(SLUG, {
  error: (issue) => `${JSON.stringify(issue.input)} must be a URL slug: lowercase a-z and 0-9 in words joined by "-"`,
});

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
}

const httpsUrl = z.string().refine(isHttpsUrl, {
  error: (issue) => `${JSON.stringify(issue.input)} must be an absolute https:// URL, e.g. https://vimeo.com/123`,
});

/** A bare host: the pages link to https://{website}, so a scheme or a path would break the link. */
const HOST = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/i;

const website = z.string().regex(HOST, {
  error: (issue) =>
    `${JSON.stringify(issue.input)} must be a bare host like jane-doe.example, without "https://" or a path`,
});

const INSTAGRAM_HANDLE = /^([A-Za-z0-9._]{1,30})?$/;

const instagram = z.string().regex(INSTAGRAM_HANDLE, {
  error: (issue) => {
    const rule = `without "@": 1–30 letters, digits, "." or "_"; or "" for none`;
    return `${JSON.stringify(issue.input)} must be an Instagram handle ${rule}`;
  },
});

/** The kinds of media file a field can name, and where the media script puts them. */
const MEDIA_KINDS = {
  clip: { folder: "/videos/", extension: ".mp4", noun: "an .mp4 video" },
  playlist: { folder: "/videos/", extension: ".m3u8", noun: "an HLS playlist (.m3u8)" },
  animation: { folder: "/images/", extension: ".webp", noun: "an animated .webp image" },
  // Only .jpg and .png stills get responsive copies (app/lib/media.ts): not .jpeg.
  photo: { folder: "/images/", extension: ".jpg", noun: "a .jpg image" },
  logo: { folder: "/images/", extension: ".png", noun: "a .png image" },
} as const;

type MediaKind = keyof typeof MEDIA_KINDS;

/** Folders and a file name of letters, digits, ".", "_" and "-"; no segment starts with "." (no ".."). */
const SITE_PATH = /^(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;

/**
 * A site path to a media file of `kind` that exists under public/. Stills the pages show through
 * a srcset name their `ladder`: its responsive copies must exist too, or the browser would ask
 * for files that are not there.
 */
function mediaPath(files: MediaFiles, kind: MediaKind, ladder?: LadderKind) {
  const { folder, extension, noun } = MEDIA_KINDS[kind];
  return z.string().superRefine((path, ctx) => {
    if (!SITE_PATH.test(path) || !path.startsWith(folder) || !path.endsWith(extension)) {
      ctx.addIssue({ code: "custom", message: `${JSON.stringify(path)} must be ${noun} under ${folder}` });
    } else if (!files.exists(path)) {
      ctx.addIssue({ code: "custom", message: `${path} is not in ${files.where ?? "public/"}` });
    } else if (ladder) {
      const missing = ladderFiles(ladder, path).filter((file) => !files.exists(file.path));
      if (missing.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `${path} lacks ${missing.length} responsive copies in ${files.where ?? "public/"} (e.g. ${missing[0].path}); run npm run media`,
        });
      }
    }
  });
}

/**
 * Zod skips a refinement once the value failed structurally anywhere inside, so one malformed
 * entry would hide every duplicate. The refinements below take `unknown` and read it through
 * guards, so they can always run.
 */
const ALWAYS = { when: () => true };

interface Keyed {
  key: string | undefined;
  path: PropertyKey[];
  /** How a message names the entry, e.g. "film[0]". */
  where: string;
}

/** Reports every entry whose key an earlier entry already uses. */
function reportDuplicates(ctx: z.RefinementCtx, entries: Keyed[]) {
  const firstSeen = new Map<string, string>();
  for (const { key, path, where } of entries) {
    if (key === undefined) continue;
    const earlier = firstSeen.get(key);
    if (earlier === undefined) firstSeen.set(key, where);
    else ctx.addIssue({ code: "custom", path, message: `${JSON.stringify(key)} is already used by ${earlier}` });
  }
}

/** A refinement of the list `name`: the key of each entry, at `field`, must be unique. */
function uniqueIn(name: string, keyOf: (entry: unknown) => string | undefined, field?: string) {
  return (list: unknown, ctx: z.RefinementCtx) => {
    const entries = arrayOf(list).map((entry, index) => ({
      key: keyOf(entry),
      path: field === undefined ? [index] : [index, field],
      where: `${name}[${index}]`,
    }));
    reportDuplicates(ctx, entries);
  };
}

/** Link-preview images are named after the entry's slug, so a missing one is reported on it. */
function checkPreview(files: MediaFiles, ctx: z.RefinementCtx, preview: string, field: string) {
  if (!files.exists(preview)) {
    ctx.addIssue({
      code: "custom",
      path: [field],
      message: `its link-preview image ${preview} is not in ${files.where ?? "public/"}; run npm run media`,
    });
  }
}

/**
 * Film: an animated .webp and the still first frame shown until it plays. Photography: a still,
 * and no separate `still`. One shape for both, so code can read `still` of any thumb.
 */
function workThumbSchema(files: MediaFiles, type: ArtistType) {
  const film = type === "film";
  const still = film
    ? mediaPath(files, "photo", "filmWork").optional().refine((path) => path !== undefined, "is missing")
    : z.string().optional().refine((path) => path === undefined, "photographs have no separate still: remove this field");
  return z.strictObject({
    name: text,
    image: film ? mediaPath(files, "animation") : mediaPath(files, "photo", "photoWork"),
    still,
    url: httpsUrl,
    /** Where the media build crops the work's picture to its tile (default: the subject it finds, or the middle of a film). */
    focus: focus.optional(),
  });
}

/** The grid clip and phone still of an artist's tile: a video for film, photographs for photography. */
function tileMedia(files: MediaFiles, type: ArtistType) {
  return type === "film"
    ? { thumb: mediaPath(files, "clip"), mobileBG: mediaPath(files, "photo", "directorStill") }
    : {
        thumb: mediaPath(files, "photo", "photographerDesktop"),
        mobileBG: mediaPath(files, "photo", "photographerMobile"),
      };
}

/** The shortest grid clip the media build makes (seconds; scripts/media/derive.ts). */
const GRID_CLIP_MIN = 1;

/** The checks that compare an artist's fields with each other, with its list and with its film. */
function checkArtistLinks(files: MediaFiles, type: ArtistType) {
  return (value: unknown, ctx: z.RefinementCtx) => {
    const artist = fieldsOf(value);
    const id = slugOf(artist, "id");
    if (id !== undefined) {
      const url = `/artists/${type}/${id}`;
      if (artist.url !== url) {
        ctx.addIssue({
          code: "custom",
          path: ["url"],
          message: `${JSON.stringify(artist.url)} must be ${url} (its list and id)`,
        });
      }
      checkPreview(files, ctx, previewImages.artist(id), "id");
    }
    // The page shows the extra group only when it has both, so one without the other is silently lost.
    if ((artist.extraThumbsTitle === undefined) !== (artist.extraThumbs === undefined)) {
      const missing = artist.extraThumbs === undefined ? "extraThumbs" : "extraThumbsTitle";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: "is missing: extraThumbsTitle and extraThumbs go together",
      });
    }
    if (type !== "film" && artist.clipStart !== undefined) {
      ctx.addIssue({ code: "custom", path: ["clipStart"], message: "only a director's grid clip has a start: remove this field" });
    }
    const clip = typeof artist.thumb === "string" ? files.film?.(artist.thumb) : undefined;
    if (clip && typeof artist.clipStart === "number" && artist.clipStart + GRID_CLIP_MIN > clip.duration) {
      const message = `${artist.clipStart} leaves less than ${GRID_CLIP_MIN} s of the ${clip.duration} s film for the grid clip: start earlier`;
      ctx.addIssue({ code: "custom", path: ["clipStart"], message });
    }
  };
}

function artistSchema(files: MediaFiles, type: ArtistType) {
  const workThumb = workThumbSchema(files, type);
  return z
    .strictObject({
      id: slug,
      order,
      name: text,
      title: z.enum(ARTIST_TITLES),
      ...tileMedia(files, type),
      url: z.string(),
      website,
      instagram,
      biography: z.string(),
      recentWorkThumbs: z.array(workThumb),
      extraThumbsTitle: text.optional(),
      extraThumbs: z.array(workThumb).min(1, "must not be empty").optional(),
      cssVideoTop: z.int({ error: "must be a whole number of pixels" }).optional(),
      /** Where the media build crops the artist's tile picture or film (default: the subject it finds, or the middle of a film). */
      focus: focus.optional(),
      /** The moment of a director's film their grid clip starts at (its first frame is `mobileBG`). */
      clipStart: moment.optional(),
      bioPhoto: mediaPath(files, "photo", "bioPhoto").optional(),
    })
    .superRefine(checkArtistLinks(files, type), ALWAYS);
}

/**
 * Artist ids are unique across both folders: they share one detail route and one preview folder.
 * An id is its file's name (`folderOf`), so two files of the same name clash.
 */
function checkUniqueArtistIds(value: unknown, ctx: z.RefinementCtx) {
  const folders = fieldsOf(value);
  const entries = (["film", "photographers"] as const).flatMap((folder) =>
    entriesOf(folders[folder]).map(([name]) => ({
      key: name,
      path: [folder, name, "id"],
      where: `artists/${folder}/${name}.md`,
    })),
  );
  reportDuplicates(ctx, entries);
}

/** An entry's place in its grid or list: the lowest first, ties in order of id. */
const order = z.number();

/**
 * A folder of one-entry files, keyed by file name (without its extension). Each entry's `key`
 * field must be its file's name: that name is its URL, and how people find the file.
 */
function folderOf<S extends z.ZodType>(entry: S, key: "id" | "slug") {
  return z.record(z.string(), entry).superRefine((value: unknown, ctx) => {
    for (const [name, item] of entriesOf(value)) {
      const field = fieldsOf(item)[key];
      if (typeof field === "string" && field !== name) {
        const message = `${JSON.stringify(field)} must be the file's name, ${JSON.stringify(name)}: rename one of them`;
        ctx.addIssue({ code: "custom", path: [name, key], message });
      }
    }
  }, ALWAYS);
}

function artistsSchema(files: MediaFiles) {
  return z
    .strictObject({
      film: folderOf(artistSchema(files, "film"), "id"),
      photographers: folderOf(artistSchema(files, "photography"), "id"),
    })
    .superRefine(checkUniqueArtistIds, ALWAYS);
}

/**
 * A reel is served at /{slug}, where the site's own pages win: a reel cannot take their names.
 * tests/unit/content-validation.test.ts checks that this list covers app/routes/.
 */
export const RESERVED_SLUGS = [
  "artists",
  "biography",
  "build",
  "clients",
  "collective-reels",
  "contact",
  "healthz",
  "images",
  "reels",
  "selects",
  "videos",
];

const reelSlug = slug.refine((value) => !RESERVED_SLUGS.includes(value), {
  error: (issue) => `${JSON.stringify(issue.input)} is the address of one of the site's own pages: choose another slug`,
});

const reelSpot = z.strictObject({
  start: moment,
  artist: slug,
  client: text,
  title: text,
  /** What is seen, in a sentence, read to visitors who cannot see it (the described picture). */
  description: text.optional(),
});

/** The MP4 a reel entry names, through which the media build's record of its film is found. */
function reelMp4(reel: Partial<Record<string, unknown>>): string | undefined {
  const mp4 = arrayOf(reel.sources).map(fieldsOf).find((source) => source.type === "video/mp4");
  return stringOf(mp4?.src);
}

/**
 * A reel's length: its film's, as the media build read it; else the one the file states; else,
 * where films are yet to be made (the media script), unbounded.
 */
function reelDuration(files: MediaFiles, reel: Partial<Record<string, unknown>>): number {
  const mp4 = reelMp4(reel);
  const film = mp4 === undefined ? undefined : files.film?.(mp4);
  return film?.duration ?? (typeof reel.duration === "number" ? reel.duration : Infinity);
}

/** A stated length further than this (seconds) from the film's is a mistake, not a rounding. */
const DURATION_TOLERANCE = 0.5;

/**
 * The reel's times against its film: the stated `duration` (optional) matches the film's; spots
 * start at 0, in order, each before the next and before the film ends; the poster's moment is in
 * the film.
 */
function checkReelTimes(files: MediaFiles) {
  return (value: unknown, ctx: z.RefinementCtx) => {
    const reel = fieldsOf(value);
    const mp4 = reelMp4(reel);
    const film = mp4 === undefined ? undefined : files.film?.(mp4);
    if (film && typeof reel.duration === "number" && Math.abs(reel.duration - film.duration) > DURATION_TOLERANCE) {
      const message = `${reel.duration} s is not the film's length (${film.duration} s, read from the film by npm run media): correct it, or remove the field to take the film's`;
      ctx.addIssue({ code: "custom", path: ["duration"], message });
    }
    if (files.film && mp4 !== undefined && !film && reel.duration === undefined) {
      const message = "is missing, and the film's length is not known: run npm run media, which reads it from the film (or state it in seconds)";
      ctx.addIssue({ code: "custom", path: ["duration"], message });
    }
    const duration = reelDuration(files, reel);
    const end = `the film's end (${duration} s)`;
    let previous: number | undefined;
    arrayOf(reel.spots).forEach((spot, index) => {
      const start = fieldsOf(spot).start;
      if (typeof start !== "number") return;
      const path = ["spots", index, "start"];
      if (index === 0 && start !== 0) ctx.addIssue({ code: "custom", path, message: `${start} must be 0: the first spot opens the reel` });
      if (previous !== undefined && start <= previous) {
        ctx.addIssue({ code: "custom", path, message: `${start} must be after the previous spot's start (${previous}): spots cannot overlap` });
      }
      if (start >= duration) ctx.addIssue({ code: "custom", path, message: `${start} must be before ${end}` });
      previous = start;
    });
    if (typeof reel.posterAt === "number" && reel.posterAt >= duration) {
      ctx.addIssue({ code: "custom", path: ["posterAt"], message: `${reel.posterAt} must be before ${end}` });
    }
  };
}

function reelSchema(files: MediaFiles) {
  return z
    .strictObject({
      slug: reelSlug,
      order,
      title: text,
      description: text,
      /** Starts by itself, muted (browsers refuse to start a film with sound by itself). */
      autoplay: z.boolean(),
      /** Shows the player's controls; without them the reel must start by itself. */
      controls: z.boolean(),
      poster: mediaPath(files, "photo", "reelPoster"),
      /** The moment of the film the poster shows (and the reel's animated thumbnail starts at). */
      posterAt: moment.optional(),
      thumb: mediaPath(files, "animation"),
      sources: z.tuple(
        [
          z.strictObject({ src: mediaPath(files, "playlist"), type: z.literal("application/x-mpegURL") }),
          z.strictObject({ src: mediaPath(files, "clip"), type: z.literal("video/mp4") }),
        ],
        { error: "must be two sources: the HLS playlist (.m3u8) first, then the .mp4" },
      ),
      /** Optional: the film's own length is read from it; one stated must match it. */
      duration: z.number().positive("must be a length in seconds, above 0").optional(),
      spots: z.array(reelSpot).min(1, "must list the spots the reel is cut from"),
      uploadDate: z.iso.date({ error: (issue) => `${JSON.stringify(issue.input)} must be a date as YYYY-MM-DD` }),
    })
    .superRefine((value: unknown, ctx) => {
      const slug = slugOf(value, "slug");
      if (slug !== undefined) checkPreview(files, ctx, previewImages.reel(slug), "slug");
      checkReelTimes(files)(value, ctx);
      const { autoplay, controls } = fieldsOf(value);
      if (controls === false && autoplay === false) {
        ctx.addIssue({ code: "custom", path: ["controls"], message: "false needs autoplay: true, or nobody could start the reel" });
      }
    }, ALWAYS)
    .transform((reel) => {
      const film = files.film?.(reel.sources[1].src);
      // The page gives the player the film's shape before anything of it has loaded.
      const frame = film ? { width: film.width, height: film.height } : FRAME_BEFORE_FILMS_WERE_RECORDED;
      return { ...reel, duration: reelDuration(files, reel), frame };
    });
}

function reelsSchema(files: MediaFiles) {
  return folderOf(reelSchema(files), "slug");
}

function clientsSchema(files: MediaFiles) {
  const logo = z.strictObject({
    name: text,
    logo: mediaPath(files, "logo"),
    alt: text,
  });
  // The /clients page sets the text list in capitals; a lowercase entry would stand out.
  const clientName = text.refine((name) => name === name.toUpperCase(), {
    error: (issue) => `${JSON.stringify(issue.input)} must be in capitals`,
  });
  return z.strictObject({
    clientLogos: z
      .array(logo)
      .superRefine(uniqueIn("clientLogos", (entry) => stringOf(fieldsOf(entry).name), "name"), ALWAYS)
      // The page shows the logos from the strips the media script draws of them (app/lib/media.ts).
      .superRefine((logos, ctx) => {
        for (const sprite of logoSprites(logos)) {
          const missing = [sprite.webp, sprite.png].filter((path) => !files.exists(path));
          if (missing.length > 0) {
            const first = sprite.logos[0].logo;
            const message = `the strip of the logos from ${first} on, ${missing[0]}, is not in ${files.where ?? "public/"}; run npm run media`;
            ctx.addIssue({ code: "custom", message });
          }
        }
      }),
    clientNames: z.array(clientName).superRefine(uniqueIn("clientNames", stringOf), ALWAYS),
  });
}

/** biography.md: the agent's portrait and testimonials above the line, the profile's paragraphs below it. */
function biographySchema(files: MediaFiles) {
  const testimonial = z.strictObject({ quote: text, name: text, jobTitle: text });
  return z.strictObject({
    photo: mediaPath(files, "photo", "bioPhoto"),
    testimonials: z.array(testimonial),
    paragraphs: z.array(text).min(1, "must not be empty"),
  });
}

/** Digits with the usual separators; `tel:` links keep only "+" and the digits. */
const PHONE = /^\+?[0-9][0-9 ().-]{5,}[0-9]$/;

const contactSchema = z.strictObject({
  addressLines: z.array(text).min(1, "must not be empty"),
  phone: z.string().regex(PHONE, {
    error: (issue) => `${JSON.stringify(issue.input)} must be a phone number like +1 (212) 555-0147`,
  }),
  email: z.email({
    error: (issue) => `${JSON.stringify(issue.input)} must be an e-mail address like studio@agency.example`,
  }),
  pr: text,
});

const navLink = z.strictObject({
  label: text,
  href: z.string().startsWith("/", "must be a path on this site, starting with /"),
});

const siteSchema = z.strictObject({
  agentName: text,
  agencyName: text,
  tagline: text,
  copyrightYear: z.int().min(1900, "must be a year").max(9999, "must be a year"),
  // Artists' Instagram links are this plus the handle.
  instagramBaseUrl: httpsUrl.refine((url) => url.endsWith("/"), "must end with /"),
  nav: z.array(navLink).min(1, "must not be empty"),
  pages: z.record(
    z.string().startsWith("/", "must be a path on this site, starting with /"),
    z.strictObject({ title: text, description: text }),
  ),
});

/** A reel's spots name their directors by id: each must be a film artist's. */
function checkSpotArtists(value: unknown, ctx: z.RefinementCtx) {
  const content = fieldsOf(value);
  // By file name, which is the id (folderOf): a mistyped id is reported once, on its file.
  const film = new Set(entriesOf(fieldsOf(content.artists).film).map(([name]) => name));
  for (const [name, reel] of entriesOf(content.reels)) {
    arrayOf(fieldsOf(reel).spots).forEach((spot, spotIndex) => {
      const artist = fieldsOf(spot).artist;
      if (typeof artist === "string" && !film.has(artist)) {
        ctx.addIssue({
          code: "custom",
          path: ["reels", name, "spots", spotIndex, "artist"],
          message: `${JSON.stringify(artist)} is not the id of a film artist`,
        });
      }
    });
  }
}

/**
 * The whole content, keyed by where it comes from in app/content/: `artists.film` and
 * `artists.photographers` by file name in artists/film/ and artists/photographers/, `reels` by
 * file name in reels/, the rest by file (clients.yaml, biography.md, contact.yaml, site.yaml).
 */
export function contentSchema(files: MediaFiles) {
  return z
    .strictObject({
      artists: artistsSchema(files),
      reels: reelsSchema(files),
      clients: clientsSchema(files),
      biography: biographySchema(files),
      contact: contactSchema,
      site: siteSchema,
    })
    .superRefine(checkSpotArtists, ALWAYS);
}

/** The content files as `contentSchema` checked them, keyed by file. */
export type ContentFiles = z.output<ReturnType<typeof contentSchema>>;

/** A folder's entries as a list in `order`, ties by file name, without `order`, which only placed them. */
function inOrder<T extends { order: number }>(folder: Record<string, T>): Omit<T, "order">[] {
  return Object.entries(folder)
    .sort(([nameA, a], [nameB, b]) => a.order - b.order || (nameA < nameB ? -1 : 1))
    .map(([, { order: _placeInList, ...entry }]) => entry);
}

/**
 * The content as the app gets it (app/content/index.ts), from the checked files. `captions`: each
 * reel's captions by slug (validate.ts reads and checks them against the reels).
 */
export function compileContent({ artists, reels, clients, biography, contact, site }: ContentFiles, captions: Record<string, CaptionTrack[]> = {}) {
  return {
    artists: { film: inOrder(artists.film), photographers: inOrder(artists.photographers) },
    reels: inOrder(reels),
    clients,
    biography: {
      biography: { photo: biography.photo, paragraphs: biography.paragraphs },
      testimonials: biography.testimonials,
    },
    contact,
    site,
    captions,
  };
}

export type Content = ReturnType<typeof compileContent>;
export type ArtistTitle = (typeof ARTIST_TITLES)[number];
export type Artist = Content["artists"]["film"][number] | Content["artists"]["photographers"][number];
/** One tile of an artist's "Recent Work" (or extra) group; links out to the work's page. */
export type WorkThumb = Artist["recentWorkThumbs"][number];
export type Reel = Content["reels"][number];
export type ReelSource = Reel["sources"][number];
export type ReelSpot = Reel["spots"][number];
export type ClientLogo = Content["clients"]["clientLogos"][number];
export type Testimonial = Content["biography"]["testimonials"][number];
export type NavLink = Content["site"]["nav"][number];
