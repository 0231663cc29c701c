/** The selects page's data (app/routes/selects.tsx re-exports it: docs/architecture.md says why). */
import { type AppLoadContext, json, type LoaderFunctionArgs } from "@remix-run/node";

import type { SelectedArtist } from "#app/components/selected-artist-entry.tsx";
import { artists, site } from "#app/content/index.ts";
import type { Artist } from "#app/content/types.ts";
import { findArtistById } from "#app/lib/catalog.server.ts";
import { MAX_SELECTS, resolveSelects, searchText, selectsPath } from "#app/lib/selects.ts";
import { searchRoster } from "#app/lib/selects-search.server.ts";
import { SITE_URL } from "#app/lib/site-url.server.ts";
import { isLinkToken, LINK_PARAM } from "#model/shortlist-url.ts";

/**
 * A page whose URL carries a `link` is one buyer's visit, whatever the token and the store say of
 * it: no shared cache (a CDN, Varnish), no browser nor the page cache may keep it. A token the
 * store did not confirm in time must not leave a copy without the notice under its URL.
 */
const RECIPIENT_CACHE_CONTROL = "private, no-store";

function selectedArtist(artist: Artist): SelectedArtist {
  const { id, name, title, biography, website, instagram, url } = artist;
  const image: SelectedArtist["image"] = (artists.directors as readonly Artist[]).includes(artist)
    ? { kind: "directorStill", src: artist.mobileBG }
    : { kind: "photographerDesktop", src: artist.thumb };
  return { id, name, title, biography, website, instagram, url, image };
}

/**
 * Whether the page's `link` names a recipient link that counts now, as the server says
 * (app/load-context.d.ts). A malformed token never reaches the store; without the server's word (a
 * unit test) the answer is no.
 */
async function recipientLinkActive(token: string | null, context: AppLoadContext): Promise<boolean> {
  return isLinkToken(token) && context.recipientLink !== undefined && (await context.recipientLink(token));
}

/**
 * /selects?artists=a,b,c: the artists a link names, in its order; unknown or malformed ids are only
 * counted. `&q=words` adds an artist search's matches (the search form without JavaScript).
 * `&link=<token>`, a recipient link that counts now, adds the notice that says so (docs/privacy.md);
 * any `link` at all keeps the page out of every cache, and `recipientNotice` is what the page's
 * analytics read to send the token with its events: only when the notice is shown.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const selection = resolveSelects(params, findArtistById);
  const selected = selection.found.map(selectedArtist);
  const ids = selected.map((artist) => artist.id);
  const q = searchText(params.get("q"));
  const link = params.get(LINK_PARAM);
  const recipientNotice = await recipientLinkActive(link, context);
  const data = {
    artists: selected,
    unknown: selection.unknown,
    overLimit: selection.overLimit,
    search: q && ids.length < MAX_SELECTS ? searchRoster(q, ids) : null,
    siteUrl: SITE_URL,
    shareUrl: `${SITE_URL}${selectsPath(ids)}`,
    agencyName: site.agencyName,
    instagramBaseUrl: site.instagramBaseUrl,
    recipientNotice,
  };
  return json(data, link === null ? undefined : { headers: { "Cache-Control": RECIPIENT_CACHE_CONTROL } });
}
