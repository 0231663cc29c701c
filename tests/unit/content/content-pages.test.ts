import { readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { validateContent } from "#content-check/check.ts";
import { pagesFile } from "#content-check/pages-file.ts";
import { readContentFiles } from "#content-check/read.ts";
import { GRID_CARD_FIELDS } from "#model/artist-lists.ts";
import type { Content } from "#model/content.ts";
import { type ChangedPages, changedPages, contentEntries, PAGES_FILE, parsePagesFile } from "#model/content-pages.ts";

/**
 * Which pages a content-only release bans from the cache: the real content, compiled as the build
 * does, against copies of it with one edit each. Entries are picked by what they are (a director a
 * reel names, one no reel names), not by the demo's names, so the rules hold for any roster.
 */
const ROOT = join(import.meta.dirname, "../../..");
const compiled = validateContent(readContentFiles(ROOT), { publicDir: join(ROOT, "public") }).content;
if (compiled === undefined) throw new Error("the content does not compile: run npm run content:check");
const content: Content = compiled;
const { directors, photographers } = content.artists;

/** The release from the real content to a copy that `edit` changed. */
function releaseOf(edit: (copy: Content) => void): ChangedPages {
  const copy = structuredClone(content);
  edit(copy);
  return changedPages(pagesFile(content), pagesFile(copy));
}

/** The banned patterns and warmed paths of a release that is not "everything". */
function partOf(release: ChangedPages) {
  if (release.everything) throw new Error("expected some pages, not everything");
  return release;
}

/** Whether a release bans `url` (a path and query as Varnish sees it). */
const bans = (release: ChangedPages, url: string) =>
  release.everything || release.pages.some((pattern) => new RegExp(pattern).test(url));

const reelsNaming = (id: string) =>
  content.reels.filter((reel) => reel.spots.some((spot) => spot.artist === id)).map((reel) => reel.slug);

/** The director `id` in a copy of the content, to edit. */
function directorIn(copy: Content, id: string) {
  const found = copy.artists.directors.find((artist) => artist.id === id);
  if (found === undefined) throw new Error(`no director ${id}`);
  return found;
}

/** Patterns and paths as a reader writes them. */
const artistPage = (type: string, id: string) => `^/artists/${type}/${id}(/|\\?|$)`;
const reelPages = (slug: string) => [`^/${slug}/*(\\?|$)`, `^/reels/${slug}(/|\\?|$)`];
const reelWarm = (slug: string) => [`/${slug}`, `/reels/${slug}/chapters.vtt`, `/reels/${slug}/descriptions.vtt`];
const SELECTS = "^/selects(/|\\?|$)";
const SITEMAP = "^/sitemap\\.xml/*(\\?|$)";
const sorted = (list: string[]) => [...list].sort();

const named = directors.find((artist) => reelsNaming(artist.id).length > 0);
const unnamed = directors.find((artist) => reelsNaming(artist.id).length === 0);
const reel = content.reels[0];

describe("a director's name", () => {
  if (named === undefined) throw new Error("no reel names a director");
  const { id } = named;
  const other = directors.find((artist) => artist.id !== id)?.id ?? "";
  const naming = reelsNaming(id);
  const release = releaseOf((copy) => {
    directorIn(copy, id).name = "Renamed Director";
  });

  it("bans her list, her page, the selects and the reels that name her, and warms them; not the sitemap", () => {
    expect(partOf(release)).toEqual({
      everything: false,
      pages: sorted([artistPage("film", id), "^/artists/directors/*(\\?|$)", SELECTS, ...naming.flatMap(reelPages)]),
      warm: sorted([`/artists/film/${id}`, "/artists/directors", "/selects", ...naming.flatMap(reelWarm)]),
    });
  });

  it("matches those pages with or without a query, and no neighbour", () => {
    const slug = naming[0];
    for (const url of [
      `/artists/film/${id}`,
      `/artists/film/${id}?ref=grid`,
      `/artists/film/${id}/`,
      `/artists/film/${id}/anything`,
      "/artists/directors",
      "/artists/directors?motion=off",
      "/selects",
      `/selects?artists=${id},${other}`,
      `/selects/search?q=a&artists=${id}`,
      `/${slug}`,
      `/${slug}?t=12`,
      `/reels/${slug}/chapters.vtt`,
      `/reels/${slug}/descriptions.vtt`,
    ])
      expect(bans(release, url), url).toBe(true);
    for (const url of [
      "/clients",
      "/biography",
      "/contact",
      "/collective-reels",
      "/robots.txt",
      "/artists/photographers",
      `/artists/photography/${photographers[0].id}`,
      `/artists/film/${other}`,
      `/artists/film/${id}-2`,
      `/artists/film/${id}2?x=1`,
      `/${slug}-2`,
      `/reels/${slug}-2/chapters.vtt`,
      "/selectsx",
      "/sitemap.xml",
      "/sitemap.xml.gz",
      ...content.reels.filter((candidate) => !naming.includes(candidate.slug)).map((unnaming) => `/${unnaming.slug}`),
    ])
      expect(bans(release, url), url).toBe(false);
  });
});

describe("relations read from the values", () => {
  const entries = contentEntries(content);
  const pagesOf = (key: string) => entries.find((entry) => entry.key === key)?.pages ?? [];

  it("puts on each director's credit exactly the pages of the reels whose spots name her, on her entry none", () => {
    for (const { id } of directors)
      for (const { slug } of content.reels) {
        const reelPage = `^/${slug}/*(\\?|$)`;
        expect(pagesOf(`artist-credit:directors/${id}`).includes(reelPage), `${id} in ${slug}`).toBe(
          reelsNaming(id).includes(slug),
        );
        expect(pagesOf(`artist:directors/${id}`)).not.toContain(reelPage);
      }
  });

  it("puts on each reel's entry exactly the pages of the directors its spots name", () => {
    for (const { slug, spots } of content.reels)
      for (const { id } of directors)
        expect(pagesOf(`reel:${slug}`).includes(artistPage("film", id)), `${id} in ${slug}`).toBe(
          spots.some((spot) => spot.artist === id),
        );
  });

  it("matches every artist's and reel's own page, and not a neighbour sharing its prefix", () => {
    for (const [key, path] of [
      ...directors.map(({ id }) => [`artist:directors/${id}`, `/artists/film/${id}`]),
      ...photographers.map(({ id }) => [`artist:photographers/${id}`, `/artists/photography/${id}`]),
      ...content.reels.map(({ slug }) => [`reel:${slug}`, `/${slug}`]),
    ]) {
      const matches = (url: string) => pagesOf(key).some((pattern) => new RegExp(pattern).test(url));
      for (const url of [path, `${path}?a=b`, `${path}/`]) expect(matches(url), url).toBe(true);
      for (const url of [`${path}-2`, `${path}-2?a=b`, `${path}0`]) expect(matches(url), url).toBe(false);
    }
  });
});

describe("what a release bans", () => {
  it("bans only her own pages when no reel names the director (when one exists)", () => {
    if (unnamed === undefined) return;
    const release = partOf(releaseOf((copy) => (directorIn(copy, unnamed.id).name = "Renamed Director")));
    expect(release.pages).toEqual(sorted([artistPage("film", unnamed.id), "^/artists/directors/*(\\?|$)", SELECTS]));
  });

  it("bans for a word of her biography her page and the selects: not her list, the sitemap, nor a reel", () => {
    for (const [list, type, artist] of [
      ["directors", "film", named ?? directors[0]],
      ["photographers", "photography", photographers[0]],
    ] as const) {
      const release = releaseOf((copy) => {
        const edited = copy.artists[list].find((candidate) => candidate.id === artist.id);
        if (edited) edited.biography = `${edited.biography} More.`;
      });
      expect(partOf(release).pages, list).toEqual(sorted([artistPage(type, artist.id), SELECTS]));
    }
  });

  it("bans a photographer's list for what her card shows, not the directors'", () => {
    const { id } = photographers[0];
    const release = releaseOf((copy) => (copy.artists.photographers[0].website = "elsewhere.example"));
    expect(partOf(release).pages).toEqual(
      sorted([artistPage("photography", id), "^/artists/photographers/*(\\?|$)", SELECTS]),
    );
    expect(bans(release, "/artists/directors")).toBe(false);
  });

  it("keys the grids to exactly what their loaders give of each artist", async () => {
    const [{ loader: directorsLoader }, { loader: photographersLoader }] = await Promise.all([
      import("#app/loaders/directors-page.server.ts"),
      import("#app/loaders/photographers-page.server.ts"),
    ]);
    const cards = [...directorsLoader().directors, ...photographersLoader().photographers];
    expect(cards.length).toBe(directors.length + photographers.length);
    for (const card of cards)
      for (const field of Object.keys(card)) expect(GRID_CARD_FIELDS as readonly string[]).toContain(field);
  });

  it("bans a new artist's list, page, selects and sitemap, and warms her page; her removal warms no 404", () => {
    const newcomer = photographers[photographers.length - 1];
    const without = structuredClone(content);
    without.artists.photographers.pop();
    const pages = sorted([
      artistPage("photography", newcomer.id),
      "^/artists/photographers/*(\\?|$)",
      SELECTS,
      SITEMAP,
    ]);
    const added = partOf(changedPages(pagesFile(without), pagesFile(content)));
    expect(added.pages).toEqual(pages);
    expect(added.warm).toContain(`/artists/photography/${newcomer.id}`);
    const removed = partOf(changedPages(pagesFile(content), pagesFile(without)));
    expect(removed.pages).toEqual(pages);
    expect(removed.warm).not.toContain(`/artists/photography/${newcomer.id}`);
  });

  it("bans a reel's pages, the reels' list, the sitemap and the pages of the directors it names", () => {
    const release = releaseOf((copy) => (copy.reels[0].title = "Retitled"));
    const credited = [...new Set(reel.spots.map((spot) => spot.artist))];
    expect(partOf(release).pages).toEqual(
      sorted([
        ...reelPages(reel.slug),
        "^/collective-reels/*(\\?|$)",
        SITEMAP,
        ...credited.map((id) => artistPage("film", id)),
      ]),
    );
    for (const url of ["/artists/directors", "/selects", `/reels/${reel.slug}-2/chapters.vtt`])
      expect(bans(release, url), url).toBe(false);
  });

  it("bans a reel's page and captions files when its captions change, not its chapters", () => {
    const [slug, tracks] = Object.entries(content.captions)[0];
    const release = releaseOf((copy) => (copy.captions[slug][0].cues[0].text = "Changed words"));
    expect(partOf(release).pages).toEqual(sorted([`^/${slug}/*(\\?|$)`, `^/reels/${slug}/captions(/|\\?|$)`]));
    expect(bans(release, `/reels/${slug}/captions/${tracks[0].lang}.vtt`)).toBe(true);
    expect(bans(release, `/${slug}?t=3`)).toBe(true);
    for (const url of [`/reels/${slug}/chapters.vtt`, `/${slug}s`, `/${slug}-2`])
      expect(bans(release, url), url).toBe(false);
  });

  it("bans a list's pages, no artist's own, when only its order changes", () => {
    const release = releaseOf((copy) => copy.artists.directors.reverse());
    expect(partOf(release).pages).toEqual(sorted(["^/artists/directors/*(\\?|$)", SELECTS, SITEMAP]));
  });

  it("bans only /clients for a client and only /biography for a testimonial", () => {
    expect(partOf(releaseOf((copy) => copy.clients.clientNames.push("NEW CLIENT"))).pages).toEqual([
      "^/clients/*(\\?|$)",
    ]);
    expect(partOf(releaseOf((copy) => copy.biography.testimonials.pop())).pages).toEqual(["^/biography/*(\\?|$)"]);
  });

  it("bans everything for the site's words, the contact details or a new shape of reel", () => {
    expect(releaseOf((copy) => (copy.site.tagline = "New tagline"))).toEqual({ everything: true });
    expect(releaseOf((copy) => (copy.contact.phone = "+1 212 555 0100"))).toEqual({ everything: true });
    expect(releaseOf((copy) => (copy.reels[0].frame = { width: 1080, height: 1920 }))).toEqual({ everything: true });
  });

  it("bans nothing between identical files", () => {
    expect(changedPages(pagesFile(content), pagesFile(structuredClone(content)))).toEqual({
      everything: false,
      pages: [],
      warm: [],
    });
  });

  it("bans everything without a readable file of this version from before", () => {
    const file = pagesFile(content);
    expect(changedPages(undefined, file)).toEqual({ everything: true });
    expect(changedPages(parsePagesFile("{ not json"), file)).toEqual({ everything: true });
    expect(changedPages({ ...file, version: 2 } as unknown as typeof file, file)).toEqual({ everything: true });
    expect(parsePagesFile(JSON.stringify({ version: 1, entries: [{ key: "site" }] }))).toBeUndefined();
    expect(parsePagesFile(JSON.stringify(file))).toEqual(file);
  });
});

describe("the pages file", () => {
  it("has an entry per artist, reel, captions and list, and the singletons", () => {
    expect(sorted(contentEntries(content).map((entry) => entry.key))).toEqual(
      sorted([
        "site",
        "contact",
        "reel-frames",
        "clients",
        "biography",
        "list:directors",
        "list:photographers",
        "list:reels",
        ...["artist", "artist-card", "artist-url", "artist-credit"].flatMap((part) => [
          ...directors.map(({ id }) => `${part}:directors/${id}`),
          ...photographers.map(({ id }) => `${part}:photographers/${id}`),
        ]),
        ...content.reels.map(({ slug }) => `reel:${slug}`),
        ...Object.keys(content.captions).map((slug) => `captions:${slug}`),
      ]),
    );
  });

  it("is what the content build wrote, where the follower reads it", () => {
    expect(parsePagesFile(readFileSync(join(ROOT, PAGES_FILE), "utf8"))).toEqual(pagesFile(content));
  });
});
