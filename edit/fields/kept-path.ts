/**
 * A media path the site derives from an artist's id (a tile's clip or photo, a work thumb's
 * picture): never shown and never typed. An entry that spells one out keeps it as written; a new
 * one gets the derived path only while the content's shapes still ask for the field.
 */
import type { AssetFormField, FormFieldStoredValue } from "@keystatic/core";

import { shapesRequire } from "../paths-required";

/** The path for an entry `id`, and the position of a work thumb ("recentWorkThumbs/2/image" → ["recentWorkThumbs", 2]). */
type Derive = (id: string, work: { group: string; index: number } | undefined) => string;

export function keptPath(
  at: readonly string[],
  derive: Derive,
): AssetFormField<{ kept?: string }, { kept?: string }, null> {
  return {
    kind: "form",
    formKind: "asset",
    Input: () => null,
    defaultValue: () => ({}),
    filename: () => undefined,
    parse: (value: FormFieldStoredValue) => ({ kept: typeof value === "string" ? value : undefined }),
    serialize: ({ kept }, { slug, suggestedFilenamePrefix }) => {
      if (kept !== undefined || slug === undefined || !shapesRequire(at)) return { value: kept, asset: undefined };
      const [group, index] = suggestedFilenamePrefix?.split("/") ?? [];
      const work = index === undefined ? undefined : { group, index: Number(index) };
      return { value: derive(slug, work), asset: undefined };
    },
    validate: (value) => value,
    reader: { parse: () => null },
  };
}

/** "recent-3", "extra-1": a new work thumb's file, apart from those an entry already names ("3"). */
export const workName = (work: { group: string; index: number } | undefined) =>
  `${work?.group === "extraThumbs" ? "extra" : "recent"}-${(work?.index ?? 0) + 1}`;
