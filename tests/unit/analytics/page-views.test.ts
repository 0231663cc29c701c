/**
 * What a page view says of its page (app/analytics/page-views.tsx's `pageViewOf`), the choice the
 * browser makes before track.client.ts sends anything: a recipient link's token goes with the
 * visit's events only when its selects page showed the notice (the loader's `recipientNotice`),
 * never when the store said no or did not answer within its second; and no address sent carries it.
 */
import { describe, expect, it } from "vitest";

import { pageViewOf } from "#app/analytics/page-views.tsx";

const TOKEN = "AbCdEfGhIjKlMnOpQrSt_-";
const ORIGIN = "https://calloway.example";
const view = (path: string, noticeShown: boolean) => pageViewOf(new URL(`${ORIGIN}${path}`), noticeShown);

describe("a page view's recipient link", () => {
  it("is the page's token when its notice was shown", () => {
    expect(view(`/selects?artists=mira-castell,clara-wren&link=${TOKEN}`, true)).toEqual({
      href: `${ORIGIN}/selects?artists=mira-castell%2Cclara-wren`,
      shortlist: "clara-wren,mira-castell",
      token: TOKEN,
    });
  });

  it("is none when the notice was not shown: the store said no, was late, or links are off", () => {
    expect(view(`/selects?artists=mira-castell&link=${TOKEN}`, false)).toEqual({
      href: `${ORIGIN}/selects?artists=mira-castell`,
      shortlist: "mira-castell",
      token: null,
    });
  });

  it("is none off the selects page, whatever its query says", () => {
    expect(view(`/artists/film/mira-castell?link=${TOKEN}`, true)).toEqual({
      href: `${ORIGIN}/artists/film/mira-castell`,
      shortlist: "",
      token: null,
    });
  });

  it("leaves an address without a token as it is", () => {
    expect(view("/selects?artists=mira-castell,clara-wren#top", false)).toEqual({
      href: `${ORIGIN}/selects?artists=mira-castell,clara-wren#top`,
      shortlist: "clara-wren,mira-castell",
      token: null,
    });
  });
});
