/**
 * A shortlist's URL (model/shortlist-url.ts) against URLs written out by hand, as the site has
 * always spelt them (docs/selects.md): what the selects page, the links the editing screen makes and
 * a pasted shortlist must all agree on.
 */
import { describe, expect, it } from "vitest";

import { pastedEntries } from "#edit/app/lib/links-format.ts";
import { isLinkToken, shortlistEntries, shortlistPath, shortlistUrl } from "#model/shortlist-url.ts";

const TOKEN = "AbCdEfGhIjKlMnOpQrSt_-";

describe("a shortlist's URL, written", () => {
  it.each([
    [shortlistPath(["ada-rowe", "bo-lind"]), "/selects?artists=ada-rowe,bo-lind"],
    [shortlistPath([]), "/selects"],
    [
      shortlistPath(["ada-rowe"], { search: "zoë o’hara & co" }),
      "/selects?artists=ada-rowe&q=zo%C3%AB%20o%E2%80%99hara%20%26%20co",
    ],
    [shortlistPath([], { search: "mira" }), "/selects?q=mira"],
    [
      shortlistUrl("https://agency.example", ["bo-lind", "ada-rowe"], TOKEN),
      "https://agency.example/selects?artists=bo-lind,ada-rowe&link=AbCdEfGhIjKlMnOpQrSt_-",
    ],
    [shortlistUrl("https://agency.example", ["bo-lind"]), "https://agency.example/selects?artists=bo-lind"],
  ])("%s", (written, golden) => {
    expect(written).toBe(golden);
  });
});

describe("a shortlist's URL, read", () => {
  const read = (url: string) => shortlistEntries(new URL(url, "https://agency.example").searchParams);

  it.each([
    ["/selects?artists=bo-lind,ada-rowe", ["bo-lind", "ada-rowe"]],
    ["/selects?artists=Bo-Lind,%20ada-rowe%20,,&q=x&artists=bo-lind,cy-moss", ["bo-lind", "ada-rowe", "cy-moss"]],
    ["/selects?artists=ada-rowe%2Cbo-lind&link=AbCdEfGhIjKlMnOpQrSt_-", ["ada-rowe", "bo-lind"]],
    ["/selects?artists=ada-rowe+bo-lind,%3Cb%3E", ["ada-rowe bo-lind", "<b>"]],
    ["/selects?q=rowe", []],
  ])("%s", (url, entries) => {
    expect(read(url)).toEqual(entries);
    // A link pasted into the links page names what the selects page shows for it.
    expect(pastedEntries(`https://agency.example${url}`)).toEqual(entries);
  });
});

describe("a recipient link's token", () => {
  // docs/privacy.md: 16 random bytes, base64url: 22 characters, unpadded.
  it.each([
    [TOKEN, true],
    ["AbCdEfGhIjKlMnOpQrSt_", false],
    ["AbCdEfGhIjKlMnOpQrSt_-x", false],
    ["AbCdEfGhIjKlMnOpQrSt+/", false],
    ["AbCdEfGhIjKlMnOpQrSt_=", false],
  ])("%s: %s", (token, valid) => {
    expect(isLinkToken(token)).toBe(valid);
  });
});
