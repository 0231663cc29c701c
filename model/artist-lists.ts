import type { MediaPlace } from "./media-kinds.ts";

/** The two lists of artists: the content's folders, the pages' grids, the media's places. */
export type ArtistList = "directors" | "photographers";

/** The `:type` segment of each list's detail URLs: the spec's words, which only the URLs keep. */
export const ARTIST_URL_TYPE = { directors: "film", photographers: "photography" } as const satisfies Record<
  ArtistList,
  string
>;

/** The place (model/media-kinds.ts) of each list's work thumbs. */
export const WORK_PLACE = { directors: "directorWork", photographers: "photographerWork" } as const satisfies Record<
  ArtistList,
  MediaPlace
>;

/** An artist's detail URL, from their list and id. */
export const artistUrl = (list: ArtistList, id: string) => `/artists/${ARTIST_URL_TYPE[list]}/${id}`;

/** The list a detail URL's `:type` names ("photography" → photographers), if any. */
export function listOfUrlType(type: string): ArtistList | undefined {
  return (Object.keys(ARTIST_URL_TYPE) as ArtistList[]).find((list) => ARTIST_URL_TYPE[list] === type);
}
