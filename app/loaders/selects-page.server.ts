/** The selects page's data (app/routes/selects.tsx re-exports it: docs/architecture.md says why). */
import type { LoaderFunctionArgs } from "@remix-run/node";

import type { SelectedArtist } from "#app/components/selected-artist-entry.tsx";
import { artists, site } from "#app/content/index.ts";
import type { Artist } from "#app/content/types.ts";
import { findArtistById } from "#app/lib/catalog.server.ts";
import { MAX_SELECTS, resolveSelects, searchText, selectsPath } from "#app/lib/selects.ts";
import { searchRoster } from "#app/lib/selects-search.server.ts";
import { SITE_URL } from "#app/lib/site-url.server.ts";

function selectedArtist(artist: Artist): SelectedArtist {
  const { id, name, title, biography, website, instagram, url } = artist;
  const image: SelectedArtist["image"] = (artists.directors as readonly Artist[]).includes(artist)
    ? { kind: "directorStill", src: artist.mobileBG }
    : { kind: "photographerDesktop", src: artist.thumb };
  return { id, name, title, biography, website, instagram, url, image };
}

/**
 * /selects?artists=a,b,c: the artists a link names, in its order; unknown or malformed ids are only
 * counted. `&q=words` adds an artist search's matches (the search form without JavaScript).
 */
export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const selection = resolveSelects(params, findArtistById);
  const selected = selection.found.map(selectedArtist);
  const ids = selected.map((artist) => artist.id);
  const q = searchText(params.get("q"));
  return {
    artists: selected,
    unknown: selection.unknown,
    overLimit: selection.overLimit,
    search: q && ids.length < MAX_SELECTS ? searchRoster(q, ids) : null,
    siteUrl: SITE_URL,
    shareUrl: `${SITE_URL}${selectsPath(ids)}`,
    agencyName: site.agencyName,
    instagramBaseUrl: site.instagramBaseUrl,
  };
}
