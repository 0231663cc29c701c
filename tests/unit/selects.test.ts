import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";

import { artists } from "~/content";
import {
  MAX_SELECTS,
  moveSelect,
  requestedSelects,
  resolveSelects,
  selectsPath,
  storedSelects,
  withoutSelect,
  withSelect,
} from "~/lib/selects";
import { loader } from "~/routes/selects";

const roster = [...artists.film, ...artists.photographers];
const [first, second, third] = roster;

function load(query: string) {
  const args: LoaderFunctionArgs = {
    request: new Request(`http://localhost/selects${query}`),
    params: {},
    context: {},
  };
  return loader(args);
}

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

  it("reads back only a valid stored list", () => {
    expect(storedSelects({ ids })).toEqual([]);
    expect(storedSelects([first.id, 3, "<b>", first.id, second.id])).toEqual([first.id, second.id]);
  });
});

describe("selects loader", () => {
  it("returns the artists in order with the unknown count and a normalised share link", () => {
    const data = load(`?artists=${second.id},nobody,${first.id},${second.id}`);
    expect(data.artists.map((artist) => artist.id)).toEqual([second.id, first.id]);
    expect(data.unknown).toBe(1);
    expect(data.shareUrl).toMatch(new RegExp(`/selects\\?artists=${second.id},${first.id}$`));
  });

  it("shows each artist's own kind of still", () => {
    const data = load(`?artists=${artists.film[0].id},${artists.photographers[0].id}`);
    expect(data.artists.map((artist) => artist.image)).toEqual([
      { kind: "directorStill", src: artists.film[0].mobileBG },
      { kind: "photographerDesktop", src: artists.photographers[0].thumb },
    ]);
  });

  it("answers an empty or hostile query with an empty list", () => {
    for (const query of ["", "?artists=", "?artists=%00", "?artists=%3Cscript%3E", "?other=1", "?artists=%"]) {
      expect(load(query).artists, query).toEqual([]);
    }
  });
});
