/** A reel's file in reels/: its fields, and the media its slug derives. */
import { z } from "zod";

import { mediaPaths } from "#model/media-paths.ts";
import { derived, mediaPath, moment, order, slug, text } from "./field-shapes.ts";

/** A reel's media, named after its slug (model/media-paths.ts). */
export function reelMedia(slug: string): { poster: string; thumb: string; sources: ReelSources } {
  return {
    poster: mediaPaths.reelPoster(slug),
    thumb: mediaPaths.reelThumb(slug),
    sources: [
      { src: mediaPaths.reelHls(slug), type: "application/x-mpegURL" },
      { src: mediaPaths.reelMp4(slug), type: "video/mp4" },
    ],
  };
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
export const reelFields = {
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

export const reelShape = z
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
