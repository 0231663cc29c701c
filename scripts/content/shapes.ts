/** The content files' shapes in zod, free of the file system, and what an id or slug derives. */
import { z } from "zod";

import { MEDIA_KINDS, type MediaKindName } from "#app/lib/media-kinds.ts";

const ARTIST_TITLES = ["Photographer", "Director", "Photographer / Director", "CGI VFX 3D"] as const;

/** The `:type` segment of an artist's detail URL. */
export type ArtistType = "film" | "photography";

/** An artist's detail URL, from their list and id. */
const artistUrl = (type: ArtistType, id: string) => `/artists/${type}/${id}`;

/** A reel's media, named after its slug by the media build. */
export function reelMedia(slug: string): { poster: string; thumb: string; sources: ReelSources } {
  return {
    poster: `/images/reels/${slug}.jpg`,
    thumb: `/images/reels/${slug}.webp`,
    sources: [
      { src: `/videos/reels/${slug}/master.m3u8`, type: "application/x-mpegURL" },
      { src: `/videos/reels/${slug}.mp4`, type: "video/mp4" },
    ],
  };
}

/** A URL slug: lowercase letters and digits in words joined by single hyphens. */
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

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

const isHttpsUrl = (value: string) => {
  const url = URL.parse(value);
  return url?.protocol === "https:" && url.hostname.includes(".");
};

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

/** Folders and a file name of letters, digits, ".", "_" and "-"; no segment starts with "." (no ".."). */
const SITE_PATH = /^(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;

/** A site path to a media file of `kind`: its folder and extension (checks/media.ts looks for the file). */
function mediaPath(kind: MediaKindName) {
  const { folder, extension, noun } = MEDIA_KINDS[kind];
  return z.string().refine((path) => SITE_PATH.test(path) && path.startsWith(folder) && path.endsWith(extension), {
    error: (issue) => `${JSON.stringify(issue.input)} must be ${noun} under ${folder}`,
  });
}

/**
 * Zod skips a refinement once the value failed anywhere inside, so one malformed entry would hide
 * every duplicate: the refinements that must see every entry take `unknown` and read it through these guards.
 */
const ALWAYS = { when: () => true };

/** The fields of a content entry that may be malformed: none when it is not an object at all. */
function fieldsOf(value: unknown): Partial<Record<string, unknown>> {
  return typeof value === "object" && value !== null ? value : {};
}

/** The [name, value] pairs of an object (a folder's files, keyed by name); none when it is not one. */
function entriesOf(value: unknown): [string, unknown][] {
  return typeof value === "object" && value !== null ? Object.entries(value) : [];
}

/** A refinement of the list `name`: the key of each entry (`keyOf`, at `field`) must be unique. */
function uniqueIn(name: string, keyOf: (entry: unknown) => unknown, field?: string) {
  return (list: unknown, ctx: z.RefinementCtx) => {
    const firstSeen = new Map<string, string>();
    (Array.isArray(list) ? list : []).forEach((entry, index) => {
      const key = keyOf(entry);
      if (typeof key !== "string") return;
      const earlier = firstSeen.get(key);
      if (earlier === undefined) firstSeen.set(key, `${name}[${index}]`);
      else {
        const path = field === undefined ? [index] : [index, field];
        ctx.addIssue({ code: "custom", path, message: `${JSON.stringify(key)} is already used by ${earlier}` });
      }
    });
  };
}

/** A field an editor may leave out, as it is derived: one written out must be the derived value. */
function derived(ctx: z.RefinementCtx, path: PropertyKey[], value: string | undefined, expected: string, why: string) {
  if (value !== undefined && value !== expected)
    ctx.addIssue({ code: "custom", path, message: `${JSON.stringify(value)} must be ${expected} (${why})` });
}

/** The kind of each media field of an artist, by list (checks/media.ts looks for the files). */
export const ARTIST_MEDIA = {
  film: { thumb: "directorClip", mobileBG: "directorStill", bioPhoto: "bioPhoto" },
  photography: { thumb: "photographerDesktop", mobileBG: "photographerMobile", bioPhoto: "bioPhoto" },
} as const satisfies Record<ArtistType, Record<string, MediaKindName>>;

/** The kind of a work thumb's picture, and of a film's still first frame. */
export const WORK_MEDIA = {
  film: { image: "filmWork", still: "filmWorkStill" },
  photography: { image: "photoWork" },
} as const satisfies Record<ArtistType, Record<string, MediaKindName>>;

/** One shape for both lists, so code can read `still` of any thumb: a film's animation has one, a photograph none. */
function workThumbShape(type: ArtistType) {
  const still =
    type === "film"
      ? mediaPath("filmWorkStill")
          .optional()
          .refine((path) => path !== undefined, "is missing")
      : z
          .string()
          .optional()
          .refine((path) => path === undefined, "photographs have no separate still: remove this field");
  return z.strictObject({
    name: text,
    image: mediaPath(WORK_MEDIA[type].image),
    still,
    url: httpsUrl,
    /** Where the media build crops the work's picture to its tile (default: the subject it finds, or the middle of a film). */
    focus: focus.optional(),
  });
}

/** An entry's place in its grid or list: the lowest first, ties in order of id. */
const order = z.number();

/** The fields of an artist's file in artists/directors/ (`film`) or artists/photographers/. */
function artistFields(type: ArtistType) {
  const media = ARTIST_MEDIA[type];
  const workThumb = workThumbShape(type);
  return {
    id: slug,
    order,
    name: text,
    title: z.enum(ARTIST_TITLES),
    // The grid clip and phone still of an artist's tile: a video for film, photographs for photography.
    thumb: mediaPath(media.thumb),
    mobileBG: mediaPath(media.mobileBG),
    /** Derived from the list and id; optional. */
    url: z.string().optional(),
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
    bioPhoto: mediaPath(media.bioPhoto).optional(),
  };
}

function artistShape(type: ArtistType) {
  return (
    z
      .strictObject(artistFields(type))
      .superRefine((artist, ctx) => {
        // Zod runs this after a field's own check failed, too: derive only from a valid id.
        if (slug.safeParse(artist.id).success)
          derived(ctx, ["url"], artist.url, artistUrl(type, artist.id), "its list and id");
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
          ctx.addIssue({
            code: "custom",
            path: ["clipStart"],
            message: "only a director's grid clip has a start: remove this field",
          });
        }
      })
      // The derived field in its place, so the compiled content reads the same however the file spells it.
      .transform(({ id, order, name, title, thumb, mobileBG, ...rest }) => ({
        id,
        order,
        name,
        title,
        thumb,
        mobileBG,
        url: artistUrl(type, id),
        ...rest,
      }))
  );
}

/** A folder of one-entry files, keyed by file name, which each entry's `key` field must repeat: it is its URL. */
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

/**
 * A reel is served at /{slug}, where the site's own pages win: a reel cannot take their names.
 * tests/unit/content/validation.test.ts checks that this list covers app/routes/.
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

type ReelSources = NonNullable<z.output<typeof reelFields.sources>>;

/** The fields of a reel's file in reels/. */
const reelFields = {
  slug: reelSlug,
  order,
  title: text,
  description: text,
  /** Starts by itself, muted (browsers refuse to start a film with sound by itself). */
  autoplay: z.boolean(),
  /** Shows the player's controls; without them the reel must start by itself. */
  controls: z.boolean(),
  /** Derived from the slug (`reelMedia`), as are `thumb` and `sources`; optional. */
  poster: mediaPath("reelPoster").optional(),
  /** The moment of the film the poster shows (and the reel's animated thumbnail starts at). */
  posterAt: moment.optional(),
  thumb: mediaPath("reelThumb").optional(),
  sources: z
    .tuple(
      [
        z.strictObject({ src: mediaPath("reelHls"), type: z.literal("application/x-mpegURL") }),
        z.strictObject({ src: mediaPath("reelMp4"), type: z.literal("video/mp4") }),
      ],
      { error: "must be two sources: the HLS playlist (.m3u8) first, then the .mp4" },
    )
    .optional(),
  /** Optional: the film's own length is read from it; one stated must match it. */
  duration: z.number().positive("must be a length in seconds, above 0").optional(),
  spots: z.array(reelSpot).min(1, "must list the spots the reel is cut from"),
  uploadDate: z.iso.date({ error: (issue) => `${JSON.stringify(issue.input)} must be a date as YYYY-MM-DD` }),
};

/** A reel as its file gives it, with the media its slug derives. */
type CompiledReel = Omit<z.output<z.ZodObject<typeof reelFields>>, "poster" | "thumb" | "sources"> &
  ReturnType<typeof reelMedia>;

const reelShape = z
  .strictObject(reelFields)
  .superRefine((reel, ctx) => {
    // Zod runs this after a field's own check failed, too: derive only from a valid slug.
    if (reelSlug.safeParse(reel.slug).success) {
      const media = reelMedia(reel.slug);
      derived(ctx, ["poster"], reel.poster, media.poster, "its slug");
      derived(ctx, ["thumb"], reel.thumb, media.thumb, "its slug");
      reel.sources?.forEach((source, index) =>
        derived(ctx, ["sources", index, "src"], source.src, media.sources[index].src, "its slug"),
      );
    }
    if (!reel.controls && !reel.autoplay) {
      ctx.addIssue({
        code: "custom",
        path: ["controls"],
        message: "false needs autoplay: true, or nobody could start the reel",
      });
    }
  })
  // The derived fields in their places, so the compiled content reads the same however the file spells them.
  .transform(({ slug, order, title, description, autoplay, controls, posterAt, ...rest }): CompiledReel => {
    const { poster, thumb, sources } = reelMedia(slug);
    return { slug, order, title, description, autoplay, controls, poster, posterAt, thumb, sources, ...rest };
  });

/** The fields of clients.yaml. */
const clientsFields = {
  clientLogos: z.array(z.strictObject({ name: text, logo: mediaPath("clientLogo"), alt: text })).superRefine(
    uniqueIn("clientLogos", (entry) => fieldsOf(entry).name, "name"),
    ALWAYS,
  ),
  clientNames: z
    .array(
      // The /clients page sets the text list in capitals; a lowercase entry would stand out.
      text.refine((name) => name === name.toUpperCase(), {
        error: (issue) => `${JSON.stringify(issue.input)} must be in capitals`,
      }),
    )
    .superRefine(
      uniqueIn("clientNames", (entry) => entry),
      ALWAYS,
    ),
};

/** The fields of biography.md: the agent's portrait and testimonials above the line, the profile's paragraphs below it. */
const biographyFields = {
  photo: mediaPath("bioPhoto"),
  testimonials: z.array(z.strictObject({ quote: text, name: text, jobTitle: text })),
  paragraphs: z.array(text).min(1, "must not be empty"),
};

/** Digits with the usual separators; `tel:` links keep only "+" and the digits. */
const PHONE = /^\+?[0-9][0-9 ().-]{5,}[0-9]$/;

const contactShape = z.strictObject({
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

const siteShape = z.strictObject({
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

/** The whole content, keyed as app/content/ holds it: folders by file name, the rest by file. */
export const contentShape = z.strictObject({
  artists: z.strictObject({
    directors: folderOf(artistShape("film"), "id"),
    photographers: folderOf(artistShape("photography"), "id"),
  }),
  reels: folderOf(reelShape, "slug"),
  clients: z.strictObject(clientsFields),
  biography: z.strictObject(biographyFields),
  contact: contactShape,
  site: siteShape,
});

/** The content files as their shapes read them, keyed by file. */
export type ContentFiles = z.output<typeof contentShape>;

/** The fields of `value` that are valid by `fields`: what a check can rely on in an entry with other problems. */
function validFields<F extends z.ZodRawShape>(fields: F, value: unknown) {
  const valid = entriesOf(value).filter(
    ([key, field]) => Object.hasOwn(fields, key) && z.safeParse(fields[key], field).success,
  );
  return z.object(fields).partial().parse(Object.fromEntries(valid));
}

/** Each entry of the content as read, with its valid fields only, and where it sits: what the checks read. */
export function contentParts(content: unknown) {
  const { artists, reels, clients, biography } = fieldsOf(content);
  const artistsIn = (list: "directors" | "photographers", type: ArtistType) => {
    const shape = artistFields(type);
    return entriesOf(fieldsOf(artists)[list]).map(([name, value]) => ({
      at: ["artists", list, name],
      name,
      type,
      fields: validFields(shape, value),
    }));
  };
  return {
    artists: [...artistsIn("directors", "film"), ...artistsIn("photographers", "photography")],
    reels: entriesOf(reels).map(([name, value]) => ({
      at: ["reels", name],
      name,
      fields: validFields(reelFields, value),
    })),
    clients: validFields(clientsFields, clients),
    biography: validFields(biographyFields, biography),
  };
}

export type ContentParts = ReturnType<typeof contentParts>;
