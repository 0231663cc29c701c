/** The shapes of single content fields, and the refinements the content's shapes share. */
import { z } from "zod";

import { isSlug, MAX_SLUG_LENGTH } from "#model/content-files.ts";
import { MEDIA_KINDS, type MediaKindName } from "#model/media-kinds.ts";

export const text = z.string().refine((value) => value.trim() !== "", "must not be empty");

/** Seconds into a film: 0 or more. */
export const moment = z.number().min(0, "must be a time in seconds, 0 or more");

/** A point of a picture, as fractions of its width and height from its top left: where to crop it. */
export const focus = z.strictObject({
  x: z.number().min(0, "must be between 0 (left) and 1 (right)").max(1, "must be between 0 (left) and 1 (right)"),
  y: z.number().min(0, "must be between 0 (top) and 1 (bottom)").max(1, "must be between 0 (top) and 1 (bottom)"),
});

/** An id or a reel's slug: isSlug's, so every one the content has is one an event and a shortlist link can carry. */
export const slug = z.string().refine(isSlug, {
  error: (issue) =>
    `${JSON.stringify(issue.input)} must be a URL slug: lowercase a-z and 0-9 in words joined by "-", at most ${MAX_SLUG_LENGTH} characters`,
});

const isHttpsUrl = (value: string) => {
  const url = URL.parse(value);
  return url?.protocol === "https:" && url.hostname.includes(".");
};

export const httpsUrl = z.string().refine(isHttpsUrl, {
  error: (issue) => `${JSON.stringify(issue.input)} must be an absolute https:// URL, e.g. https://vimeo.com/123`,
});

/** A bare host: the pages link to https://{website}, so a scheme or a path would break the link. */
const HOST = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/i;

export const website = z.string().regex(HOST, {
  error: (issue) =>
    `${JSON.stringify(issue.input)} must be a bare host like jane-doe.example, without "https://" or a path`,
});

const INSTAGRAM_HANDLE = /^([A-Za-z0-9._]{1,30})?$/;

export const instagram = z.string().regex(INSTAGRAM_HANDLE, {
  error: (issue) => {
    const rule = `without "@": 1–30 letters, digits, "." or "_"; or "" for none`;
    return `${JSON.stringify(issue.input)} must be an Instagram handle ${rule}`;
  },
});

/** Folders and a file name of letters, digits, ".", "_" and "-"; no segment starts with "." (no ".."). */
const SITE_PATH = /^(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;

/** A site path the content gives to a media file of `kind`: its folder and extension (checks/media.ts looks for the file). */
export function mediaPath(kind: MediaKindName) {
  const { folder, extension, noun } = MEDIA_KINDS[kind];
  return z.string().refine((path) => SITE_PATH.test(path) && path.startsWith(folder) && path.endsWith(extension), {
    error: (issue) => `${JSON.stringify(issue.input)} must be ${noun} under ${folder}`,
  });
}

/**
 * Zod skips a refinement once the value failed anywhere inside, so one malformed entry would hide
 * every duplicate: the refinements that must see every entry take `unknown` and read it through these guards.
 */
export const ALWAYS = { when: () => true };

/** The fields of a content entry that may be malformed: none when it is not an object at all. */
export function fieldsOf(value: unknown): Partial<Record<string, unknown>> {
  return typeof value === "object" && value !== null ? value : {};
}

/** The [name, value] pairs of an object (a folder's files, keyed by name); none when it is not one. */
export function entriesOf(value: unknown): [string, unknown][] {
  return typeof value === "object" && value !== null ? Object.entries(value) : [];
}

/** A refinement of the list `name`: the key of each entry (`keyOf`, at `field`) must be unique. */
export function uniqueIn(name: string, keyOf: (entry: unknown) => unknown, field?: string) {
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

/**
 * A field an editor may leave out, as it is derived (files written before it was keep working):
 * one written out must be the derived value.
 */
export function derived(ctx: z.RefinementCtx, path: PropertyKey[], value: unknown, expected: string, why: string) {
  if (value !== undefined && value !== expected)
    ctx.addIssue({ code: "custom", path, message: `${JSON.stringify(value)} must be ${expected} (${why})` });
}

/** An entry's place in its grid or list: the lowest first, ties in order of id. */
export const order = z.number();
