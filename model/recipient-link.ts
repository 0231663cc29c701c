/**
 * A recipient link as the editing screen asks for one (docs/privacy.md, "Links for one buyer"): the
 * body of POST /edit/api/links, which the links page builds from its form in the browser and the
 * editing service takes, both checked by this one schema in the same words. zod's mini build: the
 * page's script bundles it (about 6 KB gzipped, where the full build is some 90).
 */
import * as z from "zod/mini";

import { MAX_SELECTS } from "./analytics-event.ts";
import { isSlug } from "./content-files.ts";

/** The longest recipient a link is made for, in the agent's words ("Juniper Films — Sam"). */
export const MAX_RECIPIENT_LENGTH = 120;

/** What a link's request is checked against besides its own shape. */
export interface LinkContext {
  /** The content's artists' names by id: a link names artists that exist. */
  names: Readonly<Record<string, string>>;
  /** YYYY-MM-DD in UTC: a link expiring before it would never count. */
  today: string;
}

/**
 * `{ artists, recipient, expires? }`: the artists' ids (each once, in order, at most MAX_SELECTS,
 * every one the content's), whom the link is for (trimmed, no control characters) and the last day
 * it counts. Each issue names its field by the path and says what is wrong, lowercase, unpunctuated.
 */
export function linkRequestShape({ names, today }: LinkContext) {
  const artists = z.array(z.string(), "a list of artists' ids").check(
    z.overwrite((ids) => [...new Set(ids)]),
    z.superRefine((ids, context) => {
      const unknown = ids.filter((id) => !isSlug(id) || !Object.hasOwn(names, id));
      const problem =
        unknown.length > 0
          ? `no artist has the id ${unknown.map((id) => `“${id}”`).join(", ")}`
          : ids.length === 0
            ? "name at least one artist"
            : ids.length > MAX_SELECTS
              ? `at most ${MAX_SELECTS} artists, not ${ids.length}`
              : undefined;
      if (problem) context.issues.push({ code: "custom", message: problem, input: ids });
    }),
  );
  const recipient = z.string("a name").check(
    z.trim(),
    z.minLength(1, "say whom the link is for"),
    z.maxLength(MAX_RECIPIENT_LENGTH, `at most ${MAX_RECIPIENT_LENGTH} characters`),
    z.refine((text) => !/\p{Cc}/u.test(text), "no control characters"),
  );
  const expires = z.iso
    .date("a date as YYYY-MM-DD, or nothing")
    .check(z.refine((day) => day >= today, { error: ({ input }) => `${input} is past; choose ${today} or later` }));
  return z.strictObject(
    { artists, recipient, expires: z.optional(expires) },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `no field ${issue.keys.map((key) => `“${key}”`).join(", ")}`
          : "a JSON object of artists, recipient and expires",
    },
  );
}

export type LinkRequest = z.output<ReturnType<typeof linkRequestShape>>;
