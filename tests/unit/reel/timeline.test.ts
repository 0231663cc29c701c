import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { reels } from "#app/content/index.ts";
import { thumbnailsOf } from "#app/reel/player/seek-bar.client.ts";
import { chapterCues } from "#app/reel/reel.server.ts";
import { chapterIndexAt, clockTime, fragmentTime, momentPath, reelChapters, startTime } from "#app/reel/timeline.ts";
import { mediaPaths } from "#model/media-paths.ts";
import { numbered, writeWebVtt } from "#model/cues/webvtt.ts";
import { seekCells, seekIndexVtt } from "#media-build/recipes/seek-thumbnails.ts";

const director = (id: string) => ({ name: id.toUpperCase(), url: `/artists/film/${id}` });

describe("a reel's chapters", () => {
  it("run each spot to the next one's start, the last to the reel's end", () => {
    for (const reel of reels) {
      const chapters = reelChapters(reel, director);
      expect(chapters.map((chapter) => [chapter.start, chapter.end])).toEqual(
        reel.spots.map((spot, i) => [spot.start, reel.spots[i + 1]?.start ?? reel.duration]),
      );
      expect(chapters.map((chapter) => chapter.director.url)).toEqual(
        reel.spots.map((spot) => `/artists/film/${spot.artist}`),
      );
    }
  });

  it("refuse a spot whose director is not found", () => {
    expect(() => reelChapters(reels[0], () => undefined)).toThrow(/no director/);
  });

  it("know which one plays at a moment", () => {
    const chapters = reelChapters(
      { duration: 30, spots: [0, 6, 12].map((start) => ({ start, artist: "a", client: "C", title: "T" })) },
      director,
    );
    expect([0, 5.99, 6, 11, 12, 29.9].map((at) => chapterIndexAt(chapters, at))).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it("make a WebVTT file whose cue text is escaped", () => {
    const chapters = reelChapters(
      {
        duration: 75.5,
        spots: [
          { start: 0, artist: "a", client: "Bramble & Oak", title: "A <b> --> B" },
          { start: 61, artist: "b", client: "C", title: "D" },
        ],
      },
      director,
    );
    const vtt = writeWebVtt(numbered(chapterCues(chapters)));
    expect(vtt).toBe(
      "WEBVTT\n\n1\n00:00:00.000 --> 00:01:01.000\nA &lt;b> --&gt; B — Bramble &amp; Oak\n\n2\n00:01:01.000 --> 00:01:15.500\nD — C\n",
    );
  });
});

describe("moments", () => {
  it("are written as a clock", () => {
    expect([0, 6, 59.9, 75.4, 3600].map(clockTime)).toEqual(["0:00", "0:06", "0:59", "1:15", "60:00"]);
  });

  it("link to whole seconds", () => {
    expect(momentPath("reel-2021", 12.9)).toBe("/reel-2021?t=12");
    expect(momentPath("reel-2021", 0)).toBe("/reel-2021?t=0");
  });

  it("start a reel only at a moment within it, else at 0", () => {
    expect(startTime("12", 30)).toBe(12);
    expect(startTime(" 12.5 ", 30)).toBe(12.5);
    expect(startTime("npt:7", 30)).toBe(7);
    expect(startTime("7,9", 30)).toBe(7);
    for (const bad of [
      null,
      undefined,
      "",
      "-1",
      "30",
      "31",
      "abc",
      "1e3",
      "Infinity",
      "NaN",
      "0x10",
      "9".repeat(400),
    ]) {
      expect(startTime(bad, 30), String(bad)).toBe(0);
    }
  });

  it("read from a media fragment", () => {
    expect(fragmentTime("#t=18")).toBe("18");
    expect(fragmentTime("#x=1&t=4,8")).toBe("4,8");
    expect(fragmentTime("#top")).toBeUndefined();
    expect(fragmentTime("")).toBeUndefined();
  });
});

describe("seek-bar thumbnails", () => {
  it("take one cell every 2 s across the whole reel, the last one shorter, five to a row", () => {
    const cells = seekCells(31);
    expect(cells).toHaveLength(16);
    expect(cells[0]).toEqual({ start: 0, end: 2, at: 1, x: 0, y: 0 });
    expect(cells[5]).toMatchObject({ start: 10, x: 0, y: 90 });
    expect(cells[15]).toEqual({ start: 30, end: 31, at: 30.5, x: 0, y: 270 });
  });

  it("join a last interval under half a second to the one before (a 23.976 fps film runs a few ms past its second)", () => {
    const cells = seekCells(4.004);
    expect(cells).toHaveLength(2);
    expect(cells[1]).toEqual({ start: 2, end: 4.004, at: 3.002, x: 160, y: 0 });
  });

  it("index the sprite's cells in WebVTT", () => {
    expect(seekIndexVtt(seekCells(3), "r-seek.webp")).toBe(
      "WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nr-seek.webp#xywh=0,0,160,90\n\n00:00:02.000 --> 00:00:03.000\nr-seek.webp#xywh=160,0,160,90\n",
    );
  });
});

describe("the seek-bar thumbnails' index, as the player reads it", () => {
  it("gives every cell the media build writes, with the sprite's URL beside the index's", () => {
    const cells = seekCells(5);
    const thumbnails = thumbnailsOf(
      seekIndexVtt(cells, "r-seek.webp"),
      "https://media.agency.example/images/reels/r-seek.vtt",
    );
    expect(thumbnails).toEqual(
      cells.map(({ start, end, x, y }) => ({
        start,
        end,
        x,
        y,
        width: 160,
        height: 90,
        url: "https://media.agency.example/images/reels/r-seek.webp",
      })),
    );
  });

  it("reads each reel's index as made, its cells end to end from 0 to the reel's end", () => {
    for (const reel of reels) {
      const { index } = mediaPaths.seekThumbnails(reel.slug);
      const thumbnails = thumbnailsOf(
        readFileSync(path.join("public", index), "utf8"),
        `https://agency.example${index}`,
      );
      expect(thumbnails.length, reel.slug).toBeGreaterThan(1);
      expect(thumbnails[0].start).toBe(0);
      thumbnails.slice(1).forEach((cell, i) => expect(cell.start, reel.slug).toBe(thumbnails[i].end));
      expect(thumbnails.at(-1)?.end, reel.slug).toBeCloseTo(reel.duration, 2);
      // One sprite, a file beside the index.
      const sprites = new Set(thumbnails.map((cell) => new URL(cell.url).pathname));
      expect(sprites.size, reel.slug).toBe(1);
      expect(existsSync(path.join("public", [...sprites][0])), `${reel.slug}: ${[...sprites][0]}`).toBe(true);
    }
  });

  it("leaves out a cue that names no cell, and reads nothing from what is not WebVTT", () => {
    const vtt =
      "WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nr-seek.webp\n\n00:00:02.000 --> 00:00:04.000\nr-seek.webp#xywh=160,0,160,90\n";
    expect(thumbnailsOf(vtt, "https://agency.example/images/reels/r-seek.vtt")).toEqual([
      {
        start: 2,
        end: 4,
        url: "https://agency.example/images/reels/r-seek.webp",
        x: 160,
        y: 0,
        width: 160,
        height: 90,
      },
    ]);
    expect(thumbnailsOf("<!doctype html><p>Not Found</p>", "https://agency.example/images/reels/r-seek.vtt")).toEqual(
      [],
    );
  });
});
