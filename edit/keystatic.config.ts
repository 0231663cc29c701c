/**
 * The editing screen's description of app/content/: one collection per folder, one singleton per
 * file, the fields in the files' own order (Keystatic writes them in this order) and their help
 * in docs/content.md's words. What the site derives from an id is never a field here.
 */
import { collection, config } from "@keystatic/core";

import { artistFields } from "./schema/artist-fields";
import { reelFields } from "./schema/reel-fields";
import { siteSingletons } from "./schema/site-singletons";
import { previewUrl } from "./preview";
import { storage } from "./storage";

const artistCollection = (label: string, folder: "film" | "photographers") =>
  collection({
    label,
    path: `app/content/artists/${folder}/*`,
    slugField: "name",
    format: { contentField: "biography" },
    entryLayout: "form",
    columns: ["order", "title"],
    previewUrl: previewUrl(folder === "film" ? "/artists/film/{slug}" : "/artists/photography/{slug}"),
    schema: artistFields(folder),
  });

export default config({
  storage,
  ui: {
    brand: { name: "Roster" },
    navigation: {
      Artists: ["directors", "photographers"],
      Reels: ["reels"],
      Pages: ["clients", "biography", "contact", "site"],
    },
  },
  collections: {
    directors: artistCollection("Directors", "film"),
    photographers: artistCollection("Photographers", "photographers"),
    reels: collection({
      label: "Reels",
      path: "app/content/reels/*",
      slugField: "title",
      format: { contentField: "description" },
      entryLayout: "form",
      columns: ["order"],
      previewUrl: previewUrl("/{slug}"),
      schema: reelFields(),
    }),
  },
  singletons: siteSingletons(),
});
