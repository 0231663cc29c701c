import type { MediaPlace } from "./media-kinds.ts";

/** The two lists of artists: the content's folders, the pages' grids, the media's places. */
export type ArtistList = "directors" | "photographers";

/** The `:type` segment of each list's detail URLs: the spec's words, which only the URLs keep. */
export const ARTIST_URL_TYPE = { directors: "film", photographers: "photography" } as const satisfies Record<
  ArtistList,
  string
>;

/** What an artist's file may give as her title, shown under her name: the content's shape and the editing screen's choices. */
export const ARTIST_TITLES = ["Photographer", "Director", "Photographer / Director", "CGI VFX 3D"] as const;

/** The place (model/media-kinds.ts) of each list's work thumbs. */
export const WORK_PLACE = { directors: "directorWork", photographers: "photographerWork" } as const satisfies Record<
  ArtistList,
  MediaPlace
>;

/**
 * The fields of an artist's file that only a director's may have: her grid clip's start and offset.
 * A photographer's tile is a photo, so the content check refuses them in her file
 * (model/shapes/artist-shape.ts) and the editing screen does not offer them.
 */
export const DIRECTOR_ONLY_FIELDS = ["clipStart", "cssVideoTop"] as const;

/** Whether an artist's file in `list` may have `field`. */
export const listHasField = (list: ArtistList, field: string) =>
  list === "directors" || !(DIRECTOR_ONLY_FIELDS as readonly string[]).includes(field);

/** An artist's detail URL, from their list and id. */
export const artistUrl = (list: ArtistList, id: string) => `/artists/${ARTIST_URL_TYPE[list]}/${id}`;

/** The list a detail URL's `:type` names ("photography" → photographers), if any. */
export function listOfUrlType(type: string): ArtistList | undefined {
  return (Object.keys(ARTIST_URL_TYPE) as ArtistList[]).find((list) => ARTIST_URL_TYPE[list] === type);
}

/**
 * What a list's grid shows of each artist (app/loaders/directors-page.server.ts and
 * photographers-page.server.ts give it no more), and so all of her that the page map keys her
 * list's page to (model/content-pages.ts): a word of her biography leaves the grid as it was.
 */
export const GRID_CARD_FIELDS = ["id", "name", "thumb", "mobileBG", "website", "url", "cssVideoTop"] as const;

type GridCardField = (typeof GRID_CARD_FIELDS)[number];

/** `artist`'s card on her list's grid: GRID_CARD_FIELDS of her, in that order. */
export const gridCard = <A extends { [Field in GridCardField]?: unknown }>(artist: A) =>
  Object.fromEntries(GRID_CARD_FIELDS.map((field) => [field, artist[field]])) as Pick<A, GridCardField & keyof A>;
