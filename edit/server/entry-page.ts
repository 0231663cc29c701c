/**
 * Where a save's entry is on the public site, for the link an editor follows once it is live: read
 * from the save's subject (save-subject.ts: "directors/theo-marchand: update", "reels/reel-2021:
 * create", "contact: update"), as the site's routes lay their pages out.
 */
import { artistUrl } from "#model/artist-lists.ts";

/** The page's path for a save's subject; a deleted artist or reel's list, since its own page is gone. */
export function entryPage(subject: string): string {
  const colon = subject.indexOf(":");
  const entry = colon < 0 ? subject : subject.slice(0, colon);
  const deleted = colon >= 0 && subject.slice(colon + 1).trim() === "delete";
  const [folder, id] = entry.split("/");
  switch (folder) {
    case "directors":
    case "photographers":
      return deleted || !id ? `/artists/${folder}` : artistUrl(folder, id);
    case "reels":
      // A reel is served at /{slug} (app/routes/$slug.tsx), as /collective-reels and the sitemap link it.
      return deleted || !id ? "/collective-reels" : `/${id}`;
    case "clients":
    case "biography":
    case "contact":
      return `/${folder}`;
    default:
      // site.yaml (the names, the navigation, the titles) shows on every page; the directors' grid is the front door.
      return "/artists/directors";
  }
}

/** The entry's page as a full address on the site at `origin`. */
export const entryLink = (subject: string, origin: string): string => new URL(entryPage(subject), origin).href;
