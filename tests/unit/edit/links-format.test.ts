/**
 * The Links page's words (edit/app/lib/links-format.ts): reading a pasted shortlist, the request the
 * form makes and what it refuses, the words of a link's row and of the confirmations.
 */
import { describe, expect, it } from "vitest";

import type { LinkFigures } from "#analytics/types.ts";
import {
  erasedMessage,
  eraseQuestion,
  lastDay,
  linkRequest,
  linkStatus,
  pagesLine,
  readShortlist,
  reelLine,
  pastedEntries,
  when,
} from "#edit/app/lib/links-format.ts";

const NAMES = { "ada-rowe": "Ada Rowe", "ben-ito": "Ben Ito", "cleo-marsh": "Cleo Marsh" };
const TODAY = "2026-11-29";
const TOKEN = "AbCdEfGhIjKlMnOpQrStUv";

describe("a pasted shortlist", () => {
  it("reads every artists parameter of a selects URL, comma-separated, in order, each once", () => {
    expect(pastedEntries("https://site.example/selects?artists=ada-rowe,ben-ito")).toEqual(["ada-rowe", "ben-ito"]);
    expect(pastedEntries(" https://site.example/selects?artists=ben-ito&q=x&artists=ada-rowe,ben-ito#top ")).toEqual([
      "ben-ito",
      "ada-rowe",
    ]);
    expect(pastedEntries("/selects?artists=ada-rowe%2CBen-Ito")).toEqual(["ada-rowe", "ben-ito"]);
    expect(pastedEntries(`https://site.example/selects?artists=ada-rowe&link=${TOKEN}`)).toEqual(["ada-rowe"]);
    expect(pastedEntries("artists=cleo-marsh")).toEqual(["cleo-marsh"]);
  });

  it("reads ids separated by commas, spaces or line breaks", () => {
    expect(pastedEntries("ada-rowe, ben-ito\ncleo-marsh  ada-rowe")).toEqual(["ada-rowe", "ben-ito", "cleo-marsh"]);
    expect(pastedEntries("  ")).toEqual([]);
    expect(pastedEntries("https://site.example/selects")).toEqual(["https://site.example/selects"]);
    expect(pastedEntries("https://site.example/selects?q=rowe")).toEqual([]);
  });

  it("names the artists the content has and lists the rest as typed", () => {
    expect(readShortlist("ben-ito, nobody, Ada-Rowe, <b>", NAMES)).toEqual({
      artists: [
        { id: "ben-ito", name: "Ben Ito" },
        { id: "ada-rowe", name: "Ada Rowe" },
      ],
      unknown: ["nobody", "<b>"],
    });
    // An id that is a property of every object is no artist's.
    expect(readShortlist("constructor", NAMES)).toEqual({ artists: [], unknown: ["constructor"] });
  });
});

describe("the form's request", () => {
  const fields = { shortlist: "/selects?artists=ben-ito,ada-rowe", recipient: "  Juniper Films — Sam ", expires: "" };

  it("sends the ids in order, the recipient trimmed, and the expiry only when given", () => {
    expect(linkRequest(fields, NAMES, TODAY)).toEqual({
      body: { artists: ["ben-ito", "ada-rowe"], recipient: "Juniper Films — Sam" },
    });
    expect(linkRequest({ ...fields, expires: TODAY }, NAMES, TODAY)).toEqual({
      body: { artists: ["ben-ito", "ada-rowe"], recipient: "Juniper Films — Sam", expires: TODAY },
    });
  });

  it("refuses, naming the field, what the API would refuse", () => {
    expect(linkRequest({ ...fields, shortlist: "ada-rowe nobody" }, NAMES, TODAY)).toEqual({
      field: "shortlist",
      error: "Shortlist: no artist has the id “nobody”.",
    });
    expect(linkRequest({ ...fields, shortlist: "" }, NAMES, TODAY)).toEqual({
      field: "shortlist",
      error: "Shortlist: name at least one artist.",
    });
    expect(linkRequest({ ...fields, recipient: "   " }, NAMES, TODAY)).toEqual({
      field: "recipient",
      error: "Recipient: say whom the link is for.",
    });
    expect(linkRequest({ ...fields, recipient: "x".repeat(121) }, NAMES, TODAY)).toEqual({
      field: "recipient",
      error: "Recipient: at most 120 characters.",
    });
    expect(linkRequest({ ...fields, recipient: "x".repeat(120) }, NAMES, TODAY)).toHaveProperty("body");
    expect(linkRequest({ ...fields, expires: "2026-11-28" }, NAMES, TODAY)).toEqual({
      field: "expires",
      error: "Expires: 2026-11-28 is past; choose 2026-11-29 or later.",
    });
    expect(linkRequest({ ...fields, expires: "next week" }, NAMES, TODAY)).toEqual({
      field: "expires",
      error: "Expires: a date as YYYY-MM-DD, or nothing.",
    });
  });

  it("refuses a shortlist longer than the selects page shows", () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`a${index}`, `A ${index}`]));
    expect(linkRequest({ ...fields, shortlist: Object.keys(many).join(",") }, many, TODAY)).toEqual({
      field: "shortlist",
      error: "Shortlist: at most 50 artists, not 51.",
    });
  });
});

const LINK: LinkFigures = {
  id: "l1",
  recipient: "Juniper Films — Sam",
  artists: ["ben-ito", "ada-rowe"],
  url: `https://site.example/selects?artists=ben-ito,ada-rowe&link=${TOKEN}`,
  plainUrl: "https://site.example/selects?artists=ben-ito,ada-rowe",
  created: "2026-11-20T10:00:00.000Z",
  // Made to expire on 31 Dec 2026: it counts to that day's end.
  expires: "2027-01-01T00:00:00.000Z",
  revoked: false,
  active: true,
  opens: [{ at: "2026-11-28T09:14:30.000Z" }],
  pagesAfter: [
    { id: "ben-ito", views: 0 },
    { id: "ada-rowe", views: 2 },
  ],
  reels: [{ slug: "reel-x", plays: 2, averageWatched: 0.75, finishRate: 0.5 }],
};

describe("a link's row", () => {
  it("says whether the link counts, and until which day", () => {
    expect(lastDay("2027-01-01T00:00:00.000Z")).toBe("31 Dec 2026");
    expect(lastDay("2026-03-05T12:00:00.000Z")).toBe("5 Mar 2026");
    expect(linkStatus(LINK, true)).toBe("counting, expires 31 Dec 2026");
    expect(linkStatus({ ...LINK, expires: null }, true)).toBe("counting, no expiry");
    expect(linkStatus({ ...LINK, revoked: true, active: false }, true)).toBe("revoked");
    const past = { ...LINK, expires: "2026-11-01T00:00:00.000Z", active: false };
    expect(linkStatus(past, true)).toBe("expired");
    expect(linkStatus({ ...LINK, expires: null }, false)).toBe("not counting: links are off");
  });

  it("gives times in UTC to the minute, as the views page does", () => {
    expect(when("2026-11-28T09:14:30.000Z")).toBe("2026-11-28 09:14 UTC");
    expect(when("2026-11-28T09:14:30+02:00")).toBe("2026-11-28 07:14 UTC");
  });

  it("says how often each artist's page was read", () => {
    expect(pagesLine("Ada Rowe", 1)).toBe("Ada Rowe: 1 view");
    expect(pagesLine("Ben Ito", 0)).toBe("Ben Ito: 0 views");
  });

  it("says how much of each reel was watched", () => {
    expect(reelLine("The Reel", LINK.reels[0])).toBe("The Reel: 2 plays, 75% watched, 50% finished");
    expect(reelLine("The Reel", { slug: "r", plays: 1, averageWatched: 1, finishRate: 1 })).toBe(
      "The Reel: 1 play, 100% watched, 100% finished",
    );
  });

  it("asks before erasing, naming the recipient and how many links share that exact text", () => {
    const links = [LINK, { ...LINK, id: "l2" }, { ...LINK, id: "l3", recipient: "Juniper Films — Sam " }];
    expect(eraseQuestion(LINK.recipient, links)).toBe(
      "Erase all 2 links made for “Juniper Films — Sam”, and everything recorded of their visits? This cannot be undone.",
    );
    expect(eraseQuestion("Juniper Films — Sam ", links)).toMatch(/^Erase the link made for “Juniper Films — Sam ”/);
    expect(erasedMessage("Sam", 1)).toBe("Erased 1 link made for “Sam”, and what their visits did.");
  });
});
