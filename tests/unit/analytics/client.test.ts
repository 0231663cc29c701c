/** What a reel's progress event says of a play, from hand-written `played` ranges and hand-counted answers. */
import { describe, expect, it } from "vitest";

import { mergeRanges, playedSeconds, twentieths, watchedSpots } from "#app/analytics/coverage.ts";
import { reelChapters } from "#app/reel/timeline.ts";

const NONE = "00000000000000000000";

describe("seconds played", () => {
  it("count an overlap once, join touching ranges, and leave out empty or backward ones", () => {
    expect(playedSeconds([])).toBe(0);
    expect(playedSeconds([[0, 2]])).toBe(2);
    expect(
      playedSeconds([
        [0, 2],
        [1, 3],
      ]),
    ).toBe(3);
    expect(
      mergeRanges([
        [5, 6],
        [0, 2],
        [1.5, 2.5],
        [2.5, 3],
        [4, 4],
        [8, 7],
      ]),
    ).toEqual([
      [0, 3],
      [5, 6],
    ]);
    expect(
      playedSeconds([
        [5, 6],
        [0, 2],
        [1.5, 2.5],
        [2.5, 3],
        [8, 7],
      ]),
    ).toBe(4);
    expect(
      playedSeconds([
        [1, 4],
        [2, 3],
      ]),
    ).toBe(3);
  });
});

describe("twentieths", () => {
  it("mark each part of which at least half was played", () => {
    // A 20 s film: a part is a second.
    expect(twentieths([[0, 2]], 20)).toBe("11000000000000000000");
    expect(twentieths([[0, 20]], 20)).toBe("11111111111111111111");
    expect(twentieths([], 20)).toBe(NONE);
    // A 30 s film: a part is 1.5 s, and 2 s covers the second part by a third.
    expect(twentieths([[0, 2]], 30)).toBe("10000000000000000000");
  });

  it("count a half exactly as played, and a hair less as not", () => {
    expect(twentieths([[0, 0.5]], 20)).toBe("10000000000000000000");
    expect(twentieths([[0, 0.49]], 20)).toBe(NONE);
    // Half of two parts at once.
    expect(twentieths([[2.5, 3.5]], 20)).toBe("00110000000000000000");
    // 30 / 20 parts: [3, 4.5] and [10.5, 12], each played to its middle.
    expect(
      twentieths(
        [
          [3, 3.75],
          [10.5, 11.25],
        ],
        30,
      ),
    ).toBe("00100001000000000000");
  });

  it("count overlapping ranges once", () => {
    // 0.3 s and 0.3 s of a 1 s part, overlapping by 0.2 s: 0.4 s played, less than half.
    expect(
      twentieths(
        [
          [3, 3.3],
          [3.1, 3.4],
        ],
        20,
      ),
    ).toBe(NONE);
    expect(
      twentieths(
        [
          [3, 3.3],
          [3.2, 3.5],
        ],
        20,
      ),
    ).toBe("00010000000000000000");
  });

  it("ignore what lies past the film's end, and mark nothing of a film of no length", () => {
    expect(twentieths([[9, 12]], 10)).toBe("00000000000000000011");
    expect(twentieths([], 0)).toBe(NONE);
    expect(twentieths([[0, 0]], 0)).toBe(NONE);
    expect(twentieths([[0, 3]], 0)).toBe(NONE);
  });
});

describe("the spots watched", () => {
  const spots = [
    { start: 0, end: 6, artist: "mira-castell" },
    { start: 6, end: 12, artist: "parallax-foundry" },
    { start: 12, end: 18, artist: "juno-adeyemi" },
    { start: 18, end: 24, artist: "mira-castell" },
  ];

  it("name the artists with at least half of one of their spots played", () => {
    expect(watchedSpots([], spots)).toBe("");
    expect(watchedSpots([[0, 2]], spots)).toBe("");
    expect(watchedSpots([[0, 3]], spots)).toBe("mira-castell");
    expect(watchedSpots([[0, 2.99]], spots)).toBe("");
    expect(watchedSpots([[4, 9]], spots)).toBe("parallax-foundry");
    expect(
      watchedSpots(
        [
          [19, 22],
          [9, 10],
        ],
        spots,
      ),
    ).toBe("mira-castell");
  });

  it("sort them and name each once", () => {
    expect(watchedSpots([[0, 24]], spots)).toBe("juno-adeyemi,mira-castell,parallax-foundry");
    expect(
      watchedSpots(
        [[0, 12]],
        [
          { start: 0, end: 6, artist: "zed" },
          { start: 6, end: 12, artist: "ana" },
        ],
      ),
    ).toBe("ana,zed");
  });

  it("count overlapping ranges once, and never a spot of no length", () => {
    expect(
      watchedSpots(
        [
          [0, 2],
          [1, 2.9],
        ],
        spots,
      ),
    ).toBe("");
    expect(watchedSpots([[0, 10]], [{ start: 5, end: 5, artist: "zed" }])).toBe("");
  });

  it("come from each chapter's artist, the content spot's id", () => {
    const director = (id: string) => ({ name: id.toUpperCase(), url: `/artists/film/${id}` });
    const chapters = reelChapters(
      {
        duration: 20,
        spots: [
          { start: 0, artist: "zed", client: "C", title: "T" },
          { start: 10, artist: "ana", client: "C", title: "U" },
        ],
      },
      director,
    );
    expect(chapters.map(({ start, end, artist }) => ({ start, end, artist }))).toEqual([
      { start: 0, end: 10, artist: "zed" },
      { start: 10, end: 20, artist: "ana" },
    ]);
    expect(watchedSpots([[10, 15]], chapters)).toBe("ana");
  });
});
