import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Artist } from "#app/content/types.ts";
import { type LadderFile, ladderFiles, logoSprites } from "#model/media.ts";
import { MEDIA_KINDS } from "#model/media-kinds.ts";
import { colors } from "#model/theme.ts";
import { planJobs } from "#media-build/plan-jobs.ts";
import type { Job, MediaContent } from "#media-build/kinds.ts";
import { buildMedia } from "#media-build/run.ts";
import type { RunOptions } from "#media-build/run-options.ts";
import { ffprobe } from "#media-build/recipes/ffmpeg.ts";
import { croppedJpeg } from "#media-build/recipes/stills.ts";
import { photographer } from "#tests/support/test-artists.ts";
import { filesUnder } from "#tests/support/test-files.ts";

const director: Artist = {
  ...photographer,
  id: "tom-ashe",
  name: "Tom Ashe",
  title: "Director",
  thumb: "/videos/directors/tom-ashe.mp4",
  mobileBG: "/images/directors/tom-ashe.jpg",
  url: "/artists/film/tom-ashe",
  recentWorkThumbs: [
    {
      name: "Spot",
      image: "/images/work/tom-ashe/1.webp",
      still: "/images/work/tom-ashe/1.jpg",
      url: "https://example.com/spot",
    },
  ],
};

const content = (directors: Artist[], photographers: Artist[]): MediaContent => ({
  directors,
  photographers,
  reels: [],
  clientLogos: [],
  agencyName: "Test Agency",
});

/** The jobs of `content` without link previews and icons (they need fonts and a favicon). */
const jobsOf = (media: MediaContent): Job[] =>
  planJobs(media).filter((job) => !["preview", "icon", "favicon"].includes(job.kind));

async function dimensions(file: string): Promise<[number | undefined, number | undefined, string | undefined]> {
  const { width, height, format } = await sharp(file).metadata();
  return [width, height, format];
}

describe("media build, pictures (sharp only)", () => {
  let root: string;
  const lines: string[] = [];
  const options = (force = false): RunOptions => ({ root, force, log: (line) => lines.push(line) });
  const jobs = jobsOf(content([], [photographer]));
  const photo = () => path.join(root, "media/artists/ines-park/photo.jpg");

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "media-build-"));
    await mkdir(path.dirname(photo()), { recursive: true });
    // A landscape "photograph" with a bright subject off centre, so the crops have work to do.
    const subject = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600"><rect width="2400" height="1600" fill="#203040"/><circle cx="1700" cy="700" r="300" fill="#f0c080"/></svg>',
    );
    await sharp(subject).jpeg().toFile(photo());
  });

  afterAll(() => rm(root, { recursive: true, force: true }));

  it("crops the photo for desktop and phone and makes both ladders", { timeout: 120_000 }, async () => {
    const summary = await buildMedia(jobs, options());
    expect(await dimensions(path.join(root, "public", photographer.thumb))).toEqual([960, 1200, "jpeg"]);
    expect(await dimensions(path.join(root, "public", photographer.mobileBG))).toEqual([720, 720, "jpeg"]);
    const ladder = [
      ...ladderFiles("photographerDesktop", photographer.thumb),
      ...ladderFiles("photographerMobile", photographer.mobileBG),
    ];
    for (const file of ladder) {
      const format = file.format === "jpg" ? "jpeg" : file.format === "avif" ? "heif" : file.format;
      expect(await dimensions(path.join(root, "public", file.path)), file.path).toEqual([
        file.width,
        file.height,
        format,
      ]);
    }
    expect(summary).toEqual({ made: 2 + ladder.length, upToDate: 0, kept: 0, failed: [] });
    expect(lines.filter((line) => line.startsWith("making "))).toEqual([
      expect.stringMatching(
        new RegExp(
          `^making 2 files from sources in media/, then up to ${ladder.length} read from them \\(about \\d+ s\\)$`,
        ),
      ),
      expect.stringMatching(new RegExp(`^making ${ladder.length} files from files in public/ \\(about \\d+ s\\)$`)),
    ]);
    expect(
      lines.some((line) =>
        /^\[1\/2\] media\/artists\/ines-park\/photo\.jpg → public\/images\/photographers\/ines-park(-mobile)?\.jpg \(\d+\.\d s\)$/.test(
          line,
        ),
      ),
    ).toBe(true);
    const manifest = JSON.parse(await readFile(path.join(root, "media/manifest.json"), "utf8")) as Record<
      string,
      { from: string[] }
    >;
    expect(manifest[photographer.thumb].from).toEqual(["media/artists/ines-park/photo.jpg"]);
    expect(manifest[ladder[0].path].from).toEqual([`public${photographer.thumb}`]);
  });

  it("skips everything on a rerun, and says which files in media/ it does not use", async () => {
    await mkdir(path.join(root, "media/artists/ines-prk"));
    await writeFile(path.join(root, "media/artists/ines-prk/photo.jpg"), "");
    expect(await buildMedia(jobs, options())).toEqual({ made: 0, upToDate: 20, kept: 0, failed: [] });
    expect(lines).toContain("ignored media/artists/ines-prk/photo.jpg: no content entry takes a file of that name");
  });

  it("keeps outputs without a source, as in a fresh clone, and deletes nothing", async () => {
    const before = await filesUnder(path.join(root, "public"));
    await rm(photo());
    expect(await buildMedia(jobs, options())).toEqual({ made: 0, upToDate: 18, kept: 2, failed: [] });
    expect(await filesUnder(path.join(root, "public"))).toEqual(before);
  });

  it("fails naming the source to add when an output is missing too", async () => {
    await rm(path.join(root, "public", photographer.mobileBG));
    await expect(buildMedia(jobs, options())).rejects.toThrow(
      "media/artists/ines-park/photo.{jpg,jpeg,png,webp,tif,tiff}  (for public/images/photographers/ines-park-mobile.jpg)",
    );
  });

  it("names a source it cannot read with the fix, and skips its outputs and the files read from them", async () => {
    await writeFile(photo(), "not a picture");
    const before = await filesUnder(path.join(root, "public"));
    lines.length = 0;
    const { made, failed } = await buildMedia(jobs, options());
    expect(made).toBe(0);
    const reason =
      "the file is damaged or not what its name says (Input file contains unsupported image format); export it again (JPEG or PNG)";
    expect(lines).toContain(`cannot read media/artists/ines-park/photo.jpg: ${reason}`);
    const ladder = [
      ...ladderFiles("photographerDesktop", photographer.thumb),
      ...ladderFiles("photographerMobile", photographer.mobileBG),
    ];
    expect(failed).toEqual([
      {
        source: "media/artists/ines-park/photo.jpg",
        outputs: [`public${photographer.thumb}`, `public${photographer.mobileBG}`],
        dependents: ladder.map((file) => `public${file.path}`),
        reason,
      },
    ]);
    expect(await filesUnder(path.join(root, "public"))).toEqual(before);
  });
});

describe("media build, a source smaller than its outputs", () => {
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "media-small-"));
    await mkdir(path.join(root, "media/artists/ines-park"), { recursive: true });
    await sharp({ create: { width: 800, height: 600, channels: 3, background: "#806040" } })
      .jpeg()
      .toFile(path.join(root, "media/artists/ines-park/photo.jpg"));
  });

  afterAll(() => rm(root, { recursive: true, force: true }));

  it("still makes the outputs, and warns for each one it has to enlarge", { timeout: 120_000 }, async () => {
    const lines: string[] = [];
    await buildMedia(jobsOf(content([], [photographer])), { root, force: false, log: (line) => lines.push(line) });
    expect(await dimensions(path.join(root, "public", photographer.thumb))).toEqual([960, 1200, "jpeg"]);
    expect(lines.filter((line) => line.startsWith("warning:"))).toEqual([
      "warning: media/artists/ines-park/photo.jpg is 800×600, smaller than the 960×1200 of public/images/photographers/ines-park.jpg, which will look soft: give a larger original",
      "warning: media/artists/ines-park/photo.jpg is 800×600, smaller than the 720×720 of public/images/photographers/ines-park-mobile.jpg, which will look soft: give a larger original",
    ]);
  });
});

/** The RGB of the pixel at (x, y) of a picture file. */
async function pixel(file: string, x: number, y: number): Promise<number[]> {
  return [...(await sharp(file).removeAlpha().extract({ left: x, top: y, width: 1, height: 1 }).raw().toBuffer())];
}

/** `#rrggbb` → [r, g, b]. */
const rgb = (hex: string): number[] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** Whether two colours are within `delta` in every channel. */
const near = (actual: number[], expected: number[], delta: number): boolean =>
  actual.every((value, i) => Math.abs(value - expected[i]) <= delta);

describe("media build, stills: transparency, colour and focus", () => {
  let dir: string;
  /** A bio photo's size, written out: the crops' figures below are worked out for it. */
  const size = { width: 600, height: 750 };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "media-stills-"));
  });

  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("flattens a transparent portrait onto the page's colour, not black", async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1500"><circle cx="600" cy="700" r="400" fill="#c08060"/></svg>';
    const source = path.join(dir, "cut-out.png");
    await sharp(Buffer.from(svg)).png().toFile(source);
    expect((await sharp(source).metadata()).hasAlpha).toBe(true);
    const out = path.join(dir, "cut-out.jpg");
    await croppedJpeg(source, out, size);
    const { width, height } = size;
    for (const [x, y] of [
      [0, 0],
      [width - 1, 0],
      [0, height - 1],
      [width - 1, height - 1],
    ]) {
      const corner = await pixel(out, x, y);
      expect(near(corner, rgb(colors.ink), 2), `corner ${x},${y}: ${corner.join(",")}`).toBe(true);
    }
  });

  it("writes the still's window of a transparent picture with its transparency, where attention or a focus put it", async () => {
    // A disc near the right edge of a wide picture: the 600×750 window (of 1200×750 scaled) has to move to it.
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000"><circle cx="1250" cy="450" r="250" fill="#c08060"/></svg>';
    const source = path.join(dir, "off-centre.png");
    await sharp(Buffer.from(svg)).png().toFile(source);
    for (const focus of [undefined, { x: 0.7, y: 0.5 }]) {
      const out = path.join(dir, "off-centre.jpg");
      const transparent = path.join(dir, "off-centre-transparent.png");
      await croppedJpeg(source, out, size, focus, transparent);
      const { info } = await sharp(transparent).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height, info.channels], `focus ${JSON.stringify(focus)}`).toEqual([
        size.width,
        size.height,
        4,
      ]);
      // Flattened as the still is, the window shows what the still shows, to within the JPEG's loss.
      const shown = await sharp(out).raw().toBuffer();
      const flattened = await sharp(transparent).flatten({ background: colors.ink }).raw().toBuffer();
      const difference = shown.reduce((sum, value, i) => sum + Math.abs(value - flattened[i]), 0) / shown.length;
      expect(difference, `focus ${JSON.stringify(focus)}`).toBeLessThan(1);
      expect(
        near(await pixel(out, size.width / 2, 300), rgb("#c08060"), 12),
        `focus ${JSON.stringify(focus)}: the disc is in the window`,
      ).toBe(true);
    }
  });

  it("turns a CMYK photograph into sRGB with its colours", async () => {
    // A colour that print's CMYK reproduces, so the round trip through it comes back.
    const colour = { r: 200, g: 170, b: 150 };
    const source = path.join(dir, "cmyk.jpg");
    await sharp({ create: { width: 800, height: 1000, channels: 3, background: colour } })
      .withIccProfile("cmyk")
      .jpeg({ quality: 95 })
      .toFile(source);
    expect((await sharp(source).metadata()).space).toBe("cmyk");
    const out = path.join(dir, "cmyk-out.jpg");
    await croppedJpeg(source, out, size);
    const shown = await pixel(out, size.width / 2, size.height / 2);
    expect(near(shown, [colour.r, colour.g, colour.b], 3), shown.join(",")).toBe(true);
  });

  it("turns a Display P3 photograph into sRGB with its colours", async () => {
    // Stored in P3 as about 184, 56, 49: read as sRGB numbers, it would come out duller.
    const colour = { r: 200, g: 40, b: 40 };
    const source = path.join(dir, "p3.png");
    await sharp({ create: { width: 800, height: 1000, channels: 3, background: colour } })
      .withIccProfile("p3")
      .png()
      .toFile(source);
    expect((await sharp(source).metadata()).icc).toBeDefined();
    const out = path.join(dir, "p3-out.jpg");
    await croppedJpeg(source, out, size);
    const shown = await pixel(out, size.width / 2, size.height / 2);
    expect(near(shown, [colour.r, colour.g, colour.b], 3), shown.join(",")).toBe(true);
  });

  it("crops around a focus, as near to it as the picture's edges allow", async () => {
    // Four upright bands, red, green, blue, white, 500 px each: scaled to 750 px high to cover
    // 600×750, they are 375 px wide, and the crop is 600 px of their 1500.
    const bands = ["#ff0000", "#00ff00", "#0000ff", "#ffffff"];
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1000">${bands
      .map((fill, i) => `<rect x="${i * 500}" width="500" height="1000" fill="${fill}"/>`)
      .join("")}</svg>`;
    const source = path.join(dir, "bands.png");
    await sharp(Buffer.from(svg)).png().toFile(source);
    const cropAt = async (focus: { x: number; y: number }): Promise<string> => {
      const out = path.join(dir, `bands-${focus.x}-${focus.y}.jpg`);
      await croppedJpeg(source, out, size, focus);
      expect(await dimensions(out)).toEqual([size.width, size.height, "jpeg"]);
      return out;
    };
    const bandAt = async (file: string, x: number): Promise<string | undefined> => {
      const shown = await pixel(file, x, size.height / 2);
      return bands.find((band) => near(shown, rgb(band), 12));
    };
    // Centred on 75% across: x 825 to 1425 of 1500, the blue band then the white one from 300.
    const centred = await cropAt({ x: 0.75, y: 0.5 });
    expect([await bandAt(centred, 150), await bandAt(centred, 450)]).toEqual(["#0000ff", "#ffffff"]);
    // At the left edge: red, then green from 375.
    const left = await cropAt({ x: 0, y: 0.5 });
    expect([await bandAt(left, 100), await bandAt(left, 500)]).toEqual(["#ff0000", "#00ff00"]);
    // Past the right edge's reach: the last 600 px, blue then white from 225.
    const right = await cropAt({ x: 1, y: 0 });
    expect([await bandAt(right, 100), await bandAt(right, 400)]).toEqual(["#0000ff", "#ffffff"]);
  });

  it("crops a tall picture around a focus too", async () => {
    // Bands one above the other: scaled to 600 px wide, 1200 high; the focus at 90% down is
    // nearer the bottom than half the crop (375), so the crop is the last 750 px (from 450).
    const bands = ["#ff0000", "#00ff00"];
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="2000">${bands
      .map((fill, i) => `<rect y="${i * 1000}" width="1000" height="1000" fill="${fill}"/>`)
      .join("")}</svg>`;
    const source = path.join(dir, "tall.png");
    await sharp(Buffer.from(svg)).png().toFile(source);
    const out = path.join(dir, "tall.jpg");
    await croppedJpeg(source, out, size, { x: 0.5, y: 0.9 });
    // The red band ends at 600 of 1200, i.e. 150 into the crop.
    expect(near(await pixel(out, 300, 100), rgb("#ff0000"), 12)).toBe(true);
    expect(near(await pixel(out, 300, 200), rgb("#00ff00"), 12)).toBe(true);
  });
});

/** The alpha (0 to 255) of the pixel at (x, y) of a picture file. */
async function alphaAt(file: string, x: number, y: number): Promise<number> {
  const [, , , alpha] = await sharp(file)
    .ensureAlpha()
    .extract({ left: x, top: y, width: 1, height: 1 })
    .raw()
    .toBuffer();
  return alpha;
}

describe("media build, a transparent picture", () => {
  let root: string;
  const cutOut: Artist = {
    ...photographer,
    id: "ada-cut",
    thumb: "/images/photographers/ada-cut.jpg",
    mobileBG: "/images/photographers/ada-cut-mobile.jpg",
  };
  const agentPhoto = "/images/bio/agent.jpg";
  const jobs = jobsOf({ ...content([], [cutOut]), agentPhoto });
  const photo = () => path.join(root, `media/artists/${cutOut.id}/photo.png`);
  // Opaque, with an alpha channel all the same, as sharp writes every PNG it draws from SVG (the demo's too).
  const agentSource = () => path.join(root, "media/agent/bio.png");
  const crop = (site: string) => path.join(root, "media/.transparent", site.replace(/\.jpg$/, ".png"));
  const cutOutStills = [
    { still: cutOut.thumb, ladder: ladderFiles("photographerDesktop", cutOut.thumb) },
    { still: cutOut.mobileBG, ladder: ladderFiles("photographerMobile", cutOut.mobileBG) },
  ];
  const run = async () => {
    const lines: string[] = [];
    const summary = await buildMedia(jobs, { root, force: false, log: (line) => lines.push(line) });
    return { summary, lines };
  };
  const readManifest = async () =>
    JSON.parse(await readFile(path.join(root, "media/manifest.json"), "utf8")) as Record<
      string,
      { from: string[]; transparent?: string }
    >;
  /** A 600×800 portrait: a disc in the middle, on transparent or (`opaque`) on grey. */
  const portrait = (opaque: boolean) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">${
        opaque ? '<rect width="600" height="800" fill="#808080"/>' : ""
      }<circle cx="300" cy="400" r="200" fill="#c08060"/></svg>`,
    );
  /** Whether the ladder's files of `still` other than its JPEGs have an alpha channel, each. */
  const alphaOfLadder = async (ladder: LadderFile[]) =>
    Promise.all(
      ladder
        .filter((file) => file.format !== "jpg")
        .map(async (file) => (await sharp(path.join(root, "public", file.path)).metadata()).hasAlpha),
    );

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "media-transparent-"));
    for (const [source, opaque] of [
      [photo(), false],
      [agentSource(), true],
    ] as const) {
      await mkdir(path.dirname(source), { recursive: true });
      await sharp(portrait(opaque)).png().toFile(source);
      expect((await sharp(source).metadata()).hasAlpha).toBe(true);
    }
  });

  afterAll(() => rm(root, { recursive: true, force: true }));

  it(
    "keeps the transparency in the ladder's AVIF and WebP, and flattens the JPEGs onto the page's colour",
    { timeout: 120_000 },
    async () => {
      const { summary, lines } = await run();
      expect(summary).toEqual({ made: 30, upToDate: 0, kept: 0, failed: [] });
      expect(lines.filter((line) => line.startsWith("ignored"))).toEqual([]);
      const manifest = await readManifest();
      for (const { still, ladder } of cutOutStills) {
        expect(manifest[still].transparent).toBe(`media/.transparent${still.replace(/\.jpg$/, ".png")}`);
        for (const file of [{ path: still, format: "jpg" }, ...ladder]) {
          const out = path.join(root, "public", file.path);
          const { width = 0, height = 0, hasAlpha } = await sharp(out).metadata();
          const corners = [
            [0, 0],
            [width - 1, 0],
            [0, height - 1],
            [width - 1, height - 1],
          ];
          if (file.format === "jpg") {
            expect(hasAlpha, file.path).toBe(false);
            for (const [x, y] of corners) {
              const corner = await pixel(out, x, y);
              expect(near(corner, rgb(colors.ink), 2), `${file.path}, corner ${x},${y}: ${corner.join(",")}`).toBe(
                true,
              );
            }
            if (file.path !== still) expect(manifest[file.path].from, file.path).toEqual([`public${still}`]);
          } else {
            expect(hasAlpha, file.path).toBe(true);
            for (const [x, y] of corners) expect(await alphaAt(out, x, y), `${file.path}, corner ${x},${y}`).toBe(0);
            expect(await alphaAt(out, Math.floor(width / 2), Math.floor(height / 2)), `${file.path}, centre`).toBe(255);
            expect(manifest[file.path].from, file.path).toEqual([`public${still}`, manifest[still].transparent]);
          }
        }
      }
      // The opaque picture: no crop, and a ladder made from its still alone, as before.
      expect(manifest[agentPhoto].transparent).toBeUndefined();
      expect(existsSync(crop(agentPhoto))).toBe(false);
      const agentLadder = ladderFiles("bioPhoto", agentPhoto);
      expect(await alphaOfLadder(agentLadder)).toEqual(
        agentLadder.filter((file) => file.format !== "jpg").map(() => false),
      );
      for (const file of agentLadder) expect(manifest[file.path].from, file.path).toEqual([`public${agentPhoto}`]);
    },
  );

  it(
    "makes nothing on a rerun, and makes a removed crop again with its still, the same bytes",
    { timeout: 60_000 },
    async () => {
      expect((await run()).summary).toEqual({ made: 0, upToDate: 30, kept: 0, failed: [] });
      const before = await readFile(crop(cutOut.thumb));
      await rm(crop(cutOut.thumb));
      expect((await run()).summary).toEqual({ made: 1, upToDate: 29, kept: 0, failed: [] });
      expect((await readFile(crop(cutOut.thumb))).equals(before)).toBe(true);
    },
  );

  it("keeps the outputs as they are in a clone without the sources or the crops", { timeout: 60_000 }, async () => {
    const aside = await mkdtemp(path.join(tmpdir(), "media-transparent-aside-"));
    const avif = path.join(root, "public", cutOutStills[0].ladder[0].path);
    const before = await readFile(avif);
    try {
      for (const folder of ["artists", "agent", ".transparent"])
        await rename(path.join(root, "media", folder), path.join(aside, folder));
      // Kept: the three stills, and the twelve AVIF and WebP files read from the two crops.
      expect((await run()).summary).toEqual({ made: 0, upToDate: 15, kept: 15, failed: [] });
      expect((await readFile(avif)).equals(before)).toBe(true);
    } finally {
      for (const folder of ["artists", "agent", ".transparent"])
        await rename(path.join(aside, folder), path.join(root, "media", folder));
      await rm(aside, { recursive: true, force: true });
    }
  });

  it(
    "remakes the stills and their whole ladders, without transparency, when an opaque picture replaces a transparent one",
    { timeout: 120_000 },
    async () => {
      await sharp(portrait(true)).png().toFile(photo());
      expect((await run()).summary).toEqual({ made: 20, upToDate: 10, kept: 0, failed: [] });
      const manifest = await readManifest();
      for (const { still, ladder } of cutOutStills) {
        expect(manifest[still].transparent, still).toBeUndefined();
        expect(existsSync(crop(still)), still).toBe(false);
        expect(await alphaOfLadder(ladder), still).toEqual([false, false, false, false, false, false]);
      }
    },
  );
});

/** RGBA pixels with the colour of transparent ones zeroed: lossless WebP may change it, as nothing shows it. */
function visible(rgba: Buffer): Buffer {
  const copy = Buffer.from(rgba);
  for (let i = 0; i < copy.length; i += 4) if (copy[i + 3] === 0) copy.fill(0, i, i + 3);
  return copy;
}

describe("media build, logos", () => {
  let root: string;
  const clientLogos = ["square", "bar", "dot"].map((name) => ({
    name,
    logo: `/images/clients/${name}.png`,
    alt: `${name} logo`,
  }));

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "media-logos-"));
    await mkdir(path.join(root, "media/logos"), { recursive: true });
    const marks = {
      square: "<rect width='400' height='400'/>",
      bar: "<rect width='1200' height='200'/>",
      dot: "<circle cx='300' cy='300' r='300'/>",
    };
    for (const [name, mark] of Object.entries(marks)) {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600"><g fill="#eee">${mark}</g></svg>`;
      await sharp(Buffer.from(svg))
        .png()
        .toFile(path.join(root, `media/logos/${name}.png`));
    }
  });

  afterAll(() => rm(root, { recursive: true, force: true }));

  it("draws each strip of fitted logos, one under another, in content order", { timeout: 60_000 }, async () => {
    await buildMedia(jobsOf({ ...content([], []), clientLogos }), { root, force: false, log: () => {} });
    const { width, height } = MEDIA_KINDS.clientLogo.size;
    const [sprite] = logoSprites(clientLogos);
    for (const file of [sprite.webp, sprite.png]) {
      const strip = path.join(root, "public", file);
      expect(await dimensions(strip)).toEqual([width, height * 3, file.endsWith("webp") ? "webp" : "png"]);
      for (const [cell, client] of clientLogos.entries()) {
        const shown = await sharp(strip)
          .extract({ left: 0, top: cell * height, width, height })
          .ensureAlpha()
          .raw()
          .toBuffer();
        const fitted = await sharp(path.join(root, "public", client.logo))
          .ensureAlpha()
          .raw()
          .toBuffer();
        expect(visible(shown).equals(visible(fitted)), `${file}, cell ${cell}: ${client.name}`).toBe(true);
      }
    }
  });

  it(
    "names the strips a changed list left unused, and keeps them for pages still cached",
    { timeout: 60_000 },
    async () => {
      const [before] = logoSprites(clientLogos);
      const lines: string[] = [];
      await buildMedia(jobsOf({ ...content([], []), clientLogos: clientLogos.slice(1) }), {
        root,
        force: false,
        log: (line) => lines.push(line),
      });
      const [after] = logoSprites(clientLogos.slice(1));
      expect(existsSync(path.join(root, "public", after.webp))).toBe(true);
      expect(lines.filter((line) => line.startsWith("unused:")).sort()).toEqual(
        [before.png, before.webp, clientLogos[0].logo]
          .map((site) => `unused: public${site} (no content names it now; delete it once cached pages have moved on)`)
          .sort(),
      );
      expect(existsSync(path.join(root, "public", before.webp))).toBe(true);
    },
  );
});

const ffmpegMissing = spawnSync("ffmpeg", ["-version"]).status !== 0;

describe.skipIf(ffmpegMissing)(
  `media build, videos${ffmpegMissing ? " (skipped: ffmpeg is not installed)" : ""}`,
  () => {
    let root: string;

    beforeAll(async () => {
      root = await mkdtemp(path.join(tmpdir(), "media-build-"));
      const dir = path.join(root, "media/artists/tom-ashe");
      await mkdir(dir, { recursive: true });
      for (const name of ["clip.mov", "work-1.mp4"]) {
        const made = spawnSync("ffmpeg", [
          "-v",
          "error",
          "-f",
          "lavfi",
          "-i",
          "testsrc2=s=320x240:r=30:d=3",
          "-pix_fmt",
          "yuv420p",
          path.join(dir, name),
        ]);
        expect(made.status, made.stderr.toString()).toBe(0);
      }
    });

    afterAll(() => rm(root, { recursive: true, force: true }));

    it(
      "loops a director's clip, takes its first frame as the still, and makes the work thumbnail",
      { timeout: 120_000 },
      async () => {
        const jobs = jobsOf(content([director], [])).filter((job) => "source" in job);
        await buildMedia(jobs, { root, force: false, log: () => undefined });
        const clip = await ffprobe(path.join(root, "public", director.thumb));
        expect([clip.width, clip.height, clip.audio]).toEqual([
          MEDIA_KINDS.directorClip.size.width,
          MEDIA_KINDS.directorClip.size.height,
          false,
        ]);
        expect(clip.duration).toBeGreaterThan(1.5);
        expect(await dimensions(path.join(root, "public", director.mobileBG))).toEqual([960, 540, "jpeg"]);
        const work = director.recentWorkThumbs[0];
        const animation = await sharp(path.join(root, "public", work.image)).metadata();
        expect([animation.width, animation.height, animation.format]).toEqual([480, 270, "webp"]);
        expect(animation.pages).toBeGreaterThan(12);
        expect(await dimensions(path.join(root, "public", work.still ?? ""))).toEqual([480, 270, "jpeg"]);
      },
    );

    it("names a video it cannot read, and leaves its outputs as they were", async () => {
      await writeFile(path.join(root, "media/artists/tom-ashe/clip.mov"), "not a video");
      const jobs = jobsOf(content([director], [])).filter((job) => "source" in job);
      const { failed } = await buildMedia(jobs, { root, force: false, log: () => undefined });
      expect(failed.map(({ source, outputs }) => [source, outputs])).toEqual([
        ["media/artists/tom-ashe/clip.mov", [`public${director.thumb}`, `public${director.mobileBG}`]],
      ]);
      expect(failed[0].reason).toMatch(
        /^its index is missing, as in a file cut short or still being written \(moov atom not found\); copy it again in full, or re-export it/,
      );
      expect(existsSync(path.join(root, "public", director.thumb))).toBe(true);
    });
  },
);
