import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { siteContent, validateContent } from "~/content/validate";
import { logoSprites } from "~/lib/media";

const ROOT = join(import.meta.dirname, "../..");
const PUBLIC_DIR = join(ROOT, "public");

// Entries the broken copies below edit, taken from the real content so the messages can be spelled out.
const { film, photographers } = siteContent.artists;
const director = film[0].id;
const photographer = photographers[0].id;
const photographerIndex = photographers.findIndex((artist) => artist.extraThumbs !== undefined);
const withExtras = photographers[photographerIndex].id;
const reel = siteContent.reels[0].slug;

/** What the validator says of every spot credited to `id` once no film artist has that id. */
function orphanedSpots(id: string): string[] {
  return siteContent.reels.flatMap((reel) =>
    reel.spots.flatMap((spot, index) =>
      spot.artist === id ? [`reels: "${reel.slug}".spots[${index}].artist: "${id}" is not the id of a film artist`] : [],
    ),
  );
}

/**
 * An edit that breaks a deep copy of the content. `any`: the edits write what the content types
 * forbid, as an operator's hand-edited file can.
 */
type Edit = (content: any) => void;

/** What the validator says about a deep copy of the real content after `breakIt` edits it. */
function problemsAfter(breakIt: Edit): string[] {
  const content = structuredClone(siteContent);
  breakIt(content);
  return validateContent(content, { publicDir: PUBLIC_DIR });
}

describe("validateContent on the real content", () => {
  it("finds no problem", () => {
    expect(validateContent(siteContent, { publicDir: PUBLIC_DIR })).toEqual([]);
  });

  it("reports media as missing when checked against a folder that holds none", () => {
    const problems = validateContent(siteContent, { publicDir: join(ROOT, "tests") });
    expect(problems).toContain(`artists: film "${director}".thumb: ${film[0].thumb} is not in public/`);
    expect(problems).toContain(
      `biography: biography.photo: ${siteContent.biography.biography.photo} is not in public/`,
    );
  });
});

describe("media files", () => {
  it("names a missing file", () => {
    expect(problemsAfter((content) => (content.artists.film[0].thumb = "/videos/directors/nobody.mp4"))).toEqual([
      `artists: film "${director}".thumb: /videos/directors/nobody.mp4 is not in public/`,
    ]);
  });

  it("names a still whose responsive copies were never generated", () => {
    // The site's link-preview image exists, but no srcset ladder was made from it.
    expect(problemsAfter((content) => (content.artists.photographers[0].thumb = "/images/og/site.jpg"))).toEqual([
      `artists: photographers "${photographer}".thumb: /images/og/site.jpg lacks 9 responsive copies in public/ ` +
        "(e.g. /images/og/site-320w.avif); run npm run media",
    ]);
  });

  it("names a strip of logos the media script has not drawn, after a logo is added or moved", () => {
    const logos = siteContent.clients.clientLogos;
    // Swapping the first two logos changes what the first strip holds, and so its name.
    const [strip] = logoSprites([logos[1], logos[0], ...logos.slice(2)]);
    expect(problemsAfter((content) => content.clients.clientLogos.splice(0, 2, logos[1], logos[0]))).toEqual([
      `clients: clientLogos: the strip of the logos from ${logos[1].logo} on, ${strip.webp}, is not in public/; run npm run media`,
    ]);
  });

  it.each([
    ["a film thumb that is an image", "film", "thumb", film[0].mobileBG, "an .mp4 video under /videos/"],
    ["a photographer thumb that is a video", "photographers", "thumb", film[0].thumb, "a .jpg image under /images/"],
    [
      "a phone still that is a .jpeg",
      "photographers",
      "mobileBG",
      "/images/photographers/x.jpeg",
      "a .jpg image under /images/",
    ],
    ["a path outside /images/", "photographers", "bioPhoto", "images/bio/x.jpg", "a .jpg image under /images/"],
    [
      "a path that climbs out of public/",
      "film",
      "mobileBG",
      "/images/../../secret.jpg",
      "a .jpg image under /images/",
    ],
  ] as const)("rejects %s", (_case, list, field, path, expected) => {
    const id = siteContent.artists[list][0].id;
    expect(problemsAfter((content) => (content.artists[list][0][field] = path))).toEqual([
      `artists: ${list} "${id}".${field}: "${path}" must be ${expected}`,
    ]);
  });

  it("rejects a film work thumb that is not an animated .webp", () => {
    const still = film[0].recentWorkThumbs[1].still;
    expect(problemsAfter((content) => (content.artists.film[0].recentWorkThumbs[1].image = still))).toEqual([
      `artists: film "${director}".recentWorkThumbs[1].image: "${still}" must be an animated .webp image under /images/`,
    ]);
  });

  it("wants the reel's HLS playlist first and its MP4 last", () => {
    const [hls, mp4] = siteContent.reels[0].sources;
    expect(problemsAfter((content) => content.reels[0].sources.reverse())).toEqual([
      `reels: "${reel}".sources[0].src: "${mp4.src}" must be an HLS playlist (.m3u8) under /videos/`,
      `reels: "${reel}".sources[0].type: "video/mp4" is not allowed here; use "application/x-mpegURL"`,
      `reels: "${reel}".sources[1].src: "${hls.src}" must be an .mp4 video under /videos/`,
      `reels: "${reel}".sources[1].type: "application/x-mpegURL" is not allowed here; use "video/mp4"`,
    ]);
  });

  it("rejects a reel without its MP4 fallback", () => {
    expect(problemsAfter((content) => content.reels[0].sources.pop())).toEqual([
      `reels: "${reel}".sources: must be two sources: the HLS playlist (.m3u8) first, then the .mp4`,
    ]);
  });
});

describe("ids, slugs and detail URLs", () => {
  it("rejects a duplicate id within a list", () => {
    expect(problemsAfter((content) => (content.artists.film[1].id = director))).toEqual([
      // The copy keeps its own url, which no longer matches its (duplicated) id.
      `artists: film "${director}".url: "${film[1].url}" must be /artists/film/${director} (its list and id)`,
      `artists: film "${director}".id: "${director}" is already used by film[0]`,
      ...orphanedSpots(film[1].id),
    ]);
  });

  it("rejects an id used in both lists", () => {
    expect(
      problemsAfter((content) => {
        content.artists.photographers[2].id = director;
        content.artists.photographers[2].url = `/artists/photography/${director}`;
      }),
    ).toEqual([`artists: photographers "${director}".id: "${director}" is already used by film[0]`]);
  });

  it("rejects an id that is not a URL slug, naming the entry by its index", () => {
    expect(problemsAfter((content) => (content.artists.film[0].id = "Mira Castell"))).toEqual([
      'artists: film[0].id: "Mira Castell" must be a URL slug: lowercase a-z and 0-9 in words joined by "-"',
      ...orphanedSpots(director),
    ]);
  });

  it("rejects a detail URL that does not match the artist's list", () => {
    expect(
      problemsAfter((content) => (content.artists.photographers[0].url = `/artists/film/${photographer}`)),
    ).toEqual([
      `artists: photographers "${photographer}".url: "/artists/film/${photographer}" must be ` +
        `/artists/photography/${photographer} (its list and id)`,
    ]);
  });

  it("rejects a duplicate reel slug", () => {
    const second = siteContent.reels[1].slug;
    expect(problemsAfter((content) => (content.reels[2].slug = second))).toEqual([
      `reels: "${second}".slug: "${second}" is already used by reels[1]`,
    ]);
  });

  it("rejects a reel slug that has no page", () => {
    expect(problemsAfter((content) => (content.reels[0].slug = "reel-2022"))).toEqual([
      `reels: "reel-2022".slug: "reel-2022" is not allowed here; use one of "collective-reel", "reel-2021", "reel-2020"`,
      // Named after the slug, so it is missing too.
      `reels: "reel-2022".slug: its link-preview image /images/og/reels/reel-2022.jpg is not in public/; run npm run media`,
    ]);
  });
});

describe("names and text", () => {
  it("rejects a blank artist name", () => {
    expect(problemsAfter((content) => (content.artists.photographers[0].name = "  "))).toEqual([
      `artists: photographers "${photographer}".name: must not be empty`,
    ]);
  });

  it("names an entry without a valid id by its index", () => {
    expect(
      problemsAfter((content) => {
        delete content.artists.photographers[3].id;
        content.artists.photographers[3].name = "";
      }),
    ).toEqual(["artists: photographers[3].id: is missing", "artists: photographers[3].name: must not be empty"]);
  });

  it.each<[string, Edit, string]>([
    [
      "a work thumb",
      (content) => (content.artists.film[0].recentWorkThumbs[2].name = ""),
      `artists: film "${director}".recentWorkThumbs[2].name: must not be empty`,
    ],
    ["a reel's title", (content) => (content.reels[0].title = "\n"), `reels: "${reel}".title: must not be empty`],
    [
      "a client logo",
      (content) => (content.clients.clientLogos[4].name = ""),
      "clients: clientLogos[4].name: must not be empty",
    ],
    [
      "a client in the text list",
      (content) => (content.clients.clientNames[7] = " "),
      "clients: clientNames[7]: must not be empty",
    ],
    [
      "a testimonial",
      (content) => (content.biography.testimonials[2].name = ""),
      "biography: testimonials[2].name: must not be empty",
    ],
  ])("rejects an empty name on %s", (_case, breakIt, expected) => {
    expect(problemsAfter(breakIt)).toEqual([expected]);
  });
});

describe("links and handles", () => {
  it.each(["https://jane-doe.example", "jane-doe.example/work", "jane doe.example", "localhost", ""])(
    "rejects the website %j",
    (website) => {
      expect(problemsAfter((content) => (content.artists.film[0].website = website))).toEqual([
        `artists: film "${director}".website: ${JSON.stringify(website)} must be a bare host like jane-doe.example, ` +
          'without "https://" or a path',
      ]);
    },
  );

  it.each(["http://watch.frameline.example/v/1", "/work/1", "watch.frameline.example/v/1", "https://"])(
    "rejects the work URL %j",
    (url) => {
      expect(problemsAfter((content) => (content.artists.photographers[0].recentWorkThumbs[0].url = url))).toEqual([
        `artists: photographers "${photographer}".recentWorkThumbs[0].url: ${JSON.stringify(url)} must be an ` +
          "absolute https:// URL, e.g. https://vimeo.com/123",
      ]);
    },
  );

  it.each(["@janedoe", "jane doe", "jane-doe", "a".repeat(31)])("rejects the Instagram handle %j", (handle) => {
    expect(problemsAfter((content) => (content.artists.film[0].instagram = handle))).toEqual([
      `artists: film "${director}".instagram: ${JSON.stringify(handle)} must be an Instagram handle ` +
        'without "@": 1–30 letters, digits, "." or "_"; or "" for none',
    ]);
  });

  it.each(["", "jane.doe_1", "a".repeat(30)])("accepts the Instagram handle %j", (handle) => {
    expect(problemsAfter((content) => (content.artists.film[0].instagram = handle))).toEqual([]);
  });
});

describe("fields the pages depend on", () => {
  it("rejects a title outside the allowed set", () => {
    expect(problemsAfter((content) => (content.artists.film[0].title = "Dierctor"))).toEqual([
      `artists: film "${director}".title: "Dierctor" is not allowed here; use one of ` +
        '"Photographer", "Director", "Photographer / Director", "CGI VFX 3D"',
    ]);
  });

  it("rejects a misspelt field, which the page would never read", () => {
    expect(
      problemsAfter((content) => {
        content.artists.film[0].biograpy = content.artists.film[0].biography;
      }),
    ).toEqual([`artists: film "${director}": unknown field "biograpy": check the spelling, or remove it`]);
  });

  it("rejects a missing required field", () => {
    expect(problemsAfter((content) => delete content.artists.film[0].mobileBG)).toEqual([
      `artists: film "${director}".mobileBG: is missing`,
    ]);
  });

  it("rejects an extra group without its title", () => {
    expect(
      problemsAfter((content) => delete content.artists.photographers[photographerIndex].extraThumbsTitle),
    ).toEqual([
      `artists: photographers "${withExtras}".extraThumbsTitle: is missing: ` +
        "extraThumbsTitle and extraThumbs go together",
    ]);
  });

  it("rejects a separate still on a photograph", () => {
    const image = photographers[0].recentWorkThumbs[0].image;
    expect(problemsAfter((content) => (content.artists.photographers[0].recentWorkThumbs[0].still = image))).toEqual([
      `artists: photographers "${photographer}".recentWorkThumbs[0].still: ` +
        "photographs have no separate still: remove this field",
    ]);
  });

  it.each(["2021-13-01", "2021-02-30", "14/09/2021", "2021-9-14"])("rejects the reel date %j", (date) => {
    expect(problemsAfter((content) => (content.reels[0].uploadDate = date))).toEqual([
      `reels: "${reel}".uploadDate: "${date}" must be a date as YYYY-MM-DD`,
    ]);
  });

  it("rejects an autoplaying reel", () => {
    expect(problemsAfter((content) => (content.reels[0].autoplay = true))).toEqual([
      `reels: "${reel}".autoplay: true is not allowed here; use false`,
    ]);
  });

  it("rejects a malformed contact e-mail and phone", () => {
    expect(
      problemsAfter((content) => {
        content.contact.email = "studio at calloway";
        content.contact.phone = "call the studio";
      }),
    ).toEqual([
      'contact: phone: "call the studio" must be a phone number like +1 (212) 555-0147',
      'contact: email: "studio at calloway" must be an e-mail address like studio@agency.example',
    ]);
  });

  it("rejects client names out of capitals or listed twice", () => {
    const [first] = siteContent.clients.clientNames;
    expect(
      problemsAfter((content) => {
        content.clients.clientNames[1] = first;
        content.clients.clientNames[2] = "Fizzwell";
      }),
    ).toEqual([
      'clients: clientNames[2]: "Fizzwell" must be in capitals',
      `clients: clientNames[1]: ${JSON.stringify(first)} is already used by clientNames[0]`,
    ]);
  });
});

describe("reel spots", () => {
  const { spots, duration } = siteContent.reels[0];

  it("rejects a spot that starts before the previous one ends its turn", () => {
    expect(problemsAfter((content) => (content.reels[0].spots[1].start = 0))).toEqual([
      `reels: "${reel}".spots[1].start: 0 must be after the previous spot's start (0): spots cannot overlap`,
    ]);
  });

  it("rejects a spot past the end of the reel, and a first spot that does not open it", () => {
    const last = spots.length - 1;
    expect(
      problemsAfter((content) => {
        content.reels[0].spots[0].start = 0.5;
        content.reels[0].spots[last].start = duration;
      }),
    ).toEqual([
      `reels: "${reel}".spots[0].start: 0.5 must be 0: the first spot opens the reel`,
      `reels: "${reel}".spots[${last}].start: ${duration} must be before the reel's end (${duration} s)`,
    ]);
  });

  it("rejects a spot without a title or a client, a time that is not a number, and a reel without spots", () => {
    expect(
      problemsAfter((content) => {
        content.reels[0].spots[1].title = " ";
        content.reels[0].spots[1].client = "";
        content.reels[0].spots[2].start = "0:12";
        content.reels[1].spots = [];
      }),
    ).toEqual([
      `reels: "${reel}".spots[1].client: must not be empty`,
      `reels: "${reel}".spots[1].title: must not be empty`,
      `reels: "${reel}".spots[2].start: must be a number`,
      `reels: "${siteContent.reels[1].slug}".spots: must list the spots the reel is cut from`,
    ]);
  });

  it("rejects a spot credited to someone who is not a film artist", () => {
    expect(problemsAfter((content) => (content.reels[0].spots[0].artist = photographer))).toEqual([
      `reels: "${reel}".spots[0].artist: "${photographer}" is not the id of a film artist`,
    ]);
  });
});

describe("collecting every problem", () => {
  it("still finds duplicates and other files' problems when an entry is not even an object", () => {
    expect(
      problemsAfter((content) => {
        content.artists.film[1] = null;
        content.artists.photographers[2].id = director;
        content.artists.photographers[2].url = `/artists/photography/${director}`;
        content.contact.email = "";
      }),
    ).toEqual([
      "artists: film[1]: must be an entry { … }",
      `artists: photographers "${director}".id: "${director}" is already used by film[0]`,
      'contact: email: "" must be an e-mail address like studio@agency.example',
      ...orphanedSpots(film[1].id),
    ]);
  });
});

describe("npm run content:check", () => {
  const tsx = join(ROOT, "node_modules/.bin/tsx");
  const run = (root: string) => spawnSync(tsx, [join(root, "scripts/content-check.ts")], { encoding: "utf8" });

  it("passes the real content with a one-line summary", () => {
    const { status, stdout, stderr } = run(ROOT);
    expect(stderr).toBe("");
    expect(stdout).toBe(
      `content OK: ${film.length + photographers.length} artists (${film.length} film, ${photographers.length} ` +
        `photographers), ${siteContent.reels.length} reels, ${siteContent.clients.clientLogos.length} client logos, ` +
        `${siteContent.clients.clientNames.length} client names, ${siteContent.biography.testimonials.length} testimonials\n`,
    );
    expect(status).toBe(0);
  });

  it("fails, naming the problem, when a content file is broken", () => {
    // A copy of the checker and its content, with the real public/, inside node_modules so zod resolves.
    const copy = mkdtempSync(join(ROOT, "node_modules/.cache-content-check-"));
    try {
      for (const dir of ["app/content", "app/lib", "scripts"])
        cpSync(join(ROOT, dir), join(copy, dir), { recursive: true });
      symlinkSync(PUBLIC_DIR, join(copy, "public"));
      const artistsFile = join(copy, "app/content/artists.ts");
      writeFileSync(
        artistsFile,
        readFileSync(artistsFile, "utf8").replace(`title: "${film[0].title}"`, 'title: "Dierctor"'),
      );

      const { status, stdout, stderr } = run(copy);
      expect(stdout).toBe("");
      expect(stderr).toBe(
        `artists: film "${director}".title: "Dierctor" is not allowed here; use one of ` +
          '"Photographer", "Director", "Photographer / Director", "CGI VFX 3D"\n' +
          "\n1 problem in app/content/ (listed above): fix and run npm run content:check again.\n",
      );
      expect(status).toBe(1);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
