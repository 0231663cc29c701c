/**
 * Selects: an art buyer's shortlist of artists that lives in the URL, `/selects?artists=a,b,c`.
 * Pure helpers shared by the route's loader and the client code; they read no content, so the
 * client bundle does not carry the roster.
 */

export const SELECTS_PATH = "/selects";
/** At most this many artists are shown, and kept in the working list. */
export const MAX_SELECTS = 50;

/** The shape of an artist id (see the content schema's SLUG); anything else can match no artist. */
const ARTIST_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The ids a query asks for, in order, each once: every `artists` parameter (a repeated parameter
 * continues the list), split on commas, trimmed and lowercased. Tokens that are not id-shaped
 * (markup, NUL, an overlong string) are kept as `malformed` only to be counted.
 */
export function requestedSelects(params: URLSearchParams): { ids: string[]; malformed: number } {
  const ids = new Set<string>();
  const malformed = new Set<string>();
  for (const value of params.getAll("artists")) {
    for (const token of value.split(",")) {
      const id = token.trim().toLowerCase();
      if (id === "") continue;
      if (ARTIST_ID.test(id) && id.length <= 100) ids.add(id);
      else malformed.add(id);
    }
  }
  return { ids: [...ids], malformed: malformed.size };
}

export interface Selection<T> {
  /** The artists found, in the order asked, at most MAX_SELECTS. */
  found: T[];
  /** How many distinct ids asked for match no artist. */
  unknown: number;
  /** How many artists were found beyond MAX_SELECTS and left out. */
  overLimit: number;
}

/** Looks the query's ids up with `find`. */
export function resolveSelects<T>(params: URLSearchParams, find: (id: string) => T | undefined): Selection<T> {
  const { ids, malformed } = requestedSelects(params);
  const found: T[] = [];
  let unknown = malformed;
  for (const id of ids) {
    const artist = find(id);
    if (artist === undefined) unknown += 1;
    else found.push(artist);
  }
  return { found: found.slice(0, MAX_SELECTS), unknown, overLimit: Math.max(0, found.length - MAX_SELECTS) };
}

/** `/selects?artists=a,b`, or `/selects` for an empty list. Ids are slugs: nothing to escape. */
export function selectsPath(ids: readonly string[]): string {
  return ids.length === 0 ? SELECTS_PATH : `${SELECTS_PATH}?artists=${ids.join(",")}`;
}

/** `ids` with `id` added at the end (unless already there or the list is full). */
export function withSelect(ids: readonly string[], id: string): string[] {
  return ids.includes(id) || ids.length >= MAX_SELECTS ? [...ids] : [...ids, id];
}

export function withoutSelect(ids: readonly string[], id: string): string[] {
  return ids.filter((other) => other !== id);
}

/** `ids` with the one at `index` swapped with its neighbour `by` places away (−1 up, +1 down). */
export function moveSelect(ids: readonly string[], index: number, by: -1 | 1): string[] {
  const moved = [...ids];
  const target = index + by;
  if (index < 0 || target < 0 || target >= moved.length) return moved;
  [moved[index], moved[target]] = [moved[target], moved[index]];
  return moved;
}

export function sameSelects(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

/** A stored working list, whatever was stored: id-shaped strings, each once, at most MAX_SELECTS. */
export function storedSelects(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const ids = value.filter((id): id is string => typeof id === "string" && ARTIST_ID.test(id));
  return [...new Set(ids)].slice(0, MAX_SELECTS);
}

/** "1 artist", "3 artists". */
export function artistCount(count: number): string {
  return `${count} ${artistNoun(count)}`;
}

/** "artist" or "artists", as `count` asks. */
export function artistNoun(count: number): string {
  return count === 1 ? "artist" : "artists";
}
