import { describe, expect, it } from "vitest";

import { artists, clientLogos, clientNames, contact, reels, site, testimonials } from "#app/content/index.ts";
import type { Artist, WorkThumb } from "#app/content/types.ts";

import { DEMO_ONLY, isDemoContent } from "#tests/support/demo-content.ts";

/**
 * The demo content against the spec: counts, fictional names and numbers, and an example of every
 * optional state a page can show. Whether any content is well formed (fields, slugs, links, media
 * in public/) is `npm run content:check`, tested in validation.test.ts.
 */
const demoOnly = describe.skipIf(!isDemoContent);

const allArtists: Artist[] = [...artists.directors, ...artists.photographers];

function workThumbs(artist: Artist): WorkThumb[] {
  return [...artist.recentWorkThumbs, ...(artist.extraThumbs ?? [])];
}

demoOnly(`${DEMO_ONLY}: site`, () => {
  it("names the agent, links the six sections and dates the copyright 2020", () => {
    expect(site.agentName).not.toBe("");
    expect(site.copyrightYear).toBe(2020);
    expect(site.nav.map((link) => link.href)).toEqual([
      "/artists/directors",
      "/artists/photographers",
      "/collective-reels",
      "/clients",
      "/biography",
      "/contact",
    ]);
  });
});

demoOnly(`${DEMO_ONLY}: artists`, () => {
  it("has the spec's counts: 11 film artists and 8 photographers", () => {
    expect(artists.directors).toHaveLength(11);
    expect(artists.photographers).toHaveLength(8);
  });

  it("links only to fictional sites under the reserved .example domain", () => {
    for (const artist of allArtists) {
      expect(artist.website, artist.id).toMatch(/\.example$/);
      for (const thumb of workThumbs(artist)) expect(new URL(thumb.url).hostname, artist.id).toMatch(/\.example$/);
    }
  });

  it("includes a collaboration, a collective and a CGI/VFX studio among the film artists", () => {
    expect(artists.directors.some((artist) => artist.name.includes("&"))).toBe(true);
    expect(artists.directors.some((artist) => /collective/i.test(artist.name))).toBe(true);
    expect(artists.directors.some((artist) => artist.title === "CGI VFX 3D")).toBe(true);
  });

  it("covers every optional state of the detail page", () => {
    expect(allArtists.some((artist) => artist.instagram === "")).toBe(true);
    expect(allArtists.some((artist) => artist.biography === "")).toBe(true);
    expect(allArtists.some((artist) => artist.biography.includes("\n"))).toBe(true);
    expect(allArtists.some((artist) => artist.extraThumbsTitle && artist.extraThumbs?.length)).toBe(true);
    expect(allArtists.some((artist) => artist.cssVideoTop !== undefined)).toBe(true);
    expect(allArtists.some((artist) => artist.bioPhoto)).toBe(true);
    expect(allArtists.some((artist) => artist.recentWorkThumbs.length === 0)).toBe(true);
  });
});

demoOnly(`${DEMO_ONLY}: reels`, () => {
  // Each reel's HLS master and MP4 are derived from its slug (model/shapes/content-shape.ts): not checked again here.
  it("has the three reels, none playing by itself, each with its controls", () => {
    expect(reels.map((reel) => reel.slug)).toEqual(["collective-reel", "reel-2020", "reel-2021"]);
    expect(reels.map((reel) => reel.title).slice(1)).toEqual(["2020 Reel", "2021 Reel"]);
    for (const reel of reels) {
      expect(reel.autoplay).toBe(false);
      expect(reel.controls).toBe(true);
    }
  });
});

demoOnly(`${DEMO_ONLY}: clients, biography and contact`, () => {
  // Alt text, names in capitals and unique, a testimonial's fields and a profile's paragraphs are
  // the shapes' rules (model/shapes/content-shape.ts), which every content passes to compile.
  it("lists about 55 logos and about 130 names", () => {
    expect(clientLogos.length).toBeGreaterThanOrEqual(50);
    expect(clientLogos.length).toBeLessThanOrEqual(60);
    expect(clientNames.length).toBeGreaterThanOrEqual(120);
    expect(clientNames.length).toBeLessThanOrEqual(140);
  });

  it("has about a dozen testimonials", () => {
    expect(testimonials.length).toBeGreaterThanOrEqual(10);
    expect(testimonials.length).toBeLessThanOrEqual(14);
  });

  it("gives a New York address, a fictional 555-01xx phone and an .example e-mail", () => {
    expect(contact.addressLines.join(" ")).toMatch(/New York/);
    expect(contact.phone).toMatch(/555-01\d\d$/);
    expect(contact.email).toMatch(/^[^@\s]+@[a-z0-9.-]+\.example$/);
  });
});
