/**
 * What valid content is: one zod schema per content file, checked by `npm run content:check`
 * (scripts/content-check.ts) before every build. The TypeScript types stay in types.ts, where
 * they are documented; each schema is `satisfies`-checked against its type so the two cannot
 * drift apart. The schemas add what a type cannot say: non-empty text, URL and slug shapes, and
 * media files that exist under public/ with the extension the pages need.
 *
 * Error messages are written for the person editing the content, not for a developer.
 */
import { z } from "zod";

import { type LadderKind, ladderFiles, logoSprites, previewImages } from "../lib/media";
import {
  ARTIST_TITLES,
  type Artist,
  type ArtistType,
  type ClientLogo,
  type NavLink,
  REEL_SLUGS,
  type Reel,
  type ReelSpot,
  type Testimonial,
  type WorkThumb,
} from "./types";

/** How the schemas see public/: injected, so the schemas stay free of the file system. */
export interface MediaFiles {
  /** Whether a site path ("/images/x.jpg") names a file under public/. */
  exists(sitePath: string): boolean;
}

/** A URL slug: lowercase letters and digits in words joined by single hyphens. */
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The fields of a content entry that may be malformed: none when it is not an object at all. */
function fieldsOf(value: unknown): Partial<Record<string, unknown>> {
  return typeof value === "object" && value !== null ? value : {};
}

/** `value[key]` when it is a valid slug: how messages name an entry ("jane-doe" rather than [3]). */
export function slugOf(value: unknown, key: "id" | "slug"): string | undefined {
  const slug = fieldsOf(value)[key];
  return typeof slug === "string" && SLUG.test(slug) ? slug : undefined;
}

function stringOf(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

const text = z.string().refine((value) => value.trim() !== "", "must not be empty");

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
      ctx.addIssue({ code: "custom", message: `${path} is not in public/` });
    } else if (ladder) {
      const missing = ladderFiles(ladder, path).filter((file) => !files.exists(file.path));
      if (missing.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `${path} lacks ${missing.length} responsive copies in public/ (e.g. ${missing[0].path}); run npm run media`,
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
      message: `its link-preview image ${preview} is not in public/; run npm run media`,
    });
  }
}

function workThumbSchema(files: MediaFiles, type: ArtistType) {
  const media =
    type === "film"
      ? {
          image: mediaPath(files, "animation"),
          still: mediaPath(files, "photo", "filmWork"),
        }
      : {
          image: mediaPath(files, "photo", "photoWork"),
          still: z.undefined({ error: "photographs have no separate still: remove this field" }).optional(),
        };
  return z.strictObject({ name: text, ...media, url: httpsUrl }) satisfies z.ZodType<WorkThumb>;
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

/** The checks that compare an artist's fields with each other and with its list. */
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
  };
}

function artistSchema(files: MediaFiles, type: ArtistType) {
  const workThumb = workThumbSchema(files, type);
  return z
    .strictObject({
      id: slug,
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
      bioPhoto: mediaPath(files, "photo", "bioPhoto").optional(),
    })
    .superRefine(checkArtistLinks(files, type), ALWAYS) satisfies z.ZodType<Artist>;
}

/** Artist ids are unique across both lists: they share one detail route and one preview folder. */
function checkUniqueArtistIds(value: unknown, ctx: z.RefinementCtx) {
  const lists = fieldsOf(value);
  const entries = (["film", "photographers"] as const).flatMap((list) =>
    arrayOf(lists[list]).map((artist, index) => ({
      key: slugOf(artist, "id"),
      path: [list, index, "id"],
      where: `${list}[${index}]`,
    })),
  );
  reportDuplicates(ctx, entries);
}

function artistsSchema(files: MediaFiles) {
  return z
    .strictObject({
      film: z.array(artistSchema(files, "film")),
      photographers: z.array(artistSchema(files, "photography")),
    })
    .superRefine(checkUniqueArtistIds, ALWAYS);
}

const reelSpot = z.strictObject({
  start: z.number().min(0, "must be a time in seconds, 0 or more"),
  artist: slug,
  client: text,
  title: text,
}) satisfies z.ZodType<ReelSpot>;

/** Spots start at 0, in order, each before the next and before the reel ends. */
function checkSpotTimes(value: unknown, ctx: z.RefinementCtx) {
  const reel = fieldsOf(value);
  const duration = typeof reel.duration === "number" ? reel.duration : Infinity;
  let previous: number | undefined;
  arrayOf(reel.spots).forEach((spot, index) => {
    const start = fieldsOf(spot).start;
    if (typeof start !== "number") return;
    const path = ["spots", index, "start"];
    if (index === 0 && start !== 0) ctx.addIssue({ code: "custom", path, message: `${start} must be 0: the first spot opens the reel` });
    if (previous !== undefined && start <= previous) {
      ctx.addIssue({ code: "custom", path, message: `${start} must be after the previous spot's start (${previous}): spots cannot overlap` });
    }
    if (start >= duration) ctx.addIssue({ code: "custom", path, message: `${start} must be before the reel's end (${duration} s)` });
    previous = start;
  });
}

function reelSchema(files: MediaFiles) {
  return z
    .strictObject({
      slug: z.enum(REEL_SLUGS),
      title: text,
      description: text,
      autoplay: z.literal(false),
      controls: z.literal(true),
      poster: mediaPath(files, "photo", "reelPoster"),
      thumb: mediaPath(files, "animation"),
      sources: z.tuple(
        [
          z.strictObject({ src: mediaPath(files, "playlist"), type: z.literal("application/x-mpegURL") }),
          z.strictObject({ src: mediaPath(files, "clip"), type: z.literal("video/mp4") }),
        ],
        { error: "must be two sources: the HLS playlist (.m3u8) first, then the .mp4" },
      ),
      duration: z.number().positive("must be a length in seconds, above 0"),
      spots: z.array(reelSpot).min(1, "must list the spots the reel is cut from"),
      uploadDate: z.iso.date({ error: (issue) => `${JSON.stringify(issue.input)} must be a date as YYYY-MM-DD` }),
    })
    .superRefine((value: unknown, ctx) => {
      const slug = slugOf(value, "slug");
      if (slug !== undefined) checkPreview(files, ctx, previewImages.reel(slug), "slug");
      checkSpotTimes(value, ctx);
    }, ALWAYS) satisfies z.ZodType<Reel>;
}

function reelsSchema(files: MediaFiles) {
  return z.array(reelSchema(files)).superRefine(
    uniqueIn("reels", (reel) => slugOf(reel, "slug"), "slug"),
    ALWAYS,
  );
}

function clientsSchema(files: MediaFiles) {
  const logo = z.strictObject({
    name: text,
    logo: mediaPath(files, "logo"),
    alt: text,
  }) satisfies z.ZodType<ClientLogo>;
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
            const message = `the strip of the logos from ${first} on, ${missing[0]}, is not in public/; run npm run media`;
            ctx.addIssue({ code: "custom", message });
          }
        }
      }),
    clientNames: z.array(clientName).superRefine(uniqueIn("clientNames", stringOf), ALWAYS),
  });
}

function biographySchema(files: MediaFiles) {
  const testimonial = z.strictObject({ quote: text, name: text, jobTitle: text }) satisfies z.ZodType<Testimonial>;
  return z.strictObject({
    biography: z.strictObject({
      photo: mediaPath(files, "photo", "bioPhoto"),
      paragraphs: z.array(text).min(1, "must not be empty"),
    }),
    testimonials: z.array(testimonial),
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
}) satisfies z.ZodType<NavLink>;

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

/** A reel's spots name their directors by id: each must be in the film list. */
function checkSpotArtists(value: unknown, ctx: z.RefinementCtx) {
  const content = fieldsOf(value);
  const film = new Set(arrayOf(fieldsOf(content.artists).film).map((artist) => slugOf(artist, "id")));
  arrayOf(content.reels).forEach((reel, reelIndex) => {
    arrayOf(fieldsOf(reel).spots).forEach((spot, spotIndex) => {
      const artist = fieldsOf(spot).artist;
      if (typeof artist === "string" && !film.has(artist)) {
        ctx.addIssue({
          code: "custom",
          path: ["reels", reelIndex, "spots", spotIndex, "artist"],
          message: `${JSON.stringify(artist)} is not the id of a film artist`,
        });
      }
    });
  });
}

/** The whole content, keyed by the file (in app/content/) each part comes from. */
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
