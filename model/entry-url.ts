/**
 * Where an entry of the content is on the public site: the one statement, in the model, of how the
 * site's routes (app/routes/) lay the entries' pages out, for the editing screen's "live" link.
 * An entry is named as the editing screen names it: a collection ("directors", "reels") and an id,
 * or a singleton ("contact", "biography", "site") alone.
 */
import { artistUrl } from "./artist-lists.ts";

/** One entry of the content: a collection's item (`id`), or a singleton (no id). */
export interface ContentEntry {
  collection: string;
  id?: string;
}

/** The page's path of `entry`; for a deleted artist or reel (`gone`), its list, since its own page is gone. */
export function entryPath({ collection, id }: ContentEntry, gone = false): string {
  switch (collection) {
    case "directors":
    case "photographers":
      // app/routes/artists.$type.$.tsx; the lists are artists.directors.tsx and artists.photographers.tsx.
      return gone || !id ? `/artists/${collection}` : artistUrl(collection, id);
    case "reels":
      // A reel is served at /{slug} (app/routes/$slug.tsx), as /collective-reels and the sitemap link it.
      return gone || !id ? "/collective-reels" : `/${id}`;
    case "clients":
    case "biography":
    case "contact":
      return `/${collection}`;
    default:
      // site.yaml (the names, the navigation, the titles) shows on every page; the directors' grid is the front door.
      return "/artists/directors";
  }
}

/** The entry's page as a full address on the site at `origin`. */
export const entryUrl = (entry: ContentEntry, origin: string, gone = false): string =>
  new URL(entryPath(entry, gone), origin).href;
