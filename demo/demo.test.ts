import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { reels } from "#app/content/index.ts";
import type { Artist } from "#model/content.ts";
import { shotFrames } from "./graphs.ts";
import { lowerThirdSvg, titleCardBox } from "./titles.ts";
import { writeDemoSources } from "./write-sources.ts";
import { planJobs } from "#media-build/plan-jobs.ts";
import type { MediaContent, SourceJob } from "#media-build/kinds.ts";
import { photographer } from "#tests/support/test-artists.ts";
import { DEMO_TITLE_CARD } from "#tests/support/demo-title-card.ts";
import { filesUnder } from "#tests/support/test-files.ts";

const content = (photographers: Artist[]): MediaContent => ({
  directors: [],
  photographers,
  reels: [],
  clientLogos: [],
  agencyName: "Test Agency",
});

describe("npm run media:demo", () => {
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "media-demo-"));
  });

  afterAll(() => rm(root, { recursive: true, force: true }));

  const bioJob = (id: string): SourceJob => {
    const [job] = planJobs(content([{ ...photographer, id, bioPhoto: `/images/bio/${id}.jpg` }])).filter(
      (candidate): candidate is SourceJob => candidate.kind === "bioPhoto" && "source" in candidate,
    );
    return job;
  };
  /** Stands in for the demo's pictures: a flat grey one. */
  const grey = async (_of: unknown, out: string) => {
    await sharp({ create: { width: 60, height: 75, channels: 3, background: "#777" } })
      .png()
      .toFile(out);
  };

  it("writes a demo source into each empty slot, never over a file there, and never over an operator's output", async () => {
    await mkdir(path.join(root, "media/artists/own"), { recursive: true });
    await writeFile(path.join(root, "media/artists/own/bio.jpg"), "the operator's");
    await writeFile(
      path.join(root, "media/manifest.json"),
      JSON.stringify({ "/images/bio/elsewhere.jpg": { from: ["media/artists/elsewhere/bio.tif"], key: "0" } }),
    );
    const lines: string[] = [];
    await writeDemoSources(
      [bioJob("empty"), bioJob("own"), bioJob("elsewhere")],
      { root, force: false, log: (line) => lines.push(line) },
      grey,
    );
    expect(await filesUnder(path.join(root, "media"))).toEqual([
      "artists/empty/bio.png",
      "artists/own/bio.jpg",
      "manifest.json",
    ]);
    expect(await readFile(path.join(root, "media/artists/own/bio.jpg"), "utf8")).toBe("the operator's");
    expect(lines[0]).toMatch(/^demo: left 1 sources out.*media\/artists\/elsewhere\/bio\./);
  });
});

describe("demo reel cut", () => {
  const fps = 25;
  const transition = 0.48;
  const half = Math.round((transition * fps) / 2);

  it("gives each spot the frames from its start to the next one's, plus half a transition either side", () => {
    for (const reel of reels) {
      const shots = reel.spots.map((spot) => ({ start: spot.start }));
      const lengths = shotFrames({ fps, seconds: reel.duration, transition, shots });
      const starts = reel.spots.map((spot) => spot.start * fps);
      const ends = [...starts.slice(1), reel.duration * fps];
      expect(lengths).toEqual(
        starts.map((start, i) => ends[i] - start + (i > 0 ? half : 0) + (i < starts.length - 1 ? half : 0)),
      );
      // Joined with overlapping transitions, they add up to exactly the reel's length.
      expect(lengths.reduce((sum, length) => sum + length, 0) - 2 * half * (lengths.length - 1)).toBe(
        reel.duration * fps,
      );
    }
  });

  it("sets the lower third as the director's name over the client and the title in typographic quotes", () => {
    const svg = lowerThirdSvg(1920, 1080, "Lena Okoro & Jonas Wilde", "Bramble & Oak", "Slow Pour");
    const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);
    expect(texts).toEqual(["Lena Okoro &amp; Jonas Wilde", "Bramble &amp; Oak — “Slow Pour”"]);
    // Bottom-left, inside a title-safe margin of the 1920×1080 frame.
    const xs = [...svg.matchAll(/<text x="([0-9.]+)" y="([0-9.]+)"/g)].map((match) => [
      Number(match[1]),
      Number(match[2]),
    ]);
    const height = Number(/height="([0-9.]+)"/.exec(svg)?.[1]);
    for (const [x, y] of xs) {
      expect(x).toBeGreaterThanOrEqual(1920 * 0.05);
      expect(height - y).toBeGreaterThanOrEqual(1080 * 0.05);
    }
  });

  it("sets every reel's title card inside the part of the poster the player's play button keeps clear of", () => {
    // The reels' 1920×1080 frame (sources.ts REEL_VIDEO), in fractions of it as DEMO_TITLE_CARD is.
    const [w, h] = [1920, 1080];
    const area = DEMO_TITLE_CARD;
    for (const reel of reels) {
      const card = titleCardBox(w, h, reel.title);
      expect(card.x / w, reel.slug).toBeGreaterThanOrEqual(area.x);
      expect(card.y / h, reel.slug).toBeGreaterThanOrEqual(area.y);
      expect((card.x + card.width) / w, reel.slug).toBeLessThanOrEqual(area.x + area.width);
      expect((card.y + card.height) / h, reel.slug).toBeLessThanOrEqual(area.y + area.height);
    }
  });
});
