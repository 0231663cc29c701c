import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { type SelectedArtist, SelectsPage } from "~/components/selects-page";
import { artists, site } from "~/content";
import type { Artist } from "~/content/types";
import { findArtistById } from "~/lib/catalog";
import { MAX_SELECTS, resolveSelects, searchText, selectsPath } from "~/lib/selects";
import { searchRoster } from "~/lib/selects-search.server";
import { selectsMeta } from "~/lib/seo";
import { SITE_URL } from "~/lib/site-url.server";

function selectedArtist(artist: Artist): SelectedArtist {
  const { id, name, title, biography, website, instagram, url } = artist;
  const image: SelectedArtist["image"] = (artists.film as readonly Artist[]).includes(artist)
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

export default function Selects() {
  return <SelectsPage {...useLoaderData<typeof loader>()} />;
}

export const meta = selectsMeta;

/** A shortlist is somebody's, not a page to find in a search engine (the meta tag says so too). */
export const headers = () => ({ "X-Robots-Tag": "noindex" });
