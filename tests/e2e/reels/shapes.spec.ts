/**
 * An editor's own films, end to end: a 2.39:1 "scope" film at 23.976 fps and a 9:16 vertical film
 * at 30 fps are added as docs/content.md says (a source in media/reels/, a reel file without a
 * stated length), made by `npm run media`, built and served. Each reel page's player has its
 * film's shape at a phone's and a desktop's width, fits the screen's height, nothing on the page
 * shifts while it loads, and the film plays in it whole.
 */
import { type ChildProcess, spawnSync } from "node:child_process";
import { copyFile, mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";

import type { Page } from "@playwright/test";

import { artists } from "#app/content/index.ts";
import { startServer } from "#tests/support/server-process.mjs";
import { expect, test } from "#tests/support/fixtures.ts";
import { ReelPlayer } from "#tests/support/reel-player.ts";
import { freePort, PROJECT_SOURCES, run, scratchProject } from "#tests/support/scratch-project.ts";

const ROOT = path.join(import.meta.dirname, "../../..");

/** The films: small frames, a few seconds, so the media build takes seconds. */
const FILMS = [
  { slug: "reel-scope", title: "Scope Reel", width: 960, height: 402, rate: "24000/1001" },
  { slug: "reel-vertical", title: "Vertical Reel", width: 540, height: 960, rate: "30" },
] as const;

const SCREENS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

const ffmpegMissing = spawnSync("ffmpeg", ["-version"]).status !== 0;

/** Runs a command in the copy; fails the test with its output if it fails. */
/** A reel's file as an operator writes it: no `duration`, which the media build reads from the film. */
function reelFile(film: (typeof FILMS)[number], order: number): string {
  return `---
slug: ${film.slug}
order: ${order}
title: ${film.title}
autoplay: false
controls: true
poster: /images/reels/${film.slug}.jpg
thumb: /images/reels/${film.slug}.webp
sources:
  - src: /videos/reels/${film.slug}/master.m3u8
    type: application/x-mpegURL
  - src: /videos/reels/${film.slug}.mp4
    type: video/mp4
spots:
  - start: 0
    artist: ${artists.directors[0].id}
    client: Harbour Lights
    title: ${film.title}
uploadDate: 2026-11-25
---

A film of another shape.
`;
}

/** The page's layout shifts so far: their sum, and what moved (for the message). */
function layoutShift(page: Page): Promise<{ total: number; moved: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ total: number; moved: string[] }>((resolve) => {
        type Shift = PerformanceEntry & {
          value: number;
          sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        };
        const describe = (node?: Node) =>
          node instanceof Element
            ? `${node.tagName.toLowerCase()}.${[...node.classList].join(".")}`
            : String(node?.nodeName);
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as Shift[];
          resolve({
            total: entries.reduce((sum, entry) => sum + entry.value, 0),
            moved: entries.flatMap((entry) =>
              entry.sources.map(
                (source) =>
                  `${describe(source.node)} ${JSON.stringify(source.previousRect)} → ${JSON.stringify(source.currentRect)}`,
              ),
            ),
          });
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve({ total: 0, moved: [] }), 500);
      }),
  );
}

test.describe("films of another shape and rate", () => {
  test.skip(({ isMobile }) => isMobile, "one run sets both screens itself");
  test.skip(ffmpegMissing, "ffmpeg is not installed");

  test("a scope and a vertical film get players of their shape, at a phone's and a desktop's width", async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const dir = await scratchProject("reel-shapes-", PROJECT_SOURCES, [
      "images/reels",
      "images/og/reels",
      "videos/reels",
    ]);
    let server: ChildProcess | undefined;
    try {
      await rm(path.join(dir, "app/content/generated.js"), { force: true });
      // Its own media/: the demo's record of what it made, and the two new sources.
      await mkdir(path.join(dir, "media/reels"), { recursive: true });
      await copyFile(path.join(ROOT, "media/manifest.json"), path.join(dir, "media/manifest.json"));
      for (const [i, film] of FILMS.entries()) {
        const seconds = 3;
        run(dir, "ffmpeg", [
          "-v",
          "error",
          "-f",
          "lavfi",
          "-i",
          `testsrc2=s=${film.width}x${film.height}:r=${film.rate}:d=${seconds}`,
          "-f",
          "lavfi",
          "-i",
          `sine=frequency=440:duration=${seconds}`,
          "-c:v",
          "libx264",
          "-preset",
          "ultrafast",
          "-pix_fmt",
          "yuv420p",
          "-c:a",
          "aac",
          "-shortest",
          `media/reels/${film.slug}.mp4`,
        ]);
        await writeFile(path.join(dir, `app/content/reels/${film.slug}.md`), reelFile(film, 10 + i));
      }
      run(dir, "npm", ["run", "--silent", "media", "--", "--reels"]);
      run(dir, "npm", ["run", "--silent", "build"]);
      const started = await startServer(await freePort(), { cwd: dir });
      server = started.child;

      for (const film of FILMS) {
        for (const screen of SCREENS) {
          const where = `${film.slug} at ${screen.width} px`;
          const page = await browser.newPage({ viewport: screen });
          const player = new ReelPlayer(page, false);
          await page.goto(`${started.origin}/${film.slug}`);
          await player.ready();
          const box = await page.locator("[data-vjs-player]").boundingBox();
          if (!box) throw new Error(`${where}: no player`);
          expect(box.width / box.height, `${where}: the player's shape`).toBeCloseTo(film.width / film.height, 2);
          expect(box.height, `${where}: fits the screen's height`).toBeLessThanOrEqual(screen.height);
          expect(box.width, `${where}: fits the screen's width`).toBeLessThanOrEqual(screen.width);
          // From the first paint to video.js's player, ready: nothing on the page has moved.
          const shift = await layoutShift(page);
          expect(shift.total, `${where}: layout shift of ${shift.moved.join(", ")}`).toBe(0);

          await player.press();
          await expect.poll(() => player.playhead(), { timeout: 15_000 }).toBeGreaterThan(0.5);
          // The film as made: its whole frame (even sizes, so within a pixel of its shape).
          const frame = await page
            .locator("video")
            .evaluate((video: HTMLVideoElement) => ({ width: video.videoWidth, height: video.videoHeight }));
          expect(
            Math.abs(frame.height - (frame.width * film.height) / film.width),
            `${where}: the film's frame ${frame.width}×${frame.height}`,
          ).toBeLessThanOrEqual(1);
          await page.close();
        }
      }
    } finally {
      server?.kill();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
