import { execFile, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { reels } from "#app/content/index.ts";
import type { Artist, Reel } from "#app/content/types.ts";
import { planJobs } from "#media-build/plan-jobs.ts";
import type { MediaContent } from "#media-build/kinds.ts";
import { PROJECT_SOURCES } from "#tests/support/project-copy.ts";
import { testFilm } from "#tests/support/test-film.ts";

/**
 * An agency's own media build: a roster none of whose sources are the demo's (small files made
 * here with ffmpeg and sharp), built by a scratch copy of the repository's scripts/ and app/
 * without demo/ (the demo's generator and its entry), under a fontconfig that
 * holds only the two faces the link previews are set in.
 */

const REPO = path.join(import.meta.dirname, "../../..");

/** The file of a font face, as fontconfig finds it; undefined when it is not installed. */
function fontFile(face: string): string | undefined {
  const found = spawnSync("fc-match", ["-f", "%{file}|%{style}", face], { encoding: "utf8" });
  const [file, style] = (found.stdout ?? "").split("|");
  return found.status === 0 && style?.split(",").includes(face.split(":style=")[1]) ? file : undefined;
}

const ffmpegMissing = spawnSync("ffmpeg", ["-version"]).status !== 0;
const faces = ["DejaVu Sans:style=Book", "DejaVu Sans:style=ExtraLight"].map(fontFile);
const fontsMissing = faces.some((file) => file === undefined);
const skipped = ffmpegMissing
  ? " (skipped: ffmpeg is not installed)"
  : fontsMissing
    ? " (skipped: fonts-dejavu-core and fonts-dejavu-extra are not installed)"
    : "";

const director: Artist = {
  id: "ada-vale",
  name: "Ada Vale",
  title: "Director",
  thumb: "/videos/directors/ada-vale.mp4",
  mobileBG: "/images/directors/ada-vale.jpg",
  url: "/artists/film/ada-vale",
  website: "ada-vale.example",
  instagram: "",
  biography: "",
  recentWorkThumbs: [
    {
      name: "Spot",
      image: "/images/work/ada-vale/1.webp",
      still: "/images/work/ada-vale/1.jpg",
      url: "https://example.com/spot",
    },
  ],
};

describe.skipIf(ffmpegMissing || fontsMissing || !reels[0])(`media build without the demo${skipped}`, () => {
  let root: string;
  const reel: Reel = {
    ...reels[0],
    slug: "own-reel",
    poster: "/images/reels/own-reel.jpg",
    thumb: "/images/reels/own-reel.webp",
    posterAt: 1,
    sources: [
      { ...reels[0].sources[0], src: "/videos/reels/own-reel/master.m3u8" },
      { ...reels[0].sources[1], src: "/videos/reels/own-reel.mp4" },
    ],
  };
  const roster: MediaContent = {
    directors: [director],
    photographers: [],
    agentPhoto: "/images/bio/agent.jpg",
    reels: [reel],
    clientLogos: [{ name: "Own Client", logo: "/images/clients/own-client.png", alt: "Own Client" }],
    agencyName: "Own Agency",
  };

  /** A test film of `seconds` at `media/{name}`, with sound when asked. */
  const film = (name: string, seconds: number, sound = false) =>
    testFilm(path.join(root, "media", name), seconds, sound);

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "media-without-demo-"));
    // The project's code without demo/: the copy has no file of the demo generator to load.
    for (const folder of PROJECT_SOURCES.filter((source) => !source.includes(".")))
      await cp(path.join(REPO, folder), path.join(root, folder), { recursive: true });
    for (const file of ["package.json", "tsconfig.json", "public/favicon.svg"])
      await cp(path.join(REPO, file), path.join(root, file));
    await symlink(path.join(REPO, "node_modules"), path.join(root, "node_modules"));

    // Fontconfig with the previews' two faces and nothing else.
    await mkdir(path.join(root, "fonts"));
    for (const file of faces as string[]) await symlink(file, path.join(root, "fonts", path.basename(file)));
    await writeFile(
      path.join(root, "fonts.conf"),
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>${root}/fonts</dir><cachedir>${root}/fontcache</cachedir></fontconfig>\n`,
    );

    for (const folder of ["artists/ada-vale", "agent", "reels", "logos"])
      await mkdir(path.join(root, "media", folder), { recursive: true });
    film("artists/ada-vale/clip.mov", 3);
    film("artists/ada-vale/work-1.mp4", 3);
    film("reels/own-reel.mp4", 4, true);
    await sharp({ create: { width: 800, height: 1000, channels: 3, background: "#806040" } })
      .jpeg()
      .toFile(path.join(root, "media/agent/bio.jpg"));
    const mark =
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><rect x="20" y="40" width="560" height="120" fill="#eee"/></svg>';
    await sharp(Buffer.from(mark)).png().toFile(path.join(root, "media/logos/own-client.png"));
    await writeFile(path.join(root, "roster.json"), JSON.stringify(roster));
    await writeFile(
      path.join(root, "build.ts"),
      [
        'import { readFileSync } from "node:fs";',
        'import { planJobs } from "./media-build/plan-jobs";',
        'import { buildMedia } from "./media-build/run";',
        'const roster = JSON.parse(readFileSync("roster.json", "utf8"));',
        "const summary = await buildMedia(planJobs(roster), { root: process.cwd(), force: false, log: (line) => console.log(line) });",
        "console.log(JSON.stringify(summary));",
      ].join("\n"),
    );
  }, 120_000);

  afterAll(() => rm(root, { recursive: true, force: true }));

  it(
    "makes every output of a roster of the agency's own files, with no demo code and only the previews' fonts",
    { timeout: 300_000 },
    async () => {
      expect(existsSync(path.join(root, "demo"))).toBe(false);
      const env = { ...process.env, FONTCONFIG_FILE: path.join(root, "fonts.conf") };
      const { stdout } = await promisify(execFile)(path.join(REPO, "node_modules/.bin/tsx"), ["build.ts"], {
        cwd: root,
        env,
        encoding: "utf8",
      });
      const summary = JSON.parse(stdout.trim().split("\n").at(-1) ?? "") as { made: number; failed: unknown[] };
      const jobs = planJobs(roster);
      expect(summary, stdout).toEqual({ made: jobs.length, upToDate: 0, kept: 0, failed: [] });
      for (const kind of ["preview", "reelHls", "seekIndex", "clientLogo", "favicon"])
        expect(
          jobs.some((job) => job.kind === kind),
          kind,
        ).toBe(true);
      for (const job of jobs) expect(existsSync(path.join(root, "public", job.site)), job.site).toBe(true);
    },
  );

  it(
    "runs npm run media's own entry in that copy: its modules load, and it names the sources the site's content lacks",
    { timeout: 60_000 },
    async () => {
      const run = spawnSync(path.join(REPO, "node_modules/.bin/tsx"), ["scripts/cli/build-media.ts"], {
        cwd: root,
        encoding: "utf8",
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("media build failed: public/ lacks files that no source in media/ can make. Add:");
      expect(run.stderr).not.toMatch(/Cannot find module|ERR_MODULE_NOT_FOUND/);
    },
  );
});
