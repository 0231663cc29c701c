import { existsSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import {
  artists,
  biography,
  clientLogos,
  clientNames,
  contact,
  reels,
  site,
  testimonials,
} from "~/content";
import type { Artist, ArtistTitle, WorkThumb } from "~/content/types";
import { type LadderKind, ladderFiles } from "~/lib/media";

const PUBLIC_DIR = join(import.meta.dirname, "../../public");
const TITLES: ArtistTitle[] = ["Photographer", "Director", "Photographer / Director", "CGI VFX 3D"];
const allArtists: Artist[] = [...artists.film, ...artists.photographers];

function workThumbs(artist: Artist): WorkThumb[] {
  return [...artist.recentWorkThumbs, ...(artist.extraThumbs ?? [])];
}

/** Every media path the content references, with where it came from. */
function mediaReferences(): [string, string][] {
  const refs: [string, string][] = [[biography.photo, "biography.photo"]];
  for (const artist of allArtists) {
    const at = (field: string) => `${artist.id}.${field}`;
    refs.push([artist.thumb, at("thumb")], [artist.mobileBG, at("mobileBG")]);
    if (artist.bioPhoto) refs.push([artist.bioPhoto, at("bioPhoto")]);
    for (const thumb of workThumbs(artist)) {
      refs.push([thumb.image, at("work image")]);
      if (thumb.still) refs.push([thumb.still, at("work still")]);
    }
  }
  for (const reel of reels) {
    refs.push([reel.poster, `${reel.slug}.poster`], [reel.thumb, `${reel.slug}.thumb`]);
    for (const source of reel.sources) refs.push([source.src, `${reel.slug}.sources`]);
  }
  for (const client of clientLogos) refs.push([client.logo, `client ${client.name}`]);
  return refs;
}

/** Every still the pages show, with the kind of its responsive ladder. */
function stills(): [string, LadderKind][] {
  const refs: [string, LadderKind][] = [[biography.photo, "bioPhoto"]];
  for (const artist of artists.film) {
    refs.push([artist.mobileBG, "directorStill"]);
    for (const thumb of workThumbs(artist)) if (thumb.still) refs.push([thumb.still, "filmWork"]);
  }
  for (const artist of artists.photographers) {
    refs.push([artist.thumb, "photographerDesktop"], [artist.mobileBG, "photographerMobile"]);
    for (const thumb of workThumbs(artist)) refs.push([thumb.image, "photoWork"]);
  }
  for (const artist of allArtists) if (artist.bioPhoto) refs.push([artist.bioPhoto, "bioPhoto"]);
  for (const reel of reels) refs.push([reel.poster, "reelPoster"]);
  for (const client of clientLogos) refs.push([client.logo, "clientLogo"]);
  return refs;
}

describe("site", () => {
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

describe("artists", () => {
  it("has the spec's counts: 11 film artists and 8 photographers", () => {
    expect(artists.film).toHaveLength(11);
    expect(artists.photographers).toHaveLength(8);
  });

  it("uses unique slugs across both lists", () => {
    const ids = allArtists.map((artist) => artist.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it.each(allArtists.map((artist) => [artist.id, artist] as const))(
    "%s has every required field",
    (_id, artist) => {
      expect(artist.name.trim()).not.toBe("");
      expect(TITLES).toContain(artist.title);
      expect(artist.website).toMatch(/^[a-z0-9.-]+\.example$/);
      expect(artist.instagram).toMatch(/^([a-z0-9._]+)?$/);
      for (const thumb of workThumbs(artist)) {
        expect(thumb.name.trim()).not.toBe("");
        expect(thumb.url).toMatch(/^https:\/\/[a-z0-9.-]+\.example\//);
      }
    },
  );

  it("gives each artist the detail URL of its list", () => {
    for (const artist of artists.film) expect(artist.url).toBe(`/artists/film/${artist.id}`);
    for (const artist of artists.photographers) {
      expect(artist.url).toBe(`/artists/photography/${artist.id}`);
    }
  });

  it("uses video clips for film and stills for photography", () => {
    for (const artist of artists.film) {
      expect(artist.thumb).toMatch(/^\/videos\/.+\.mp4$/);
      for (const thumb of workThumbs(artist)) expect(thumb.still).toMatch(/\.jpg$/);
    }
    for (const artist of artists.photographers) {
      expect(artist.thumb).toMatch(/^\/images\/.+\.jpg$/);
      for (const thumb of workThumbs(artist)) expect(thumb.still).toBeUndefined();
    }
  });

  it("includes a collaboration, a collective and a CGI/VFX studio among the film artists", () => {
    expect(artists.film.some((artist) => artist.name.includes("&"))).toBe(true);
    expect(artists.film.some((artist) => /collective/i.test(artist.name))).toBe(true);
    expect(artists.film.some((artist) => artist.title === "CGI VFX 3D")).toBe(true);
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

describe("reels", () => {
  it("has the three reels, each with a poster, no autoplay, and an HLS master and an MP4", () => {
    expect(reels.map((reel) => reel.slug)).toEqual(["collective-reel", "reel-2020", "reel-2021"]);
    expect(reels.map((reel) => reel.title).slice(1)).toEqual(["2020 Reel", "2021 Reel"]);
    for (const reel of reels) {
      expect(reel.autoplay).toBe(false);
      expect(reel.controls).toBe(true);
      expect(reel.sources.map((source) => source.type)).toEqual(["application/x-mpegURL", "video/mp4"]);
    }
  });
});

describe("clients, biography and contact", () => {
  it("lists about 55 logos with alt text and about 130 unique names in capitals", () => {
    expect(clientLogos.length).toBeGreaterThanOrEqual(50);
    expect(clientLogos.length).toBeLessThanOrEqual(60);
    for (const client of clientLogos) expect(client.alt.trim()).not.toBe("");
    expect(clientNames.length).toBeGreaterThanOrEqual(120);
    expect(clientNames.length).toBeLessThanOrEqual(140);
    expect(new Set(clientNames).size).toBe(clientNames.length);
    for (const name of clientNames) expect(name).toBe(name.toUpperCase());
  });

  it("has a profile and about a dozen testimonials with name and job title", () => {
    expect(biography.paragraphs.length).toBeGreaterThan(0);
    expect(testimonials.length).toBeGreaterThanOrEqual(10);
    expect(testimonials.length).toBeLessThanOrEqual(14);
    for (const testimonial of testimonials) {
      expect(testimonial.quote.trim()).not.toBe("");
      expect(testimonial.name.trim()).not.toBe("");
      expect(testimonial.jobTitle.trim()).not.toBe("");
    }
  });

  it("gives a New York address, a fictional 555-01xx phone and an .example e-mail", () => {
    expect(contact.addressLines.join(" ")).toMatch(/New York/);
    expect(contact.phone).toMatch(/555-01\d\d$/);
    expect(contact.email).toMatch(/^[^@\s]+@[a-z0-9.-]+\.example$/);
    expect(contact.pr.trim()).not.toBe("");
  });
});

describe("media", () => {
  it.each(mediaReferences())("%s (%s) exists under public/", (path) => {
    expect(path).toMatch(/^\/(images|videos)\//);
    expect(existsSync(join(PUBLIC_DIR, path))).toBe(true);
  });

  it.each(stills())("every file of the %s ladder (%s) exists under public/", (path, kind) => {
    const missing = ladderFiles(kind, path)
      .map((file) => file.path)
      .filter((file) => !existsSync(join(PUBLIC_DIR, file)));
    expect(missing).toEqual([]);
  });
});
