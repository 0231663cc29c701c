/** An artist search over the whole roster, for the selects page's loader and its search route. */
import { artists } from "#app/content/index.ts";

import { type ArtistMatch, type ArtistSearch, searchArtists } from "./selects.ts";

const ROSTER: ArtistMatch[] = [...artists.directors, ...artists.photographers].map(({ id, name, title }) => ({
  id,
  name,
  title,
}));

/** The artists whose name or title matches `query`, leaving out those already in `selected`. */
export function searchRoster(query: string, selected: readonly string[]): ArtistSearch {
  return searchArtists(ROSTER, query, selected);
}
