/**
 * The editing screen's description of app/content/: one collection per folder, one singleton per
 * file, the fields in the files' own order (Keystatic writes them in this order) and their help
 * in docs/content.md's words. What the site derives from an id is never a field here.
 */
import { collection, config } from "@keystatic/core";

import { type ArtistList, artistUrl } from "#model/artist-lists.ts";

import { artistFields } from "./schema/artist-fields.ts";
import { reelFields } from "./schema/reel-fields.ts";
import { siteSingletons } from "./schema/site-singletons.ts";
import { previewUrl } from "./preview.ts";

const artistCollection = (label: string, folder: ArtistList) =>
  collection({
    label,
    path: `app/content/artists/${folder}/*`,
    slugField: "name",
    format: { contentField: "biography" },
    entryLayout: "form",
    // Keystatic's list always shows the file's name (the id) first: the artist's name beside it.
    columns: ["name", "title", "order"],
    previewUrl: previewUrl(artistUrl(folder, "{slug}")),
    schema: artistFields(folder),
  });

export default config({
  // This working copy, read and written by the editing server (edit/server/), which checks each save.
  storage: { kind: "local" },
  ui: {
    brand: { name: "Roster" },
    navigation: {
      Artists: ["directors", "photographers"],
      Reels: ["reels"],
      Pages: ["clients", "biography", "contact", "site"],
    },
  },
  collections: {
    directors: artistCollection("Directors", "directors"),
    photographers: artistCollection("Photographers", "photographers"),
    reels: collection({
      label: "Reels",
      path: "app/content/reels/*",
      slugField: "title",
      format: { contentField: "description" },
      entryLayout: "form",
      columns: ["title", "order"],
      previewUrl: previewUrl("/{slug}"),
      schema: reelFields(),
    }),
  },
  singletons: siteSingletons(),
});
