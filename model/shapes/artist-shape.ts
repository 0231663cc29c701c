/** An artist's file in artists/directors/ or artists/photographers/: its fields, and what its id derives. */
import { z } from "zod";

import {
  ARTIST_TITLES,
  type ArtistList,
  artistUrl,
  DIRECTOR_ONLY_FIELDS,
  listHasField,
  WORK_PLACE,
} from "#model/artist-lists.ts";
import { MEDIA_KIND_ENTRIES, type MediaPlace } from "#model/media-kinds.ts";
import { derived, focus, httpsUrl, instagram, moment, order, slug, text, website } from "./field-shapes.ts";

/** The path of the file that the kind of media whose row puts it in `field` of an entry of `place` has. */
export function pathIn(place: MediaPlace, field: string, id: string, work = 0): string {
  const kind = MEDIA_KIND_ENTRIES.find(([, row]) => row.place === place && row.field[0] === field)?.[1];
  if (!kind?.path) throw new Error(`no kind of media in model/media-kinds.ts is the ${field} of a ${place} entry`);
  return kind.path(id, work);
}

/**
 * One shape for both lists, so code can read `still` of any thumb: a film's animation has one, a
 * photograph none. Its picture and still are named after the artist's id and the work's number.
 */
function workThumbShape(list: ArtistList) {
  return z.strictObject({
    name: text,
    /** Derived, as `still` is; optional. */
    image: z.string().optional(),
    still:
      list === "directors"
        ? z.string().optional()
        : z
            .string()
            .optional()
            .refine((path) => path === undefined, "photographs have no separate still: remove this field"),
    url: httpsUrl,
    /** Where the media build crops the work's picture to its tile (default: the subject it finds, or the middle of a film). */
    focus: focus.optional(),
  });
}

type WorkThumbFile = z.output<ReturnType<typeof workThumbShape>>;

/** The fields of an artist's file in artists/directors/ or artists/photographers/. */
export function artistFields(list: ArtistList) {
  const workThumb = workThumbShape(list);
  return {
    id: slug,
    order,
    name: text,
    title: z.enum(ARTIST_TITLES),
    // The grid clip and phone still of an artist's tile (a video for film, photographs for
    // photography), derived from the list and id, as `url` is; optional.
    thumb: z.string().optional(),
    mobileBG: z.string().optional(),
    url: z.string().optional(),
    website,
    instagram,
    biography: z.string(),
    recentWorkThumbs: z.array(workThumb),
    extraThumbsTitle: text.optional(),
    /** Empty or left out: no extra group (the editing screen writes an empty list). */
    extraThumbs: z.array(workThumb).optional(),
    cssVideoTop: z.int({ error: "must be a whole number of pixels" }).optional(),
    /** Where the media build crops the artist's tile picture or film (default: the subject it finds, or the middle of a film). */
    focus: focus.optional(),
    /** The moment of a director's film their grid clip starts at (its first frame is `mobileBG`). */
    clipStart: moment.optional(),
    /** Whether the artist has a bio photo (its path is derived from the id; files once gave the path, which still reads). */
    bioPhoto: z.union([z.boolean(), z.string()]).optional(),
  };
}

/** Each work of an artist with its number: the recent ones from 1, then the extra ones. */
export function numberedWorks<W>(recent: readonly W[] | undefined, extra: readonly W[] | undefined) {
  const first = recent ?? [];
  return [
    ...first.map((work, index) => ({ work, group: "recentWorkThumbs", index, number: index + 1 })),
    ...(extra ?? []).map((work, index) => ({ work, group: "extraThumbs", index, number: first.length + index + 1 })),
  ];
}

/** A work thumb as the app reads it: its picture and still in their places. */
function compiledWork(
  list: ArtistList,
  id: string,
  number: number,
  work: WorkThumbFile,
): Omit<WorkThumbFile, "image" | "still"> & { image: string; still?: string } {
  const { name, image: _image, still: _still, url, ...rest } = work;
  const place = WORK_PLACE[list];
  return {
    name,
    image: pathIn(place, "image", id, number),
    ...(list === "directors" ? { still: pathIn(place, "still", id, number) } : {}),
    url,
    ...rest,
  };
}

export function artistShape(list: ArtistList) {
  return (
    z
      .strictObject(artistFields(list))
      .superRefine((artist, ctx) => {
        // Zod runs this after a field's own check failed, too: derive only from a valid id.
        if (slug.safeParse(artist.id).success) {
          const { id } = artist;
          derived(ctx, ["url"], artist.url, artistUrl(list, id), "its list and id");
          derived(ctx, ["thumb"], artist.thumb, pathIn(list, "thumb", id), "its list and id");
          derived(ctx, ["mobileBG"], artist.mobileBG, pathIn(list, "mobileBG", id), "its list and id");
          if (typeof artist.bioPhoto === "string")
            derived(ctx, ["bioPhoto"], artist.bioPhoto, pathIn("bio", "bioPhoto", id), "its id: or write true");
          for (const { work, group, index, number } of numberedWorks(artist.recentWorkThumbs, artist.extraThumbs)) {
            const why = "its artist's id and its number in the list";
            derived(ctx, [group, index, "image"], work.image, pathIn(WORK_PLACE[list], "image", id, number), why);
            if (list === "directors")
              derived(ctx, [group, index, "still"], work.still, pathIn("directorWork", "still", id, number), why);
          }
        }
        // The page shows the extra group only when it has both, so one without the other is silently lost.
        const noExtras = artist.extraThumbs === undefined || artist.extraThumbs.length === 0;
        if ((artist.extraThumbsTitle === undefined) !== noExtras) {
          const missing = noExtras ? "extraThumbs" : "extraThumbsTitle";
          ctx.addIssue({
            code: "custom",
            path: [missing],
            message: "is missing: extraThumbsTitle and extraThumbs go together",
          });
        }
        for (const field of DIRECTOR_ONLY_FIELDS)
          if (!listHasField(list, field) && artist[field] !== undefined)
            ctx.addIssue({
              code: "custom",
              path: [field],
              message: "only a director has a grid clip to start or shift: remove this field",
            });
      })
      // The derived fields in their places, so the compiled content reads the same however the file spells it.
      .transform((artist) => {
        const { id, order, name, title, website, instagram, biography, recentWorkThumbs } = artist;
        const { extraThumbsTitle, extraThumbs, cssVideoTop, focus, clipStart, bioPhoto } = artist;
        const works = numberedWorks(recentWorkThumbs, extraThumbs).map(({ work, number }) =>
          compiledWork(list, id, number, work),
        );
        return {
          id,
          order,
          name,
          title,
          thumb: pathIn(list, "thumb", id),
          mobileBG: pathIn(list, "mobileBG", id),
          url: artistUrl(list, id),
          website,
          instagram,
          biography,
          recentWorkThumbs: works.slice(0, recentWorkThumbs.length),
          ...(extraThumbsTitle === undefined ? {} : { extraThumbsTitle }),
          // An empty extra group is none: the compiled content reads the same either way.
          ...(extraThumbs?.length ? { extraThumbs: works.slice(recentWorkThumbs.length) } : {}),
          ...(cssVideoTop === undefined ? {} : { cssVideoTop }),
          ...(focus === undefined ? {} : { focus }),
          ...(clipStart === undefined ? {} : { clipStart }),
          ...(bioPhoto ? { bioPhoto: pathIn("bio", "bioPhoto", id) } : {}),
        };
      })
  );
}
