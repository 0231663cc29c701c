import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { EVERYTHING } from "#model/cache-ban.ts";
import { PAGES_FILE, type PagesFile } from "#model/content-pages.ts";
import { contentPlan, FULL_PLAN, readPagesFile } from "#release/release-plan.ts";

/** A pages file with the entries on every page and one artist's, each at the hash given. */
function pagesFile({ site = "s1", artist = "a1" } = {}): PagesFile {
  return {
    version: 1,
    entries: [
      { key: "site", hash: site, pages: [EVERYTHING], warm: ["/", "/artists/directors/mira"] },
      { key: "contact", hash: "c1", pages: [EVERYTHING], warm: ["/", "/artists/directors/mira"] },
      {
        key: "artist:directors/mira",
        hash: artist,
        pages: ["^/artists/directors/mira(/|\\?|$)"],
        warm: ["/artists/directors/mira"],
      },
    ],
  };
}

const EVERY_PAGE = { banned: [EVERYTHING], warm: [] };

describe("a release's plan", () => {
  it("of code: every page dropped", () => {
    expect(FULL_PLAN).toEqual({ kind: "full", drop: EVERY_PAGE });
  });

  it("of an artist's content: only the pages it shows on dropped", () => {
    expect(contentPlan(pagesFile(), pagesFile({ artist: "a2" }))).toEqual({
      kind: "content",
      drop: { banned: ["^/artists/directors/mira(/|\\?|$)"], warm: ["/artists/directors/mira"] },
    });
  });

  it("of content on every page (the site's names, the contact details): every page dropped", () => {
    expect(contentPlan(pagesFile(), pagesFile({ site: "s2" }))).toEqual({ kind: "content", drop: EVERY_PAGE });
  });

  it("with either pages file missing: every page dropped", () => {
    for (const [before, after] of [
      [undefined, pagesFile()],
      [pagesFile(), undefined],
    ])
      expect(contentPlan(before, after)).toEqual({ kind: "content", drop: EVERY_PAGE });
  });

  it("reads a release's pages file where its content build writes it, and none that is not one", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "release-plan-"));
    try {
      expect(await readPagesFile(folder)).toBeUndefined();
      await mkdir(path.dirname(path.join(folder, PAGES_FILE)), { recursive: true });
      await writeFile(path.join(folder, PAGES_FILE), JSON.stringify(pagesFile()));
      expect(await readPagesFile(folder)).toEqual(pagesFile());
      await writeFile(path.join(folder, PAGES_FILE), "{ not json");
      expect(await readPagesFile(folder)).toBeUndefined();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
