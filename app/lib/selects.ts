/**
 * Selects (docs/selects.md): pure helpers for the loader and the client code. They read no content,
 * so the client bundle does not carry the roster.
 */

import { MAX_SELECTS } from "#model/analytics-event.ts";
import { isSlug } from "#model/content-files.ts";
import { SELECTS_PATH, shortlistEntries, shortlistPath } from "#model/shortlist-url.ts";

/** At most this many artists are shown, and kept in the working list (the endpoint's limit too). */
export { MAX_SELECTS, SELECTS_PATH };

/**
 * The ids a query asks for, in order, each once (docs/selects.md, "Rules for the query"); tokens
 * that are not id-shaped are only counted, as `malformed`.
 */
export function requestedSelects(params: URLSearchParams): { ids: string[]; malformed: number } {
  const entries = shortlistEntries(params);
  const ids = entries.filter(isSlug);
  return { ids, malformed: entries.length - ids.length };
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

/**
 * `/selects?artists=a,b`, or `/selects` for an empty list. With `search` (the words of an artist
 * search, see searchText), the page shows that search's matches too.
 */
export const selectsPath = (ids: readonly string[], search = ""): string => shortlistPath(ids, { search });

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
  const ids = value.filter(isSlug);
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

/** The resource route that answers an artist search as JSON (app/routes/selects_.search.ts). */
export const SELECTS_SEARCH_PATH = "/selects/search";
/** At most this many artists a search lists: a longer name narrows it. */
export const SEARCH_LIMIT = 12;
const SEARCH_LENGTH = 60;

/**
 * The words of an artist search as the page may show them back: letters, digits, spaces, hyphens
 * and apostrophes, at most 60 characters; nothing else from the query reaches the page.
 */
export function searchText(value: string | null | undefined): string {
  return (value ?? "")
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}'’ -]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, SEARCH_LENGTH)
    .trim();
}

/** Lowercase words without accents: "Zoë O’Hara" → ["zoe", "o", "hara"]. */
function searchWords(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export interface ArtistMatch {
  id: string;
  name: string;
  title: string;
}

/** A search's answer: its words, the first SEARCH_LIMIT matches, and how many more there are. */
export interface ArtistSearch<T extends ArtistMatch = ArtistMatch> {
  q: string;
  matches: T[];
  more: number;
}

/**
 * The artists of `roster` (in its order) not in `exclude` whose name or title has a word beginning
 * with each word of `query`: whole names first, then names, then titles ("dir" finds directors).
 */
export function searchArtists<T extends ArtistMatch>(
  roster: readonly T[],
  query: string,
  exclude: readonly string[] = [],
  limit = SEARCH_LIMIT,
): ArtistSearch<T> {
  const q = searchText(query);
  const terms = searchWords(q);
  if (terms.length === 0) return { q, matches: [], more: 0 };
  const excluded = new Set(exclude);
  const found: { artist: T; rank: number; index: number }[] = [];
  for (const [index, artist] of roster.entries()) {
    if (excluded.has(artist.id)) continue;
    const name = searchWords(artist.name);
    const words = [...name, ...searchWords(artist.title)];
    const matches = (list: string[]) => terms.every((term) => list.some((word) => word.startsWith(term)));
    if (!matches(words)) continue;
    const rank = name.join(" ") === terms.join(" ") ? 0 : matches(name) ? 1 : 2;
    found.push({ artist, rank, index });
  }
  found.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return { q, matches: found.slice(0, limit).map(({ artist }) => artist), more: Math.max(0, found.length - limit) };
}
