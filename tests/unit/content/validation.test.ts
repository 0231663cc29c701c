import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { artists, biography, captions, clientLogos, clientNames, reels, testimonials } from "#app/content/index.ts";
import type { Film } from "#app/content/types.ts";
import { validateContent } from "#content-check/check.ts";
import { readContentFiles } from "#content-check/read.ts";
import { RESERVED_SLUGS } from "#model/shapes/reel-shape.ts";
import { logoSprites } from "#model/media.ts";
import { PROJECT_SOURCES } from "#tests/support/project-copy.ts";

const ROOT = join(import.meta.dirname, "../../..");
const PUBLIC_DIR = join(ROOT, "public");

// Entries the broken copies below edit, taken from the real content so the messages can be spelled out.
const { directors, photographers } = artists;
const director = directors[0].id;
const photographer = photographers[0].id;
const withExtras = photographers.find((artist) => artist.extraThumbs !== undefined)?.id ?? "";
const reel = reels[0].slug;

/** What the validator says of every spot credited to `id` once no director has that id. */
function orphanedSpots(id: string): string[] {
  return reels.flatMap((reel) =>
    reel.spots.flatMap((spot, index) =>
      spot.artist === id
        ? [`app/content/reels/${reel.slug}.md: spots[${index}].artist: "${id}" is not the id of a director`]
        : [],
    ),
  );
}

/** An artist's work thumbs, the recent ones, then the extra ones. */
const works = (artist: (typeof directors)[number]) => [...artist.recentWorkThumbs, ...(artist.extraThumbs ?? [])];

/** A reel's media as a file that spells them out gives them (they are derived from its slug otherwise). */
function spelledOut({ poster, thumb, sources }: (typeof reels)[number]) {
  return { poster, thumb, sources: sources.map((source) => ({ ...source })) };
}

/**
 * An edit that breaks a copy of the content as read from its files. `any`: the edits write what
 * the schema forbids, as an operator's hand-edited file can.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as said above
type Edit = (content: any) => void;

/** Problems without their line numbers: these edits change the data, not the files the lines are of. */
const withoutLines = (problems: string[]) =>
  problems.map((problem) => problem.replace(/^(app\/content\/[^:]*):\d+: /, "$1: "));

/** What the validator says about a copy of the real content after `breakIt` edits it. */
function problemsAfter(breakIt: Edit): string[] {
  const read = readContentFiles(ROOT);
  breakIt(read.content);
  return withoutLines(validateContent(read, { publicDir: PUBLIC_DIR }).problems);
}

describe("validateContent on the real content", () => {
  it("finds no problem", () => {
    expect(validateContent(readContentFiles(ROOT), { publicDir: PUBLIC_DIR }).problems).toEqual([]);
  });

  it("reports media as missing when checked against a folder that holds none", () => {
    const problems = withoutLines(validateContent(readContentFiles(ROOT), { publicDir: join(ROOT, "tests") }).problems);
    expect(problems).toContain(
      `app/content/artists/directors/${director}.md: thumb: ${directors[0].thumb} is not in public/`,
    );
    expect(problems).toContain(`app/content/biography.md: photo: ${biography.photo} is not in public/`);
  });
});

describe("media files", () => {
  it("names a missing file its id fixes, in the field that holds it", () => {
    const works = directors[0].recentWorkThumbs;
    const added = `/images/work/${director}/${works.length + 1}`;
    expect(
      problemsAfter((content) =>
        content.artists.directors[director].recentWorkThumbs.push({ name: "New", url: "https://new.example/1" }),
      ),
    ).toEqual([
      `app/content/artists/directors/${director}.md: recentWorkThumbs[${works.length}].image: ${added}.webp is not in public/`,
      `app/content/artists/directors/${director}.md: recentWorkThumbs[${works.length}].still: ${added}.jpg is not in public/`,
    ]);
  });

  it("names a still whose responsive copies were never generated", () => {
    // The link-preview images are named after the id too, but no srcset ladder is made of them.
    const ladderless = mkdtempSync(join(tmpdir(), "ladderless-"));
    try {
      mkdirSync(join(ladderless, "images/bio"), { recursive: true });
      const files = { publicDir: ladderless, named: undefined };
      cpSync(
        join(PUBLIC_DIR, `images/og/artists/${photographer}.jpg`),
        join(ladderless, `images/bio/${photographer}.jpg`),
      );
      const read = readContentFiles(ROOT);
      const giveBioPhoto: Edit = (content) => (content.artists.photographers[photographer].bioPhoto = true);
      giveBioPhoto(read.content);
      const problems = withoutLines(validateContent(read, files).problems);
      expect(problems).toContain(
        `app/content/artists/photographers/${photographer}.md: bioPhoto: /images/bio/${photographer}.jpg lacks 9 responsive copies in public/ ` +
          `(e.g. /images/bio/${photographer}-320w.avif); run npm run media`,
      );
    } finally {
      rmSync(ladderless, { recursive: true });
    }
  });

  it("names a strip of logos the media script has not drawn, after a logo is added or moved", () => {
    const logos = clientLogos;
    // Swapping the first two logos changes what the first strip holds, and so its name.
    const [strip] = logoSprites([logos[1], logos[0], ...logos.slice(2)]);
    expect(problemsAfter((content) => content.clients.clientLogos.splice(0, 2, logos[1], logos[0]))).toEqual([
      `app/content/clients.yaml: clientLogos: the strip of the logos from ${logos[1].logo} on, ${strip.webp}, is not in public/; run npm run media`,
    ]);
  });

  it("derives an artist's media from the list and id, and accepts them spelled out as older files do", () => {
    const read = readContentFiles(ROOT);
    // The demo's files leave them out; a bio photo is `true`.
    for (const field of ["thumb", "mobileBG"])
      expect(read.content).not.toHaveProperty(["artists", "directors", director, field]);
    expect(read.content).not.toHaveProperty(["artists", "directors", director, "recentWorkThumbs", 0, "image"]);
    expect(read.content).toHaveProperty(["artists", "directors", director, "bioPhoto"], true);
    const { content } = validateContent(read, { publicDir: PUBLIC_DIR });
    const compiledFilm = content?.artists.directors.find((artist) => artist.id === director);
    expect(compiledFilm).toMatchObject({
      thumb: `/videos/directors/${director}.mp4`,
      mobileBG: `/images/directors/${director}.jpg`,
      bioPhoto: `/images/bio/${director}.jpg`,
    });
    expect(compiledFilm?.recentWorkThumbs[1]).toMatchObject({
      image: `/images/work/${director}/2.webp`,
      still: `/images/work/${director}/2.jpg`,
    });
    const compiledPhoto = content?.artists.photographers.find((artist) => artist.id === photographer);
    expect(compiledPhoto).toMatchObject({
      thumb: `/images/photographers/${photographer}.jpg`,
      mobileBG: `/images/photographers/${photographer}-mobile.jpg`,
    });
    expect(compiledPhoto?.recentWorkThumbs[0]).toEqual(
      expect.objectContaining({ image: `/images/work/${photographer}/1.jpg` }),
    );
    expect(compiledPhoto?.recentWorkThumbs[0]).not.toHaveProperty("still");
    expect(
      problemsAfter((content) => {
        const artist = content.artists.directors[director];
        Object.assign(artist, {
          thumb: directors[0].thumb,
          mobileBG: directors[0].mobileBG,
          bioPhoto: directors[0].bioPhoto,
        });
        Object.assign(artist.recentWorkThumbs[0], {
          image: works(directors[0])[0].image,
          still: works(directors[0])[0].still,
        });
      }),
    ).toEqual([]);
  });

  it.each([
    ["a film thumb that is another's", "directors", "thumb", directors[1].thumb, "/videos/directors/%s.mp4"],
    [
      "a phone still that is a .jpeg",
      "photographers",
      "mobileBG",
      "/images/x.jpeg",
      "/images/photographers/%s-mobile.jpg",
    ],
    ["a bio photo's path elsewhere", "photographers", "bioPhoto", "images/bio/x.jpg", "/images/bio/%s.jpg"],
  ] as const)("refuses %s: the path its id fixes, or none", (_case, list, field, path, expected) => {
    const id = artists[list][0].id;
    const why = field === "bioPhoto" ? "its id: or write true" : "its list and id";
    expect(problemsAfter((content) => (content.artists[list][id][field] = path))).toEqual([
      `app/content/artists/${list}/${id}.md: ${field}: "${path}" must be ${expected.replace("%s", id)} (${why})`,
    ]);
  });

  it("refuses a work's picture spelled out otherwise than its artist's id and its number name it", () => {
    const still = directors[0].recentWorkThumbs[1].still;
    expect(problemsAfter((content) => (content.artists.directors[director].recentWorkThumbs[1].image = still))).toEqual(
      [
        `app/content/artists/directors/${director}.md: recentWorkThumbs[1].image: "${still}" must be ` +
          `/images/work/${director}/2.webp (its artist's id and its number in the list)`,
      ],
    );
  });

  it("wants the reel's HLS playlist first and its MP4 last", () => {
    const [hls, mp4] = reels[0].sources;
    expect(
      problemsAfter((content) => (content.reels[reels[0].slug].sources = spelledOut(reels[0]).sources.reverse())),
    ).toEqual([
      `app/content/reels/${reel}.md: sources[0].src: "${mp4.src}" must be an HLS playlist (.m3u8) under /videos/`,
      `app/content/reels/${reel}.md: sources[0].type: "video/mp4" is not allowed here; use "application/x-mpegURL"`,
      `app/content/reels/${reel}.md: sources[1].src: "${hls.src}" must be an .mp4 video under /videos/`,
      `app/content/reels/${reel}.md: sources[1].type: "application/x-mpegURL" is not allowed here; use "video/mp4"`,
    ]);
  });

  it("rejects a reel without its MP4 fallback", () => {
    expect(
      problemsAfter((content) => (content.reels[reels[0].slug].sources = spelledOut(reels[0]).sources.slice(0, 1))),
    ).toEqual([
      `app/content/reels/${reel}.md: sources: must be two sources: the HLS playlist (.m3u8) first, then the .mp4`,
    ]);
  });
});

describe("ids, slugs and detail URLs", () => {
  it("rejects an id that is not its file's name", () => {
    // Its media now derive from the other id too: on a roster where it has more works than that
    // artist, those are missing as well, which is not what this test is about.
    expect(
      problemsAfter((content) => {
        content.artists.directors[directors[1].id].url = directors[1].url;
        content.artists.directors[directors[1].id].id = director;
      }).filter((problem) => / (id|url): /.test(problem)),
    ).toEqual([
      // The file keeps its own url, which no longer matches the id either.
      `app/content/artists/directors/${directors[1].id}.md: url: "${directors[1].url}" must be /artists/film/${director} (its list and id)`,
      `app/content/artists/directors/${directors[1].id}.md: id: "${director}" must be the file's name, "${directors[1].id}": rename one of them`,
    ]);
  });

  it("rejects an id used in both folders", () => {
    expect(
      problemsAfter((content) => {
        const { [photographers[2].id]: moved } = content.artists.photographers;
        content.artists.photographers[director] = { ...moved, id: director, url: `/artists/photography/${director}` };
      }),
      // Its photographs, named after the id, are missing too.
    ).toContain(
      `app/content/artists/photographers/${director}.md: id: "${director}" is already used by artists/directors/${director}.md`,
    );
  });

  it("rejects an id that is not a URL slug", () => {
    expect(problemsAfter((content) => (content.artists.directors[director].id = "Mira Castell"))).toEqual([
      `app/content/artists/directors/${director}.md: id: "Mira Castell" must be a URL slug: lowercase a-z and 0-9 in words joined by "-", at most 100 characters`,
      `app/content/artists/directors/${director}.md: id: "Mira Castell" must be the file's name, "${director}": rename one of them`,
    ]);
  });

  it("rejects an id longer than an event or a shortlist link carries", () => {
    const long = "a".repeat(101);
    expect(problemsAfter((content) => (content.artists.directors[director].id = long))).toContain(
      `app/content/artists/directors/${director}.md: id: "${long}" must be a URL slug: lowercase a-z and 0-9 in words joined by "-", at most 100 characters`,
    );
  });

  it("rejects a detail URL that does not match the artist's list", () => {
    expect(
      problemsAfter((content) => (content.artists.photographers[photographer].url = `/artists/film/${photographer}`)),
    ).toEqual([
      `app/content/artists/photographers/${photographer}.md: url: "/artists/film/${photographer}" must be ` +
        `/artists/photography/${photographer} (its list and id)`,
    ]);
  });

  it("derives an artist's detail URL and a reel's media from the id and slug, and accepts them spelled out", () => {
    const read = readContentFiles(ROOT);
    // The demo's files leave them out.
    expect(read.content).toHaveProperty(["artists", "directors", director, "id"], director);
    expect(read.content).not.toHaveProperty(["artists", "directors", director, "url"]);
    for (const field of ["poster", "thumb", "sources"]) expect(read.content).not.toHaveProperty(["reels", reel, field]);
    const { content } = validateContent(read, { publicDir: PUBLIC_DIR });
    expect(content?.artists.directors.find((artist) => artist.id === director)?.url).toBe(`/artists/film/${director}`);
    expect(content?.artists.photographers.find((artist) => artist.id === photographer)?.url).toBe(
      `/artists/photography/${photographer}`,
    );
    expect(content?.reels.find((each) => each.slug === reel)).toMatchObject({
      poster: `/images/reels/${reel}.jpg`,
      thumb: `/images/reels/${reel}.webp`,
      sources: [
        { src: `/videos/reels/${reel}/master.m3u8`, type: "application/x-mpegURL" },
        { src: `/videos/reels/${reel}.mp4`, type: "video/mp4" },
      ],
    });
    expect(
      problemsAfter((content) => {
        content.artists.directors[director].url = `/artists/film/${director}`;
        Object.assign(content.reels[reel], spelledOut(reels[0]));
      }),
    ).toEqual([]);
  });

  it("refuses a reel's media spelled out otherwise than its slug names them", () => {
    const other = reels[1];
    expect(
      problemsAfter((content) => {
        content.reels[reel].poster = other.poster;
        content.reels[reel].sources = spelledOut(other).sources;
      }),
    ).toEqual([
      `app/content/reels/${reel}.md: poster: "${other.poster}" must be /images/reels/${reel}.jpg (its slug)`,
      `app/content/reels/${reel}.md: sources[0].src: "${other.sources[0].src}" must be /videos/reels/${reel}/master.m3u8 (its slug)`,
      `app/content/reels/${reel}.md: sources[1].src: "${other.sources[1].src}" must be /videos/reels/${reel}.mp4 (its slug)`,
    ]);
  });

  it("rejects a reel slug that is the address of one of the site's pages", () => {
    expect(
      problemsAfter((content) => {
        content.reels.clients = { ...content.reels[reel], ...spelledOut(reels[0]), slug: "clients" };
      }),
    ).toEqual([
      `app/content/reels/clients.md: slug: "clients" is the address of one of the site's own pages: choose another slug`,
      // Named after the slug, so it is missing too.
      "app/content/reels/clients.md: sources[1].src: /videos/reels/clients.mp4 is not in public/",
      "app/content/reels/clients.md: sources[0].src: /videos/reels/clients/master.m3u8 is not in public/",
      "app/content/reels/clients.md: poster: /images/reels/clients.jpg is not in public/",
      "app/content/reels/clients.md: thumb: /images/reels/clients.webp is not in public/",
      "app/content/reels/clients.md: slug: its link-preview image /images/og/reels/clients.jpg is not in public/; run npm run media",
    ]);
  });

  it("keeps the reserved slugs in step with the routes: every single-segment page of app/routes/ is one", () => {
    const firstSegments = readdirSync(join(ROOT, "app/routes"))
      // A trailing "_" (selects_.search.ts) only opts out of the parent's layout: the URL's segment is without it.
      .map((file) =>
        file
          .replace(/\.tsx?$/, "")
          .split(".")[0]
          .replace(/_$/, ""),
      )
      .filter((segment) => /^[a-z]/.test(segment) && !segment.includes("["));
    expect(firstSegments.length).toBeGreaterThan(0);
    for (const segment of firstSegments) expect(RESERVED_SLUGS, segment).toContain(segment);
  });
});

describe("names and text", () => {
  it("rejects a blank artist name", () => {
    expect(problemsAfter((content) => (content.artists.photographers[photographers[0].id].name = "  "))).toEqual([
      `app/content/artists/photographers/${photographer}.md: name: must not be empty`,
    ]);
  });

  it("names the file of an entry without an id", () => {
    const file = `app/content/artists/photographers/${photographers[3].id}.md`;
    expect(
      problemsAfter((content) => {
        delete content.artists.photographers[photographers[3].id].id;
        content.artists.photographers[photographers[3].id].name = "";
      }),
    ).toEqual([`${file}: id: is missing`, `${file}: name: must not be empty`]);
  });

  it.each<[string, Edit, string]>([
    [
      "a work thumb",
      (content) => (content.artists.directors[directors[0].id].recentWorkThumbs[2].name = ""),
      `app/content/artists/directors/${director}.md: recentWorkThumbs[2].name: must not be empty`,
    ],
    [
      "a reel's title",
      (content) => (content.reels[reels[0].slug].title = "\n"),
      `app/content/reels/${reel}.md: title: must not be empty`,
    ],
    [
      "a client logo",
      (content) => (content.clients.clientLogos[4].name = ""),
      "app/content/clients.yaml: clientLogos[4].name: must not be empty",
    ],
    [
      "a client in the text list",
      (content) => (content.clients.clientNames[7] = " "),
      "app/content/clients.yaml: clientNames[7]: must not be empty",
    ],
    [
      "a testimonial",
      (content) => (content.biography.testimonials[2].name = ""),
      "app/content/biography.md: testimonials[2].name: must not be empty",
    ],
  ])("rejects an empty name on %s", (_case, breakIt, expected) => {
    expect(problemsAfter(breakIt)).toEqual([expected]);
  });
});

describe("links and handles", () => {
  it.each(["https://jane-doe.example", "jane-doe.example/work", "jane doe.example", "localhost", ""])(
    "rejects the website %j",
    (website) => {
      expect(problemsAfter((content) => (content.artists.directors[directors[0].id].website = website))).toEqual([
        `app/content/artists/directors/${director}.md: website: ${JSON.stringify(
          website,
        )} must be a bare host like jane-doe.example, ` + 'without "https://" or a path',
      ]);
    },
  );

  it.each(["http://watch.frameline.example/v/1", "/work/1", "watch.frameline.example/v/1", "https://"])(
    "rejects the work URL %j",
    (url) => {
      expect(
        problemsAfter((content) => (content.artists.photographers[photographers[0].id].recentWorkThumbs[0].url = url)),
      ).toEqual([
        `app/content/artists/photographers/${photographer}.md: recentWorkThumbs[0].url: ${JSON.stringify(
          url,
        )} must be an ` + "absolute https:// URL, e.g. https://vimeo.com/123",
      ]);
    },
  );

  it.each(["@janedoe", "jane doe", "jane-doe", "a".repeat(31)])("rejects the Instagram handle %j", (handle) => {
    expect(problemsAfter((content) => (content.artists.directors[directors[0].id].instagram = handle))).toEqual([
      `app/content/artists/directors/${director}.md: instagram: ${JSON.stringify(handle)} must be an Instagram handle ` +
        'without "@": 1–30 letters, digits, "." or "_"; or "" for none',
    ]);
  });

  it.each(["", "jane.doe_1", "a".repeat(30)])("accepts the Instagram handle %j", (handle) => {
    expect(problemsAfter((content) => (content.artists.directors[directors[0].id].instagram = handle))).toEqual([]);
  });
});

describe("fields the pages depend on", () => {
  it("rejects a title outside the allowed set", () => {
    expect(problemsAfter((content) => (content.artists.directors[directors[0].id].title = "Dierctor"))).toEqual([
      `app/content/artists/directors/${director}.md: title: "Dierctor" is not allowed here; use one of ` +
        '"Photographer", "Director", "Photographer / Director", "CGI VFX 3D"',
    ]);
  });

  it("rejects a misspelt field, which the page would never read", () => {
    expect(
      problemsAfter((content) => {
        content.artists.directors[directors[0].id].biograpy = content.artists.directors[directors[0].id].biography;
      }),
    ).toEqual([
      `app/content/artists/directors/${director}.md: unknown field "biograpy": check the spelling, or remove it`,
    ]);
  });

  it("rejects a missing required field", () => {
    expect(problemsAfter((content) => delete content.artists.directors[directors[0].id].website)).toEqual([
      `app/content/artists/directors/${director}.md: website: is missing`,
    ]);
  });

  it("rejects an extra group without its title", () => {
    expect(problemsAfter((content) => delete content.artists.photographers[withExtras].extraThumbsTitle)).toEqual([
      `app/content/artists/photographers/${withExtras}.md: extraThumbsTitle: is missing: ` +
        "extraThumbsTitle and extraThumbs go together",
    ]);
  });

  it("rejects a separate still on a photograph", () => {
    const image = photographers[0].recentWorkThumbs[0].image;
    expect(
      problemsAfter(
        (content) => (content.artists.photographers[photographers[0].id].recentWorkThumbs[0].still = image),
      ),
    ).toEqual([
      `app/content/artists/photographers/${photographer}.md: recentWorkThumbs[0].still: ` +
        "photographs have no separate still: remove this field",
    ]);
  });

  it.each(["2021-13-01", "2021-02-30", "14/09/2021", "2021-9-14"])("rejects the reel date %j", (date) => {
    expect(problemsAfter((content) => (content.reels[reels[0].slug].uploadDate = date))).toEqual([
      `app/content/reels/${reel}.md: uploadDate: "${date}" must be a date as YYYY-MM-DD`,
    ]);
  });

  it("accepts a reel that starts by itself, with or without controls", () => {
    expect(problemsAfter((content) => (content.reels[reels[0].slug].autoplay = true))).toEqual([]);
    expect(
      problemsAfter((content) => {
        content.reels[reels[0].slug].autoplay = true;
        content.reels[reels[0].slug].controls = false;
      }),
    ).toEqual([]);
  });

  it("rejects a reel with neither controls nor autoplay, which nobody could start", () => {
    expect(problemsAfter((content) => (content.reels[reels[0].slug].controls = false))).toEqual([
      `app/content/reels/${reel}.md: controls: false needs autoplay: true, or nobody could start the reel`,
    ]);
  });

  it("rejects a malformed contact e-mail and phone", () => {
    expect(
      problemsAfter((content) => {
        content.contact.email = "studio at calloway";
        content.contact.phone = "call the studio";
      }),
    ).toEqual([
      'app/content/contact.yaml: phone: "call the studio" must be a phone number like +1 (212) 555-0147',
      'app/content/contact.yaml: email: "studio at calloway" must be an e-mail address like studio@agency.example',
    ]);
  });

  it("rejects client names out of capitals or listed twice", () => {
    const [first] = clientNames;
    expect(
      problemsAfter((content) => {
        content.clients.clientNames[1] = first;
        content.clients.clientNames[2] = "Fizzwell";
      }),
    ).toEqual([
      'app/content/clients.yaml: clientNames[2]: "Fizzwell" must be in capitals',
      `app/content/clients.yaml: clientNames[1]: ${JSON.stringify(first)} is already used by clientNames[0]`,
    ]);
  });
});

describe("reel spots", () => {
  const { spots, duration } = reels[0];

  it("rejects a spot that starts before the previous one ends its turn", () => {
    expect(problemsAfter((content) => (content.reels[reels[0].slug].spots[1].start = 0))).toEqual([
      `app/content/reels/${reel}.md: spots[1].start: 0 must be after the previous spot's start (0): spots cannot overlap`,
    ]);
  });

  it("rejects a spot past the end of the reel, and a first spot that does not open it", () => {
    const last = spots.length - 1;
    expect(
      problemsAfter((content) => {
        content.reels[reels[0].slug].spots[0].start = 0.5;
        content.reels[reels[0].slug].spots[last].start = duration;
      }),
    ).toEqual([
      `app/content/reels/${reel}.md: spots[0].start: 0.5 must be 0: the first spot opens the reel`,
      `app/content/reels/${reel}.md: spots[${last}].start: ${duration} must be before the film's end (${duration} s)`,
    ]);
  });

  it("rejects a spot without a title or a client, a time that is not a number, and a reel without spots", () => {
    expect(
      problemsAfter((content) => {
        content.reels[reels[0].slug].spots[1].title = " ";
        content.reels[reels[0].slug].spots[1].client = "";
        content.reels[reels[0].slug].spots[2].start = "0:12";
        content.reels[reels[1].slug].spots = [];
      }),
    ).toEqual([
      `app/content/reels/${reel}.md: spots[1].client: must not be empty`,
      `app/content/reels/${reel}.md: spots[1].title: must not be empty`,
      `app/content/reels/${reel}.md: spots[2].start: must be a number`,
      `app/content/reels/${reels[1].slug}.md: spots: must list the spots the reel is cut from`,
    ]);
  });

  it("rejects a spot credited to someone who is not a film artist", () => {
    expect(problemsAfter((content) => (content.reels[reels[0].slug].spots[0].artist = photographer))).toEqual([
      `app/content/reels/${reel}.md: spots[0].artist: "${photographer}" is not the id of a director`,
    ]);
  });
});

describe("reels against their films", () => {
  const [first] = reels;
  const mp4 = first.sources[1].src;
  const last = first.spots.length - 1;
  /** The real content with the media build's record of the first reel's film replaced by `film`, after `breakIt`. */
  function checkedWith(film: Film | undefined, breakIt: Edit = () => {}) {
    const read = readContentFiles(ROOT);
    if (film) read.films[mp4] = film;
    else delete read.films[mp4];
    breakIt(read.content);
    const result = validateContent(read, { publicDir: PUBLIC_DIR });
    return { ...result, problems: withoutLines(result.problems) };
  }
  const scope = { width: 1920, height: 804, duration: first.duration, fps: "24000/1001" };

  it("takes the reel's length and shape from its film", () => {
    const { content } = checkedWith(scope, (content) => delete content.reels[reel].duration);
    expect(content?.reels[0]).toMatchObject({ duration: scope.duration, frame: { width: 1920, height: 804 } });
  });

  it("refuses a stated length more than half a second from the film's, and accepts one within it", () => {
    expect(checkedWith(scope, (content) => (content.reels[reel].duration = scope.duration + 1)).problems).toEqual([
      `app/content/reels/${reel}.md: duration: ${scope.duration + 1} s is not the film's length (${
        scope.duration
      } s, read from the film by npm run media): correct it, or remove the field to take the film's`,
    ]);
    expect(checkedWith(scope, (content) => (content.reels[reel].duration = scope.duration + 0.4)).problems).toEqual([]);
  });

  it("refuses a spot and a poster moment past the film's end, whatever length the file states", () => {
    const short = { ...scope, duration: first.spots[last].start };
    expect(
      checkedWith(short, (content) => {
        delete content.reels[reel].duration;
        content.reels[reel].posterAt = short.duration + 2;
      }).problems,
    ).toEqual([
      `app/content/reels/${reel}.md: spots[${last}].start: ${short.duration} must be before the film's end (${short.duration} s)`,
      `app/content/reels/${reel}.md: posterAt: ${short.duration + 2} must be before the film's end (${
        short.duration
      } s)`,
    ]);
  });

  it("asks for the media build when neither the film nor the file gives the length", () => {
    expect(checkedWith(undefined, (content) => delete content.reels[reel].duration).problems).toEqual([
      `app/content/reels/${reel}.md: duration: is missing, and the film's length is not known: run npm run media, which reads it from the film (or state it in seconds)`,
    ]);
  });

  it("gives a reel made before films were recorded the 16:9 frame it was cropped to", () => {
    expect(checkedWith(undefined).content?.reels[0].frame).toEqual({ width: 1920, height: 1080 });
  });

  it("refuses a grid clip starting less than a second before its film ends, and a focus outside the picture", () => {
    const artist = directors[0];
    const read = readContentFiles(ROOT);
    read.films[artist.thumb] = { width: 1920, height: 1080, duration: 4, fps: "25/1" };
    const breakIt: Edit = (content) => {
      content.artists.directors[artist.id].clipStart = 3.5;
      content.artists.directors[artist.id].focus = { x: 0.5, y: 1.5 };
    };
    breakIt(read.content);
    expect(withoutLines(validateContent(read, { publicDir: PUBLIC_DIR }).problems)).toEqual([
      `app/content/artists/directors/${artist.id}.md: focus.y: must be between 0 (top) and 1 (bottom)`,
      `app/content/artists/directors/${artist.id}.md: clipStart: 3.5 leaves less than 1 s of the 4 s film for the grid clip: start earlier`,
    ]);
  });
});

describe("media held at MEDIA_ORIGIN (remote)", () => {
  it("checks the media build's record instead of public/, and names what it lacks", () => {
    const read = readContentFiles(ROOT);
    // A record of every media file the content names, as the media build leaves it…
    const named = new Set<string>();
    validateContent(read, { publicDir: PUBLIC_DIR, named: (path) => named.add(path) });
    read.outputs = named;
    // …is all it takes: public/ is not looked at (an empty folder stands for a clone whose media are in a bucket).
    expect(validateContent(read, { publicDir: join(ROOT, "tests"), remote: true }).problems).toEqual([]);
    const poster = reels[0].poster;
    read.outputs.delete(poster);
    expect(withoutLines(validateContent(read, { publicDir: join(ROOT, "tests"), remote: true }).problems)).toEqual([
      `app/content/reels/${reel}.md: poster: ${poster} is not in media/manifest.json (the media npm run media made, held at MEDIA_ORIGIN)`,
    ]);
  });

  it("tells each media path the content names, once per use, so --remote can ask for it", () => {
    const named = new Set<string>();
    validateContent(readContentFiles(ROOT), { publicDir: PUBLIC_DIR, named: (path) => named.add(path) });
    expect(named).toContain(reels[0].sources[0].src);
    expect(named).toContain(artists.directors[0].thumb);
    expect([...named].every((path) => /^\/(images|videos)\//.test(path))).toBe(true);
  });
});

describe("collecting every problem", () => {
  it("still finds other files' problems when an entry is not even a set of fields", () => {
    expect(
      problemsAfter((content) => {
        content.artists.directors[directors[1].id] = null;
        content.contact.email = "";
      }),
    ).toEqual([
      `app/content/artists/directors/${directors[1].id}.md: must be fields (name: value)`,
      'app/content/contact.yaml: email: "" must be an e-mail address like studio@agency.example',
    ]);
  });
});

/**
 * A copy of the project to break: the sources and content copied, node_modules and public/'s
 * media linked (public/build stays empty, so a build that should refuse cannot touch the real one).
 */
function scratchProject(): string {
  const dir = mkdtempSync(join(tmpdir(), "content-check-"));
  for (const file of PROJECT_SOURCES) {
    cpSync(join(ROOT, file), join(dir, file), { recursive: true });
  }
  rmSync(join(dir, "app/content/generated.js"), { force: true });
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  mkdirSync(join(dir, "public"));
  for (const entry of readdirSync(PUBLIC_DIR)) {
    if (entry !== "build") symlinkSync(join(PUBLIC_DIR, entry), join(dir, "public", entry));
  }
  return dir;
}

describe("content files", () => {
  const project = scratchProject();
  const filmFile = `app/content/artists/directors/${director}.md`;
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  /** Edits files of the scratch project, returns what the check says, then puts the files back. */
  function problemsWith(edit: (path: (file: string) => string) => void): string[] {
    const saved = join(project, "app/content.saved");
    cpSync(join(project, "app/content"), saved, { recursive: true });
    try {
      edit((file) => join(project, file));
      return validateContent(readContentFiles(project), { publicDir: PUBLIC_DIR }).problems;
    } finally {
      rmSync(join(project, "app/content"), { recursive: true });
      renameSync(saved, join(project, "app/content"));
    }
  }

  /** Replaces `from` in a file of the scratch project; the 1-based line it is on. */
  function replaceIn(path: string, from: string, to: string): number {
    const text = readFileSync(path, "utf8");
    expect(text, `${path} holds ${from}`).toContain(from);
    writeFileSync(path, text.replace(from, to));
    return text.slice(0, text.indexOf(from)).split("\n").length;
  }

  it("reads the real content without a problem", () => {
    expect(problemsWith(() => {})).toEqual([]);
  });

  it("names the file and line of a spot that starts past its film's end", () => {
    const [first] = reels;
    const lastStart = first.spots[first.spots.length - 1].start;
    // The media build's record says the film ends where its last spot starts.
    const film = { width: 1920, height: 1080, duration: lastStart, fps: "25/1" };
    mkdirSync(join(project, "media"), { recursive: true });
    writeFileSync(
      join(project, "media/manifest.json"),
      JSON.stringify({ [first.sources[1].src]: { from: [], key: "", film } }),
    );
    try {
      const file = `app/content/reels/${first.slug}.md`;
      let line = 0;
      const problems = problemsWith((path) => {
        replaceIn(path(file), `\nduration: ${first.duration}\n`, "\n");
        line = replaceIn(path(file), `start: ${lastStart}\n`, `start: ${lastStart}\n`);
      });
      expect(problems).toEqual([
        `${file}:${line}: spots[${
          first.spots.length - 1
        }].start: ${lastStart} must be before the film's end (${lastStart} s)`,
      ]);
    } finally {
      rmSync(join(project, "media"), { recursive: true });
    }
  });

  it("names an unknown field with its file and line", () => {
    let line = 0;
    const problems = problemsWith((path) => (line = replaceIn(path(filmFile), "\nwebsite:", "\nwebsit:")));
    expect(problems).toEqual([
      // A missing field is on the line the fields start.
      `${filmFile}:2: website: is missing`,
      `${filmFile}:${line + 1}: unknown field "websit": check the spelling, or remove it`,
    ]);
  });

  it("names a value of the wrong type with its file and line", () => {
    let line = 0;
    const problems = problemsWith((path) => (line = replaceIn(path(filmFile), "\norder: ", "\norder: first # ")));
    expect(problems).toEqual([`${filmFile}:${line + 1}: order: must be a number`]);
  });

  it("names a media file that is not in public/", () => {
    let line = 0;
    const bioless = `app/content/artists/directors/${directors.find((artist) => !artist.bioPhoto)?.id}.md`;
    const problems = problemsWith((path) => {
      line = readFileSync(path(bioless), "utf8").split("\n").indexOf("---", 1) + 1;
      replaceIn(path(bioless), "\n---\n", "\nbioPhoto: true\n---\n");
    });
    const id = bioless.replace(/^.*\/|\.md$/g, "");
    expect(problems).toEqual([`${bioless}:${line}: bioPhoto: /images/bio/${id}.jpg is not in public/`]);
  });

  it("names a duplicate id: an artist's file in both folders", () => {
    const copy = `app/content/artists/photographers/${director}.md`;
    const problems = problemsWith((path) => cpSync(path(filmFile), path(copy)));
    expect(problems).toContain(`${copy}:2: id: "${director}" is already used by artists/directors/${director}.md`);
  });

  it("names an id that differs from its file name", () => {
    const renamed = "app/content/artists/directors/someone-else.md";
    const problems = withoutLines(problemsWith((path) => renameSync(path(filmFile), path(renamed))));
    expect(problems).toEqual([
      `${renamed}: id: "${director}" must be the file's name, "someone-else": rename one of them`,
      // The reels credit the artist by file name, which has changed.
      ...orphanedSpots(director),
    ]);
  });

  it("names a YAML syntax error with its line, in a YAML file and in a Markdown file's fields", () => {
    let yamlLine = 0;
    let markdownLine = 0;
    const problems = problemsWith((path) => {
      // A colon after a value starts a mapping that YAML does not allow there.
      yamlLine = replaceIn(path("app/content/contact.yaml"), "\nphone: ", "\nphone: call: ");
      markdownLine = replaceIn(path(filmFile), "\ntitle: ", "\ntitle: Director: ");
    });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(new RegExp(`^app/content/contact\\.yaml:${yamlLine + 1}: YAML syntax: \\S`));
    expect(problems[1]).toMatch(new RegExp(`^${filmFile}:${markdownLine + 1}: YAML syntax: \\S`));
  });

  it("wants a Markdown file's fields between --- lines, and its text below them", () => {
    let descriptionLine = 0;
    const problems = problemsWith((path) => {
      replaceIn(path(filmFile), "---\n", "");
      descriptionLine = replaceIn(
        path(`app/content/reels/${reel}.md`),
        "\ntitle: ",
        "\ndescription: Two descriptions\ntitle: ",
      );
    });
    expect(problems).toEqual([
      `${filmFile}:1: must start with a line of three dashes (---), then the fields, then another --- line`,
      `app/content/reels/${reel}.md:${descriptionLine + 1}: ` +
        "description: the text below the second --- line is the description: remove this field",
    ]);
  });

  it("names a content file the site would not read, and reads one saved with CRLF line ends", () => {
    const problems = problemsWith((path) => {
      renameSync(path("app/content/contact.yaml"), path("app/content/contact.yml"));
      const file = path(filmFile);
      writeFileSync(file, readFileSync(file, "utf8").replaceAll("\n", "\r\n"));
    });
    expect(problems).toEqual([
      "app/content/contact.yaml: is missing",
      "app/content/contact.yml: not a file the site reads; docs/content.md lists where content goes",
    ]);
  });

  it("refuses captions for no reel, by file and line; a cue browsers never show is dropped with a warning, never refusing its file", () => {
    const end = `00:00:${String(reels[0].duration).padStart(2, "0")}.000`;
    const read = readContentFiles(ROOT);
    read.captions.push(
      {
        name: `app/content/reels/${reel}.de.vtt`,
        slug: reel,
        lang: "de",
        format: "vtt",
        text: `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n[Wind]\n\n${end} --> 00:10:00.000\n[From a longer cut]\n`,
      },
      {
        name: "app/content/reels/no-such-reel.en.vtt",
        slug: "no-such-reel",
        lang: "en",
        format: "vtt",
        text: "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n[Wind]\n",
      },
    );
    const { problems, warnings } = validateContent(read, { publicDir: PUBLIC_DIR });
    expect(problems).toEqual([
      expect.stringMatching(/^app\/content\/reels\/no-such-reel\.en\.vtt:1: there is no reel "no-such-reel"/),
    ]);
    expect(warnings).toContain(
      `app/content/reels/${reel}.de.vtt:6: dropped, as browsers never show it: it starts (${end}) after the film's end (${end})`,
    );
  });

  it("warns of a reel without captions, naming the reel's file, and lets it through", () => {
    const uncaptioned = (warnings: string[]) =>
      warnings.filter((warning) => warning.includes(": has no captions file:")).map((warning) => warning.split(":")[0]);
    const read = readContentFiles(ROOT);
    expect(uncaptioned(validateContent(read, { publicDir: PUBLIC_DIR }).warnings)).toEqual(
      reels.filter((each) => !captions[each.slug]?.length).map((each) => `app/content/reels/${each.slug}.md`),
    );
    read.captions = read.captions.filter((file) => file.slug !== reel);
    const { content, problems, warnings } = validateContent(read, { publicDir: PUBLIC_DIR });
    expect(problems).toEqual([]);
    expect(content?.captions[reel]).toBeUndefined();
    expect(uncaptioned(warnings)).toContain(`app/content/reels/${reel}.md`);
    expect(warnings).toContainEqual(
      expect.stringMatching(new RegExp(`^app/content/reels/${reel}\\.md:1: has no captions file: .*WCAG 1\\.2\\.2`)),
    );
  });

  it("names a file in reels/ that is neither a reel nor its captions", () => {
    const problems = problemsWith((path) => writeFileSync(path(`app/content/reels/${reel}.en.txt`), "not captions"));
    expect(problems).toEqual([
      expect.stringMatching(
        new RegExp(`^app/content/reels/${reel}\\.en\\.txt: only \\{slug\\}\\.md files and their captions`),
      ),
    ]);
  });

  it("compiles an SRT file's captions under its language, named in that language", () => {
    const read = readContentFiles(ROOT);
    read.captions.push({
      name: `app/content/reels/${reel}.fr.srt`,
      slug: reel,
      lang: "fr",
      format: "srt",
      text: "1\n00:00:01,000 --> 00:00:02,500\n[Vent]\n",
    });
    const { content, problems } = validateContent(read, { publicDir: PUBLIC_DIR });
    expect(problems).toEqual([]);
    expect(content?.captions[reel]?.find((track) => track.lang === "fr")).toEqual({
      lang: "fr",
      label: "Français",
      cues: [{ start: 1, end: 2.5, text: "[Vent]" }],
    });
  });

  it("lets captions through as editors' tools write them, placed and marked as written, warning of what it changed by file and line", () => {
    const read = readContentFiles(ROOT);
    const tool = (file: string, lang: string, format: "vtt" | "srt") => ({
      name: `app/content/reels/${reel}.${lang}.${format}`,
      slug: reel,
      lang,
      format,
      text: readFileSync(join(import.meta.dirname, "../../fixtures/captions", file), "utf8"),
    });
    read.captions = [
      ...read.captions.filter((file) => file.slug !== reel),
      tool("youtube-auto.en.vtt", "en", "vtt"),
      tool("subtitle-edit.fr.srt", "fr", "srt"),
      tool("placed.en.vtt", "en-GB", "vtt"),
    ];
    const { content, problems, warnings } = validateContent(read, { publicDir: PUBLIC_DIR });
    expect(problems).toEqual([]);
    expect(warnings.filter((warning) => !warning.includes(": has no captions file:"))).toEqual([
      expect.stringMatching(new RegExp(`^app/content/reels/${reel}\\.fr\\.srt:7: dropped <font color="#ffff00">`)),
      expect.stringMatching(new RegExp(`^app/content/reels/${reel}\\.fr\\.srt:12: dropped \\{\\\\pos\\(20,30\\)\\}`)),
      expect.stringMatching(
        new RegExp(`^app/content/reels/${reel}\\.en-GB\\.vtt:26: dropped the setting "colour:red"`),
      ),
    ]);
    const tracks = content?.captions[reel] ?? [];
    expect(tracks.map((track) => [track.lang, track.cues.length])).toEqual([
      ["en", 5],
      ["fr", 4],
      ["en-GB", 3],
    ]);
    expect(tracks[1].cues[0]).toEqual({
      start: 1,
      end: 3,
      settings: "line:0 align:center",
      text: "CALLOWAY HANGAR, DAY ONE",
    });
    expect(tracks[2].cues[1].settings).toBe("size:80% align:start position:10% region:left");
    expect(tracks[2].blocks?.map((block) => block.split("\n")[0])).toEqual(["STYLE", "REGION"]);
  });

  it("keeps a biography's line breaks and the blank lines between the agent's paragraphs", () => {
    const multiline = directors.find((artist) => artist.biography.includes("\n")) ?? directors[0];
    const { content } = validateContent(readContentFiles(ROOT), { publicDir: PUBLIC_DIR });
    expect(content?.artists.directors.find((artist) => artist.id === multiline.id)?.biography).toBe(
      multiline.biography,
    );
    expect(content?.biography.biography.paragraphs.length).toBe(biography.paragraphs.length);
  });
});

describe("npm run content:check and npm run build", () => {
  const tsx = join(ROOT, "node_modules/.bin/tsx");

  it("passes the real content with a one-line summary", { timeout: 60_000 }, () => {
    const { status, stdout, stderr } = spawnSync(tsx, [join(ROOT, "scripts/cli/content-build.ts"), "--check"], {
      encoding: "utf8",
    });
    // Valid content can still be warned of (a reel without captions, say): a line each, nothing else.
    const { warnings } = validateContent(readContentFiles(ROOT), { publicDir: PUBLIC_DIR });
    expect(stderr).toBe(warnings.map((warning) => `warning: ${warning}\n`).join(""));
    expect(stdout).toBe(
      `content OK: ${directors.length + photographers.length} artists (${directors.length} directors, ${photographers.length} ` +
        `photographers), ${reels.length} reels, ${Object.values(captions).flat().length} captions tracks, ${
          clientLogos.length
        } client logos, ` +
        `${clientNames.length} client names, ${testimonials.length} testimonials\n`,
    );
    expect(status).toBe(0);
  });

  it("refuses a broken content file with one line naming it, and builds nothing", { timeout: 60_000 }, () => {
    const project = scratchProject();
    try {
      const file = join(project, `app/content/artists/directors/${director}.md`);
      writeFileSync(
        file,
        readFileSync(file, "utf8").replace(`\ntitle: ${directors[0].title}\n`, "\ntitle: Dierctor\n"),
      );

      const { status, stdout, stderr } = spawnSync("npm", ["run", "--silent", "build"], {
        cwd: project,
        encoding: "utf8",
      });
      expect(stdout).not.toMatch(/content OK/);
      expect(stderr).toMatch(
        new RegExp(
          `^app/content/artists/directors/${director}\\.md:\\d+: title: "Dierctor" is not allowed here; use one of ` +
            '"Photographer", "Director", "Photographer / Director", "CGI VFX 3D"\n' +
            "\n1 problem in app/content/ \\(listed above\\): fix and run npm run content:check again.\n",
        ),
      );
      expect(status).not.toBe(0);
      expect(existsSync(join(project, "app/content/generated.js"))).toBe(false);
      expect(existsSync(join(project, "build"))).toBe(false);
      expect(existsSync(join(project, "public/build"))).toBe(false);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
