/**
 * A shortlist's URL (docs/selects.md): `/selects?artists=a,b,c`, with `&q=words` for an artist search
 * (the search form without JavaScript) or `&link=<token>` for a recipient link. Written by the site
 * (app/lib/selects.ts), the links the editing screen makes (edit/links/) and the figures it shows of
 * them; read back by the selects page, its analytics and the links page's pasted shortlist: one
 * spelling for all of them.
 */
import { LINK_PARAM, SELECTS_PATH } from "./analytics-event.ts";

/** The query parameter that lists the artists, comma-separated; it may be repeated. */
export const ARTISTS_PARAM = "artists";
/** The words of an artist search. */
export const SEARCH_PARAM = "q";

/**
 * The entries a shortlist's query names, as typed: every `artists` parameter split at commas, each
 * trimmed and lowercased, empty ones skipped, each once in the order first named. Whether an entry
 * is an artist's id is the reader's to say.
 */
export function shortlistEntries(params: URLSearchParams): string[] {
  const entries = params
    .getAll(ARTISTS_PARAM)
    .flatMap((value) => value.split(","))
    .map((entry) => entry.trim().toLowerCase());
  return [...new Set(entries.filter((entry) => entry !== ""))];
}

/**
 * The shortlist of `ids` as a path: `/selects?artists=a,b`, or `/selects` for none. Ids are slugs
 * and a token is base64url, so only a search's words need escaping.
 */
export function shortlistPath(ids: readonly string[], { search = "", token = "" } = {}): string {
  const query = [
    ...(ids.length > 0 ? [`${ARTISTS_PARAM}=${ids.join(",")}`] : []),
    ...(search ? [`${SEARCH_PARAM}=${encodeURIComponent(search)}`] : []),
    ...(token ? [`${LINK_PARAM}=${token}`] : []),
  ];
  return query.length === 0 ? SELECTS_PATH : `${SELECTS_PATH}?${query.join("&")}`;
}

/** The shortlist of `ids` on the site at `origin`, with a recipient link's token when one is given. */
export const shortlistUrl = (origin: string, ids: readonly string[], token?: string): string =>
  `${origin}${shortlistPath(ids, { token })}`;
