import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { reels } from "#app/content/index.ts";
import type { Artist, Reel } from "#app/content/types.ts";
import { ladderFiles } from "#model/media.ts";
import { planJobs } from "#media-build/plan-jobs.ts";
import type { Job, MediaContent } from "#media-build/kinds.ts";
import type { Manifest } from "#media-build/manifest.ts";
import { buildMedia } from "#media-build/run.ts";
import { testFilm } from "#tests/support/test-film.ts";

const ffmpegMissing = spawnSync("ffmpeg", ["-version"]).status !== 0;

const director = (id: string): Artist => ({
  id,
  name: id,
  title: "Director",
  thumb: `/videos/directors/${id}.mp4`,
  mobileBG: `/images/directors/${id}.jpg`,
  url: `/artists/film/${id}`,
  website: `${id}.example`,
  instagram: "",
  biography: "",
  recentWorkThumbs: [],
});

const content = (directors: Artist[], reelList: Reel[] = []): MediaContent => ({
  directors,
  photographers: [],
  reels: reelList,
  clientLogos: [],
  agencyName: "Test Agency",
});

/** The jobs of `media` without link previews and icons (they need fonts and a favicon). */
const jobsOf = (media: MediaContent): Job[] =>
  planJobs(media).filter((job) => !["preview", "icon", "favicon"].includes(job.kind));

const readManifest = async (root: string): Promise<Manifest> =>
  JSON.parse(await readFile(path.join(root, "media/manifest.json"), "utf8")) as Manifest;

describe.skipIf(ffmpegMissing)(
  `media run, damaged films${ffmpegMissing ? " (skipped: ffmpeg is not installed)" : ""}`,
  () => {
    let root: string;
    const [goodA, goodB, cutShort, damaged] = ["good-a", "good-b", "cut-short", "damaged"].map(director);
    const clip = (artist: Artist, extension = "mp4") => path.join(root, `media/artists/${artist.id}/clip.${extension}`);
    const jobs = () => jobsOf(content([goodA, cutShort, goodB, damaged]));
    const lines: string[] = [];

    beforeAll(async () => {
      root = await mkdtemp(path.join(tmpdir(), "media-run-"));
      for (const artist of [goodA, goodB, cutShort, damaged])
        await mkdir(path.dirname(clip(artist)), { recursive: true });
      testFilm(clip(goodA), 3);
      testFilm(clip(goodB, "mov"), 3);
      // Cut short, as by an interrupted copy: its index, written first, still gives the full 3 s.
      testFilm(clip(cutShort), 3);
      await truncate(clip(cutShort), Math.round((await readFile(clip(cutShort))).length * 0.6));
      // Whole, but with a run of bytes overwritten part-way: ffmpeg reads every packet, and fails
      // only when it decodes that one, in the middle of the grid clip's encode.
      testFilm(clip(damaged), 3);
      const bytes = await readFile(clip(damaged));
      bytes.fill(0xa5, Math.round(bytes.length * 0.6), Math.round(bytes.length * 0.6) + 4096);
      await writeFile(clip(damaged), bytes);
    });

    afterAll(() => rm(root, { recursive: true, force: true }));

    it(
      "makes and records every good film, names each damaged one with its fix, and skips what depends on it",
      { timeout: 60_000 },
      async () => {
        const summary = await buildMedia(jobs(), { root, force: false, log: (line) => lines.push(line) });
        const manifest = await readManifest(root);
        for (const artist of [goodA, goodB]) {
          for (const site of [
            artist.thumb,
            artist.mobileBG,
            ...ladderFiles("directorStill", artist.mobileBG).map((file) => file.path),
          ]) {
            expect(existsSync(path.join(root, "public", site)), site).toBe(true);
            expect(manifest[site], site).toBeDefined();
          }
        }
        const cutShortReason =
          /^the file is cut short or damaged part-way \(corrupt input packet in stream \d\); copy it again in full, or re-export it from the editing tool \(an H\.264 MP4\)$/;
        expect(
          lines.some((line) => line.startsWith("cannot read media/artists/cut-short/clip.mp4: the file is cut short")),
        ).toBe(true);
        const [first, second] = summary.failed;
        expect(summary.failed).toHaveLength(2);
        // Found before anything was made from it: none of its outputs, nor the ladder of its still.
        expect(first).toEqual({
          source: "media/artists/cut-short/clip.mp4",
          outputs: [`public${cutShort.thumb}`, `public${cutShort.mobileBG}`],
          dependents: ladderFiles("directorStill", cutShort.mobileBG).map((file) => `public${file.path}`),
          reason: expect.stringMatching(cutShortReason),
        });
        // Found part-way through its grid clip: the same kind of line, naming that clip.
        expect(second.source).toBe("media/artists/damaged/clip.mp4");
        expect(second.outputs).toContain(`public${damaged.thumb}`);
        expect(second.reason).toMatch(
          /^the file is cut short or damaged part-way \(corrupt decoded frame in stream \d\); copy it again in full, or re-export it/,
        );
        for (const site of [cutShort.thumb, cutShort.mobileBG, damaged.thumb])
          expect(existsSync(path.join(root, "public", site)), site).toBe(false);
        // The damaged film's still, from before the damage, may have been made while its clip failed.
        const stillAndLadder = 1 + ladderFiles("directorStill", goodA.mobileBG).length;
        expect(summary.made).toBe(
          2 * (1 + stillAndLadder) + (existsSync(path.join(root, "public", damaged.mobileBG)) ? stillAndLadder : 0),
        );
      },
    );

    it(
      "records each film's display size, length and rate beside the outputs made from it, and adds them to entries made before",
      { timeout: 30_000 },
      async () => {
        const facts = { width: 640, height: 360, duration: 3, fps: "25/1" };
        const manifest = await readManifest(root);
        expect(manifest[goodA.thumb]).toEqual({
          from: ["media/artists/good-a/clip.mp4"],
          key: expect.any(String),
          film: facts,
        });
        expect(manifest[goodB.mobileBG].film).toEqual(facts);
        // Read from public/, not from a film: no facts.
        expect(manifest[ladderFiles("directorStill", goodA.mobileBG)[0].path].film).toBeUndefined();

        const { film: _dropped, ...before } = manifest[goodA.thumb];
        await writeFile(path.join(root, "media/manifest.json"), JSON.stringify({ ...manifest, [goodA.thumb]: before }));
        const summary = await buildMedia(
          jobs().filter((job) => job.site === goodA.thumb),
          { root, force: false, log: () => undefined },
        );
        expect(summary).toMatchObject({ made: 0, upToDate: 1 });
        expect((await readManifest(root))[goodA.thumb]).toEqual({ ...before, film: facts });
      },
    );
  },
);

const [someReel] = reels;

describe.skipIf(ffmpegMissing || !someReel)(
  `media run, progress${ffmpegMissing ? " (skipped: ffmpeg is not installed)" : ""}`,
  () => {
    let root: string;
    const reel: Reel = {
      ...someReel,
      slug: "test-reel",
      poster: "/images/reels/test-reel.jpg",
      thumb: "/images/reels/test-reel.webp",
      // The playlist first, the MP4 last, as the content check has it.
      sources: [
        { ...someReel.sources[0], src: "/videos/reels/test-reel/master.m3u8" },
        { ...someReel.sources[1], src: "/videos/reels/test-reel.mp4" },
      ],
    };

    beforeAll(async () => {
      root = await mkdtemp(path.join(tmpdir(), "media-progress-"));
      await mkdir(path.join(root, "media/reels"), { recursive: true });
      // 720p and 5 s, so the MP4 takes a few seconds to encode.
      const made = spawnSync("ffmpeg", [
        "-v",
        "error",
        "-f",
        "lavfi",
        "-i",
        "testsrc2=s=1280x720:r=25:d=5",
        "-f",
        "lavfi",
        "-i",
        "sine=d=5",
        "-shortest",
        "-pix_fmt",
        "yuv420p",
        path.join(root, "media/reels/test-reel.mp4"),
      ]);
      expect(made.status, made.stderr.toString()).toBe(0);
    });

    afterAll(() => rm(root, { recursive: true, force: true }));

    it(
      "says what it will make and roughly how long, then logs how far an encode is every progressEvery seconds",
      { timeout: 60_000 },
      async () => {
        const lines: string[] = [];
        const jobs = jobsOf(content([], [reel])).filter((job) => job.kind === "reelMp4");
        const summary = await buildMedia(jobs, {
          root,
          force: false,
          log: (line) => lines.push(line),
          progressEvery: 0.3,
        });
        expect(summary.failed).toEqual([]);
        expect(lines.filter((line) => line.startsWith("making "))).toEqual([
          expect.stringMatching(/^making 1 file from sources in media\/ \(about \d+ s\)$/),
        ]);
        const progress = lines.filter((line) => line.startsWith("  public/videos/reels/test-reel.mp4: "));
        expect(progress.length, lines.join("\n")).toBeGreaterThan(0);
        for (const line of progress)
          expect(line).toMatch(
            /^ {2}public\/videos\/reels\/test-reel\.mp4: \d+% \(\d+\.\d s of 5\.0 s\), (about \d+ s left|starting)$/,
          );
        expect((await readManifest(root))[reel.sources[1].src].film).toEqual({
          width: 1280,
          height: 720,
          duration: 5,
          fps: "25/1",
        });
      },
    );

    it("shows the progress as status lines on a terminal", { timeout: 60_000 }, async () => {
      const shown: string[][] = [];
      const jobs = jobsOf(content([], [reel])).filter((job) => job.kind === "reelMp4");
      await buildMedia(jobs, { root, force: true, log: () => undefined, status: (lines) => shown.push(lines) });
      expect(
        shown.some((lines) => lines.length === 1 && /^ {2}public\/videos\/reels\/test-reel\.mp4: \d+% /.test(lines[0])),
      ).toBe(true);
      // Cleared at the end.
      expect(shown.at(-1)).toEqual([]);
    });
  },
);
