import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import {
  artistCount,
  type ArtistSearch,
  SELECTS_PATH,
  SELECTS_SEARCH_PATH,
  searchText,
  selectsPath,
  withSelect,
} from "#app/lib/selects.ts";

import { OUTLINE_BUTTON } from "./outline-button.ts";

/** How long typing pauses before the search is asked for. */
const TYPING_PAUSE_MS = 150;

/**
 * Adds artists by a search of the roster, so the page never carries the whole roster: the form
 * reloads the page with `&q=` without JavaScript, and asks the search route as one types with it.
 */
export function AddArtists({ ids, search }: { ids: string[]; search: ArtistSearch | null }) {
  const fetcher = useFetcher<ArtistSearch>();
  const [query, setQuery] = useState(search?.q ?? "");
  const [shown, setShown] = useState(search);
  const [announcement, setAnnouncement] = useState("");
  const timer = useRef<number | undefined>(undefined);
  const results = useRef<HTMLUListElement>(null);
  const field = useRef<HTMLInputElement>(null);
  /** The place in the matches of the artist just added: focus goes to the match that takes it. */
  const added = useRef<number | null>(null);

  // The latest answer wins: the page's (a search without scripts, or an artist added) or the route's.
  useEffect(() => {
    if (search) setShown(search);
  }, [search]);
  useEffect(() => {
    // An answer for words since cleared or changed is dropped.
    if (fetcher.data && fetcher.data.q === searchText(query)) setShown(fetcher.data);
    // Only a new answer is news; the words it is checked against are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  useEffect(() => {
    const index = added.current;
    added.current = null;
    if (index === null) return;
    const links = results.current?.querySelectorAll<HTMLElement>("a") ?? [];
    (links[Math.min(index, links.length - 1)] ?? field.current)?.focus();
  }, [ids]);

  const find = (value: string, wait: number) => {
    window.clearTimeout(timer.current);
    const q = searchText(value);
    if (q === "") {
      setShown(null);
      return;
    }
    const params = new URLSearchParams({ q, artists: ids.join(",") });
    timer.current = window.setTimeout(() => fetcher.load(`${SELECTS_SEARCH_PATH}?${params}`), wait);
  };

  const q = shown?.q ?? "";
  const matches = (shown?.matches ?? []).filter((artist) => !ids.includes(artist.id));
  return (
    <section aria-labelledby="add-artists" className="mt-16 border-t border-line pt-10">
      <h2 id="add-artists" className="text-xs font-medium uppercase tracking-label text-muted">
        Add artists
      </h2>
      <Form
        method="get"
        action={SELECTS_PATH}
        onSubmit={(event) => {
          // With scripts the matches are fetched in place; the page stays as it is.
          event.preventDefault();
          find(query, 0);
        }}
        className="mt-6 max-w-2xl"
      >
        {ids.length > 0 && <input type="hidden" name="artists" value={ids.join(",")} />}
        <label htmlFor="artist-search" className="block text-sm text-muted">
          Find an artist by name
        </label>
        <div className="mt-2 flex gap-3">
          <input
            ref={field}
            id="artist-search"
            type="search"
            name="q"
            value={query}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
              find(event.currentTarget.value, TYPING_PAUSE_MS);
            }}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={60}
            aria-describedby="artist-search-status"
            className="min-w-0 flex-1 border-b border-line bg-transparent py-2 text-paper placeholder:text-muted focus:border-paper"
          />
          <button type="submit" className={OUTLINE_BUTTON}>
            Search
          </button>
        </div>
      </Form>
      <p id="artist-search-status" role="status" className="mt-4 text-sm text-muted">
        {shown && <SearchSummary q={q} count={matches.length} more={shown.more} />}
      </p>
      {matches.length > 0 && (
        <ul ref={results} className="mt-4 max-w-2xl space-y-1">
          {matches.map((artist, index) => (
            <li key={artist.id} className="flex flex-wrap items-baseline gap-x-3">
              <Link
                to={selectsPath(withSelect(ids, artist.id), q)}
                replace
                preventScrollReset
                onClick={() => {
                  added.current = index;
                  setAnnouncement(`${artist.name} added.`);
                }}
                className="inline-flex min-h-6 items-center gap-2 hover:text-muted"
              >
                <span aria-hidden="true">+</span>
                <span className="sr-only">Add </span>
                {artist.name}
              </Link>
              <span className="text-xs uppercase tracking-label text-muted">{artist.title}</span>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <p data-script-only className="mt-8 max-w-2xl text-sm text-muted">
        Or browse the{" "}
        <Link to="/artists/directors" className="underline underline-offset-4 hover:text-paper">
          Directors
        </Link>{" "}
        and{" "}
        <Link to="/artists/photographers" className="underline underline-offset-4 hover:text-paper">
          Photographers
        </Link>
        : “Add to selects” under each artist adds to your list on this device.
      </p>
    </section>
  );
}

function SearchSummary({ q, count, more }: { q: string; count: number; more: number }) {
  if (count === 0) return <>No artist to add matches “{q}”.</>;
  const total = count + more;
  return (
    <>
      {artistCount(total)} {total === 1 ? "matches" : "match"} “{q}”
      {more > 0 ? `: the first ${count} are listed; type more of the name to narrow it.` : "."}
    </>
  );
}
