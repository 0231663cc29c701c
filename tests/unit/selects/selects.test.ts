import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";

import { artists } from "#app/content/index.ts";
import {
  MAX_SELECTS,
  moveSelect,
  requestedSelects,
  resolveSelects,
  SEARCH_LIMIT,
  searchArtists,
  searchText,
  selectsPath,
  storedSelects,
  withoutSelect,
  withSelect,
} from "#app/lib/selects.ts";
import { loader } from "#app/routes/selects.tsx";
import { loader as searchLoader } from "#app/routes/selects_.search.ts";

const roster = [...artists.directors, ...artists.photographers];
const [first, second, third] = roster;

/** The loader's data for `/selects<query>`, as the page receives it. */
async function load(query: string) {
  return (await loader(loaderArgs(`/selects${query}`))).json();
}

function loaderArgs(path: string): LoaderFunctionArgs {
  return { request: new Request(`http://localhost${path}`), params: {}, context: {} };
}

/** A made-up roster for the search: names with accents, apostrophes, shared first names and numbers. */
const people = [
  { id: "mira-castell", name: "Mira Castell", title: "Director" },
  { id: "zoe-ohara", name: "Zoë O’Hara", title: "Photographer" },
  { id: "mira-castell-2", name: "Mira Castell 2", title: "Director" },
  { id: "mira-castell-27", name: "Mira Castell 27", title: "Director" },
  { id: "amira-stone", name: "Amira Stone", title: "Photographer / Director" },
  { id: "castell-studio", name: "Castell Studio", title: "CGI VFX 3D" },
];
const found = (query: string, exclude: string[] = [], limit?: number) =>
  searchArtists(people, query, exclude, limit).matches.map((artist) => artist.id);

describe("reading a selects query", () => {
  it("keeps the order, collapses repeats and continues the list across repeated parameters", () => {
    const params = new URLSearchParams(`artists=${third.id},${first.id}&artists=${third.id},${second.id}`);
    expect(requestedSelects(params).ids).toEqual([third.id, first.id, second.id]);
  });

  it("trims, lowercases and skips empty entries", () => {
    expect(requestedSelects(new URLSearchParams(`artists=, ${first.id.toUpperCase()} ,,`)).ids).toEqual([first.id]);
  });

  it("counts markup, NUL and other malformed entries once each, and keeps none of them", () => {
    const params = new URLSearchParams();
    params.append("artists", `<script>alert(1)</script>,${first.id}\u0000,\u0000,<script>alert(1)</script>`);
    expect(requestedSelects(params)).toEqual({ ids: [], malformed: 3 });
  });
});

describe("resolving a selection", () => {
  it("drops and counts unknown ids", () => {
    const selection = resolveSelects(new URLSearchParams(`artists=${first.id},nobody,${second.id},nobody`), (id) =>
      roster.find((artist) => artist.id === id),
    );
    expect(selection.found.map((artist) => artist.id)).toEqual([first.id, second.id]);
    expect(selection.unknown).toBe(1);
    expect(selection.overLimit).toBe(0);
  });

  it(`shows at most ${MAX_SELECTS} and counts the rest`, () => {
    const ids = Array.from({ length: MAX_SELECTS + 7 }, (_, index) => `artist-${index}`);
    const selection = resolveSelects(new URLSearchParams(`artists=${ids.join(",")}`), (id) => ({ id }));
    expect(selection.found.map((artist) => artist.id)).toEqual(ids.slice(0, MAX_SELECTS));
    expect(selection.overLimit).toBe(7);
  });

  it("reads 4,000 ids", () => {
    const ids = Array.from({ length: 4_000 }, (_, index) => index.toString(36));
    const selection = resolveSelects(new URLSearchParams(`artists=${ids.join(",")},${first.id}`), (id) =>
      roster.find((artist) => artist.id === id),
    );
    expect(selection.found).toEqual([first]);
    expect(selection.unknown).toBe(4_000);
  });
});

describe("editing a list", () => {
  const ids = [first.id, second.id, third.id];

  it("adds at the end, once, and never past the limit", () => {
    expect(withSelect([first.id], second.id)).toEqual([first.id, second.id]);
    expect(withSelect(ids, first.id)).toEqual(ids);
    const full = Array.from({ length: MAX_SELECTS }, (_, index) => `a${index}`);
    expect(withSelect(full, "one-more")).toEqual(full);
  });

  it("removes and moves", () => {
    expect(withoutSelect(ids, second.id)).toEqual([first.id, third.id]);
    expect(moveSelect(ids, 1, -1)).toEqual([second.id, first.id, third.id]);
    expect(moveSelect(ids, 1, 1)).toEqual([first.id, third.id, second.id]);
    expect(moveSelect(ids, 0, -1)).toEqual(ids);
    expect(moveSelect(ids, 2, 1)).toEqual(ids);
  });

  it("writes the link with commas, and /selects alone for no list", () => {
    expect(selectsPath(ids)).toBe(`/selects?artists=${ids.join(",")}`);
    expect(selectsPath([])).toBe("/selects");
  });

  it("carries a search's words, escaped, after the list", () => {
    expect(selectsPath([first.id], "zoë o’hara")).toBe(`/selects?artists=${first.id}&q=zo%C3%AB%20o%E2%80%99hara`);
    expect(selectsPath([], "mira")).toBe("/selects?q=mira");
  });

  it("reads back only a valid stored list", () => {
    expect(storedSelects({ ids })).toEqual([]);
    expect(storedSelects([first.id, 3, "<b>", first.id, second.id])).toEqual([first.id, second.id]);
  });
});

describe("searching the roster", () => {
  it("finds every word at the start of a word of the name, whole names first, then the roster's order", () => {
    expect(found("mira")).toEqual(["mira-castell", "mira-castell-2", "mira-castell-27"]);
    expect(found("castell mi")).toEqual(["mira-castell", "mira-castell-2", "mira-castell-27"]);
    expect(found("mira castell 2")).toEqual(["mira-castell-2", "mira-castell-27"]);
    expect(found("Castell")).toEqual(["mira-castell", "mira-castell-2", "mira-castell-27", "castell-studio"]);
  });

  it("ignores case and accents, and finds titles after names", () => {
    expect(found("ZOE")).toEqual(["zoe-ohara"]);
    expect(found("o’hara")).toEqual(["zoe-ohara"]);
    expect(found("photo")).toEqual(["zoe-ohara", "amira-stone"]);
    expect(found("dir")).toEqual(["mira-castell", "mira-castell-2", "mira-castell-27", "amira-stone"]);
  });

  it("leaves out the artists already chosen, lists at most the limit and counts the rest", () => {
    expect(found("mira", ["mira-castell-2"])).toEqual(["mira-castell", "mira-castell-27"]);
    expect(searchArtists(people, "castell", [], 2)).toEqual({
      q: "castell",
      matches: [people[0], people[2]],
      more: 2,
    });
  });

  it("finds nothing for no words", () => {
    for (const query of ["", "   ", "<>", "%%%"])
      expect(searchArtists(people, query)).toEqual({ q: "", matches: [], more: 0 });
  });

  it("keeps only letters, digits, spaces, hyphens and apostrophes of what it shows back", () => {
    expect(searchText('<script>alert("x")</script>')).toBe("script alert x script");
    expect(searchText("  Zoë\u0000  O’Hara-Smith ")).toBe("Zoë O’Hara-Smith");
    expect(searchText("a".repeat(500))).toHaveLength(60);
    expect(searchText(null)).toBe("");
  });
});

describe("selects loader", () => {
  it("returns the artists in order with the unknown count and a normalised share link", async () => {
    const data = await load(`?artists=${second.id},nobody,${first.id},${second.id}`);
    expect(data.artists.map((artist) => artist.id)).toEqual([second.id, first.id]);
    expect(data.unknown).toBe(1);
    expect(data.shareUrl).toMatch(new RegExp(`/selects\\?artists=${second.id},${first.id}$`));
  });

  it("shows each artist's own kind of still", async () => {
    const data = await load(`?artists=${artists.directors[0].id},${artists.photographers[0].id}`);
    expect(data.artists.map((artist) => artist.image)).toEqual([
      { kind: "directorStill", src: artists.directors[0].mobileBG },
      { kind: "photographerDesktop", src: artists.photographers[0].thumb },
    ]);
  });

  it("answers an empty or hostile query with an empty list", async () => {
    for (const query of ["", "?artists=", "?artists=%00", "?artists=%3Cscript%3E", "?other=1", "?artists=%"]) {
      expect((await load(query)).artists, query).toEqual([]);
    }
  });
});

describe("the page's search and the search route", () => {
  it("carry a search's matches only when asked, never the roster", async () => {
    const page = await load(`?artists=${first.id}`);
    expect(page.search).toBeNull();
    expect(JSON.stringify(page)).not.toContain(`"${second.id}"`);
  });

  it("answer the same matches, without the chosen artists, at most SEARCH_LIMIT", async () => {
    const word = first.name.split(" ")[0];
    const page = await load(`?artists=${second.id}&q=${encodeURIComponent(word)}`);
    const route = await searchLoader(
      loaderArgs(`/selects/search?artists=${second.id}&q=${encodeURIComponent(word)}`),
    ).json();
    expect(page.search).toEqual(route);
    expect(route.q).toBe(word);
    expect(route.matches.map((artist: { id: string }) => artist.id)).toContain(first.id);
    expect(route.matches.map((artist: { id: string }) => artist.id)).not.toContain(second.id);
    expect(route.matches.length).toBeLessThanOrEqual(SEARCH_LIMIT);
  });

  it("the route is not for search engines", () => {
    const response = searchLoader(loaderArgs("/selects/search?q=a"));
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  });
});
