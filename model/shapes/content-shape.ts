/**
 * The content files' shapes in zod, free of the file system: the whole content, from the shapes of
 * its artists (artist-shape.ts), reels (reel-shape.ts) and the single files here.
 */
import { z } from "zod";

import type { ArtistList } from "#model/artist-lists.ts";

import { artistFields, artistShape } from "./artist-shape.ts";
import { ALWAYS, entriesOf, fieldsOf, httpsUrl, mediaPath, text, uniqueIn } from "./field-shapes.ts";
import { reelFields, reelShape } from "./reel-shape.ts";

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
    directors: folderOf(artistShape("directors"), "id"),
    photographers: folderOf(artistShape("photographers"), "id"),
  }),
  reels: folderOf(reelShape, "slug"),
  clients: z.strictObject(clientsFields),
  biography: z.strictObject(biographyFields),
  contact: contactShape,
  site: siteShape,
});

/** The content files as their shapes read them, keyed by file. */
export type ShapedContent = z.output<typeof contentShape>;

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
  const artistsIn = (list: ArtistList) => {
    const shape = artistFields(list);
    return entriesOf(fieldsOf(artists)[list]).map(([name, value]) => ({
      at: ["artists", list, name],
      name,
      list,
      fields: validFields(shape, value),
    }));
  };
  return {
    artists: [...artistsIn("directors"), ...artistsIn("photographers")],
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
