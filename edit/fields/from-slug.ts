/**
 * A field written from the entry's slug, never typed: an artist's `id` and a reel's `slug` repeat
 * the file's name (the page's address), which Keystatic takes from the name or title field.
 * Keystatic hands the slug only to asset fields, hence the kind; no file is ever attached.
 */
import type { AssetFormField } from "@keystatic/core";

export function fromSlug(): AssetFormField<null, null, null> {
  return {
    kind: "form",
    formKind: "asset",
    Input: () => null,
    defaultValue: () => null,
    filename: () => undefined,
    parse: () => null,
    serialize: (_value, { slug }) => ({ value: slug, asset: undefined }),
    validate: (value) => value,
    reader: { parse: () => null },
  };
}
