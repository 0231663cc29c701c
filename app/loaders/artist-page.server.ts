/** The artist's detail page's data (app/routes/artists.$type.$.tsx re-exports it: docs/architecture.md says why). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { site } from "#app/content/index.ts";
import { listOfUrlType } from "#model/artist-lists.ts";
import { findArtist, orNotFound } from "#app/lib/catalog.server.ts";

/**
 * /artists/:type/:id, where type is "film" or "photography". The id is the first segment of the
 * splat so that /artists/film/jane/anything can answer 301 to the canonical /artists/film/jane.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const [id = "", ...extra] = (params["*"] ?? "").split("/");
  // /artists/film alone names no artist: it is an unknown page like any other.
  if (id === "") throw redirect("/artists/directors", 302);
  const artist = orNotFound(findArtist(listOfUrlType(params.type ?? ""), id));
  if (extra.length > 0) throw redirect(artist.url, 301);
  return { artist, instagramBaseUrl: site.instagramBaseUrl };
}
