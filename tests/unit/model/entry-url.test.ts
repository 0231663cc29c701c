/**
 * The entry's public URL (model/entry-url.ts) against paths written by hand, each beside the route
 * module of app/routes/ that serves it: the routes are the truth, and a renamed route fails here.
 */
import { existsSync } from "node:fs";
import path from "node:path";

import { describe, expect, test } from "vitest";

import { type ContentEntry, entryPath, entryUrl } from "#model/entry-url.ts";

const ROUTES = path.join(import.meta.dirname, "../../../app/routes");

/** Each entry, whether it was deleted, the path by hand, and the route module that answers that path. */
const CASES: [ContentEntry, boolean, string, string][] = [
  [{ collection: "directors", id: "theo-marchand" }, false, "/artists/film/theo-marchand", "artists.$type.$.tsx"],
  [{ collection: "photographers", id: "clara-wren" }, false, "/artists/photography/clara-wren", "artists.$type.$.tsx"],
  [{ collection: "reels", id: "reel-2021" }, false, "/reel-2021", "$slug.tsx"],
  [{ collection: "clients" }, false, "/clients", "clients.tsx"],
  [{ collection: "biography" }, false, "/biography", "biography.tsx"],
  [{ collection: "contact" }, false, "/contact", "contact.tsx"],
  [{ collection: "site" }, false, "/artists/directors", "artists.directors.tsx"],
  // A deleted artist's or reel's page is gone: its list instead.
  [{ collection: "directors", id: "ada-rowe" }, true, "/artists/directors", "artists.directors.tsx"],
  [{ collection: "photographers", id: "clara-wren" }, true, "/artists/photographers", "artists.photographers.tsx"],
  [{ collection: "reels", id: "reel-2021" }, true, "/collective-reels", "collective-reels.tsx"],
];

describe("an entry's page on the public site", () => {
  test.each(CASES)("%o (deleted: %s) is %s, served by app/routes/%s", (entry, gone, page, route) => {
    expect(entryPath(entry, gone)).toBe(page);
    expect(existsSync(path.join(ROUTES, route)), route).toBe(true);
  });

  test("as a full address on the site's origin", () => {
    const entry = { collection: "directors", id: "theo-marchand" };
    expect(entryUrl(entry, "https://www.calloway.example")).toBe(
      "https://www.calloway.example/artists/film/theo-marchand",
    );
  });
});
