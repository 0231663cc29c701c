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
  const film = (artists.film as readonly Artist[]).includes(artist);
  return {
    id: artist.id,
    name: artist.name,
    title: artist.title,
    biography: artist.biography,
    website: artist.website,
    instagram: artist.instagram,
    url: artist.url,
    image: film ? { kind: "directorStill", src: artist.mobileBG } : { kind: "photographerDesktop", src: artist.thumb },
  };
}

/**
 * /selects?artists=a,b,c: the artists a link names, in its order. Whatever the query holds, the
 * page is a 200 with what could be read: unknown or malformed ids are only counted, never shown.
 * `&q=words` adds an artist search's matches (the search form without JavaScript): the page
 * carries the chosen artists and at most a search's few matches, never the whole roster.
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
