/**
 * A shortlist's URL (docs/selects.md): `/selects?artists=a,b,c`, with `&q=words` for an artist search
 * (the search form without JavaScript) or `&link=<token>` for a recipient link. Written by the site
 * (app/lib/selects.ts), the links the editing screen makes (edit/app/loaders/links.server.ts) and the figures it shows of
 * them; read back by the selects page, its analytics and the links page's pasted shortlist: one
 * spelling for all of them.
 */
/** The shortlist page (app/routes/selects.tsx): its URL is the list. */
export const SELECTS_PATH = "/selects";
/** The query parameter that lists the artists, comma-separated; it may be repeated. */
export const ARTISTS_PARAM = "artists";
/** The words of an artist search. */
export const SEARCH_PARAM = "q";

/**
 * A recipient link (docs/privacy.md, "Links for one buyer"): a shortlist's URL with this parameter,
 * `/selects?artists=…&link=<token>`. Its token is LINK_TOKEN_BYTES random bytes in base64url, never
 * derived from the recipient's name; what was done in the visit it opens is counted for that link,
 * when the operator turned links on (ANALYTICS_RECIPIENT_LINKS=on) and the link is neither revoked
 * nor expired.
 */
export const LINK_PARAM = "link";
/** A link's token's random bytes (analytics/link-store.ts makes it). */
export const LINK_TOKEN_BYTES = 16;
/** A link's token's length: its bytes in base64url, unpadded. */
export const LINK_TOKEN_LENGTH = Math.ceil((LINK_TOKEN_BYTES * 4) / 3);
/** A link's token's shape: LINK_TOKEN_LENGTH base64url characters. */
export const LINK_TOKEN = new RegExp(`^[A-Za-z0-9_-]{${LINK_TOKEN_LENGTH}}$`);
export const isLinkToken = (value: unknown): value is string => typeof value === "string" && LINK_TOKEN.test(value);

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
