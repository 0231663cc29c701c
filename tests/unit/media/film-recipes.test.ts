import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  type Frame,
  halveRate,
  HLS_LADDER,
  reelLadder,
  reelPosterSize,
  reelRate,
  seekThumbSize,
} from "#model/reel-frames.ts";
import { directorStill } from "#media-build/recipes/clips.ts";
import { ffprobe } from "#media-build/recipes/ffmpeg.ts";
import { ladderImage } from "#media-build/recipes/ladders.ts";
import { previewJpeg } from "#media-build/recipes/previews.ts";
import type { SourceInfo } from "#media-build/recipes/probe.ts";
import { reelHls, reelMp4, reelPoster, reelThumb } from "#media-build/recipes/reels.ts";

const sizes = (rungs: readonly Frame[]) => rungs.map((rung) => [rung.width, rung.height]);

describe("reel frames", () => {
  it("fills every box with a 16:9 film, with the boxes' names and caps", () => {
    const ladder = reelLadder({ width: 1920, height: 1080 });
    expect(ladder).toEqual(HLS_LADDER);
    expect(sizes(ladder)).toEqual([
      [1920, 1080],
      [1280, 720],
      [960, 540],
      [640, 360],
    ]);
  });

  it("fits a scope film inside each box, keeping its shape at even sizes", () => {
    expect(sizes(reelLadder({ width: 1920, height: 804 }))).toEqual([
      [1920, 804],
      [1280, 536],
      [960, 402],
      [640, 268],
    ]);
    // 2.39:1 exactly: heights are the nearest even size.
    for (const rung of reelLadder({ width: 2048, height: 857 })) {
      expect(rung.height % 2).toBe(0);
      expect(Math.abs(rung.height - (rung.width * 857) / 2048)).toBeLessThanOrEqual(1);
    }
  });

  it("turns the boxes for a vertical film, keeping the rungs' names", () => {
    const ladder = reelLadder({ width: 1080, height: 1920 });
    expect(ladder.map((rung) => [rung.name, rung.width, rung.height])).toEqual([
      ["1080p", 1080, 1920],
      ["720p", 720, 1280],
      ["540p", 540, 960],
      ["360p", 360, 640],
    ]);
  });

  it("never enlarges: leaves out the boxes larger than the film, or keeps one rung at a tiny film's own size", () => {
    expect(reelLadder({ width: 960, height: 402 }).map((rung) => [rung.name, rung.width, rung.height])).toEqual([
      ["540p", 960, 402],
      ["360p", 640, 268],
    ]);
    expect(reelLadder({ width: 1280, height: 720 }).map((rung) => rung.name)).toEqual(["720p", "540p", "360p"]);
    expect(reelLadder({ width: 320, height: 240 })).toEqual([{ ...HLS_LADDER[3], width: 320, height: 240 }]);
    // Odd sides round down to even, never past the film.
    expect(sizes(reelLadder({ width: 321, height: 181 }))).toEqual([[320, 180]]);
    expect(sizes(reelLadder({ width: 960, height: 401 }))).toEqual([
      [960, 400],
      [640, 268],
    ]);
  });

  it("sizes the poster 1280 wide and the seek thumbnails 90 px on their short side, in the film's shape", () => {
    expect(reelPosterSize({ width: 1920, height: 1080 })).toEqual({ width: 1280, height: 720 });
    expect(reelPosterSize({ width: 1080, height: 1920 })).toEqual({ width: 1280, height: 2276 });
    expect(reelPosterSize({ width: 1920, height: 804 })).toEqual({ width: 1280, height: 536 });
    expect(seekThumbSize({ width: 1920, height: 1080 })).toEqual({ width: 160, height: 90 });
    expect(seekThumbSize({ width: 1920, height: 804 })).toEqual({ width: 214, height: 90 });
    expect(seekThumbSize({ width: 1080, height: 1920 })).toEqual({ width: 90, height: 160 });
  });
});

describe("reel frame rate", () => {
  it("keeps the standard rates exactly", () => {
    for (const rate of ["24000/1001", "24/1", "25/1", "30000/1001", "30/1", "50/1", "60000/1001", "60/1"])
      expect(reelRate(rate, rate)).toBe(rate);
    // ffprobe's average of a constant rate can be off in the last digits.
    expect(reelRate("24000/1001", "2997/125")).toBe("24000/1001");
  });

  it("halves rates above 60", () => {
    expect(reelRate("120/1", "120/1")).toBe("60/1");
    expect(reelRate("120000/1001", "120000/1001")).toBe("60000/1001");
    expect(reelRate("100/1", "100/1")).toBe("50/1");
    expect(reelRate("240/1", "240/1")).toBe("60/1");
  });

  it("makes a variable or odd rate the nearest standard one", () => {
    // Phone footage: timestamps tick at 30 fps, frames come at 28.5 a second on average.
    expect(reelRate("30/1", "57/2")).toBe("30000/1001");
    // Fields counted as frames: r_frame_rate is the field rate.
    expect(reelRate("50/1", "25/1")).toBe("25/1");
    expect(reelRate("2997/100", "2997/100")).toBe("30000/1001");
    expect(reelRate("15/1", "15/1")).toBe("24000/1001");
    expect(reelRate("25/1", "0/0")).toBe("25/1");
    expect(() => reelRate("0/0", "0/0")).toThrow("unknown frame rate");
  });

  it("halves a rate for the directors' grid clips", () => {
    expect(halveRate("60000/1001")).toBe("30000/1001");
    expect(halveRate("50/1")).toBe("25/1");
  });
});

describe("stills of a reel's poster", () => {
  let dir: string;
  /** A poster of `width`×`height`: mid grey, white in its middle third. */
  const poster = async (name: string, width: number, height: number) => {
    const file = path.join(dir, name);
    const middle = await sharp({
      create: { width: Math.round(width / 3), height: Math.round(height / 3), channels: 3, background: "#fff" },
    })
      .png()
      .toBuffer();
    await sharp({ create: { width, height, channels: 3, background: "#808080" } })
      .composite([{ input: middle, left: Math.round(width / 3), top: Math.round(height / 3) }])
      .jpeg()
      .toFile(file);
    return file;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "reel-posters-"));
  });

  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("crop a 16:9 poster to the link preview as before, and letterbox a vertical one on the page's colour", async () => {
    const wide = await poster("wide.jpg", 1280, 720);
    expect((await previewJpeg(wide, undefined, { poster: true })).equals(await previewJpeg(wide))).toBe(true);
    const tall = await previewJpeg(await poster("tall.jpg", 1280, 2276), undefined, { poster: true });
    const { data, info } = await sharp(tall).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1200, 630]);
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    // The whole poster, 354 px wide, in the middle: page colour either side of it.
    for (const channel of pixel(100, 315)) expect(Math.abs(channel - 12)).toBeLessThanOrEqual(4);
    for (const channel of pixel(600, 20)) expect(Math.abs(channel - 128)).toBeLessThanOrEqual(6);
  });

  it("resize a poster of another shape than the ladder's by width only", async () => {
    const tall = await sharp(
      await ladderImage(await poster("tall-ladder.jpg", 1280, 2276), {
        path: "",
        width: 480,
        height: 270,
        format: "jpg",
      }),
    ).metadata();
    expect([tall.width, tall.height]).toEqual([480, 854]);
    const wide = await sharp(
      await ladderImage(await poster("wide-ladder.jpg", 1280, 720), {
        path: "",
        width: 480,
        height: 270,
        format: "webp",
      }),
    ).metadata();
    expect([wide.width, wide.height]).toEqual([480, 270]);
  });
});

// ---------------------------------------------------------------------------------------------
// Films made by ffmpeg

const ffmpegMissing = spawnSync("ffmpeg", ["-version"]).status !== 0;

/** Colours of the bands drawn along each edge of the test films, and of the picture between them. */
const BANDS = { left: [255, 0, 0], right: [0, 255, 0], top: [0, 0, 255], bottom: [255, 255, 0] } as const;
const GREY = [128, 128, 128] as const;
type Edge = keyof typeof BANDS;

/** Runs ffmpeg, failing the test with its message. */
function run(args: string[]): Buffer {
  const made = spawnSync("ffmpeg", ["-hide_banner", "-v", "error", "-y", ...args], { maxBuffer: 64 << 20 });
  if (made.status !== 0) throw new Error(made.stderr.toString());
  return made.stdout;
}

/**
 * A grey film `seconds` long of `width`×`height` coded pixels at `rate`, with an 8 px band of its own
 * colour along each edge, and a sine tone; `extra` are ffmpeg output options (SAR, etc.).
 */
function bandedFilm(
  out: string,
  {
    width,
    height,
    rate,
    seconds,
    extra = [],
  }: { width: number; height: number; rate: string; seconds: number; extra?: string[] },
): void {
  const hex = (rgb: readonly number[]) => `0x${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
  const band = 8;
  const boxes = [
    `drawbox=x=0:y=0:w=${band}:h=ih:color=${hex(BANDS.left)}:t=fill`,
    `drawbox=x=iw-${band}:y=0:w=${band}:h=ih:color=${hex(BANDS.right)}:t=fill`,
    `drawbox=x=${band}:y=0:w=iw-${2 * band}:h=${band}:color=${hex(BANDS.top)}:t=fill`,
    `drawbox=x=${band}:y=ih-${band}:w=iw-${2 * band}:h=${band}:color=${hex(BANDS.bottom)}:t=fill`,
  ];
  run([
    "-f",
    "lavfi",
    "-i",
    `color=c=${hex(GREY)}:s=${width}x${height}:r=${rate}:d=${seconds}`,
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=440:duration=${seconds}`,
    "-vf",
    boxes.join(","),
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-crf",
    "12",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
    ...extra,
    out,
  ]);
}

/** The colour nearest to `rgb` among the bands' and the grey. */
function nearest(rgb: number[]): Edge | "grey" {
  const candidates = [...Object.entries(BANDS), ["grey", GREY] as const];
  const distance = (colour: readonly number[]) => colour.reduce((sum, c, i) => sum + (c - rgb[i]) ** 2, 0);
  return candidates.reduce((best, candidate) => (distance(candidate[1]) < distance(best[1]) ? candidate : best))[0] as
    Edge | "grey";
}

/** The colour found 2 px inside each edge, halfway along it, in the frame of `video` at 1 s (as ffmpeg shows it, rotated upright). */
async function edgeColours(video: string): Promise<Record<Edge, string>> {
  const { width, height } = await ffprobe(video);
  const frame = run(["-ss", "1", "-i", video, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"]);
  expect(frame.length).toBe(width * height * 3);
  const at = (x: number, y: number) => nearest([...frame.subarray((y * width + x) * 3, (y * width + x) * 3 + 3)]);
  const [midX, midY] = [Math.floor(width / 2), Math.floor(height / 2)];
  return { left: at(2, midY), right: at(width - 3, midY), top: at(midX, 2), bottom: at(midX, height - 3) };
}

/** The frame size, sample aspect and `r_frame_rate` of the video stream of `file`, as ffprobe reads them. */
function streamOf(file: string): { width: number; height: number; sar: string; rate: string } {
  const probed = spawnSync("ffprobe", [
    "-v",
    "error",
    "-select_streams",
    "v:0",
    "-show_entries",
    "stream=width,height,sample_aspect_ratio,r_frame_rate",
    "-of",
    "json",
    file,
  ]);
  const [stream] = (
    JSON.parse(probed.stdout.toString()) as {
      streams: { width: number; height: number; sample_aspect_ratio?: string; r_frame_rate: string }[];
    }
  ).streams;
  return {
    width: stream.width,
    height: stream.height,
    sar: stream.sample_aspect_ratio ?? "1:1",
    rate: stream.r_frame_rate,
  };
}

const UPRIGHT = { left: "left", right: "right", top: "top", bottom: "bottom" };

describe.skipIf(ffmpegMissing)(
  `reels of every shape and rate${ffmpegMissing ? " (skipped: ffmpeg is not installed)" : ""}`,
  () => {
    let dir: string;
    const file = (name: string) => path.join(dir, name);

    /** Makes the reel's MP4 and HLS ladder of `source`, returning its probe and every output (the rungs' playlists, then the MP4). */
    async function reel(name: string, source: string): Promise<{ info: SourceInfo; outputs: string[] }> {
      const info = await ffprobe(source);
      await reelMp4(source, info, file(`${name}.mp4`), name);
      await reelHls(source, info, file(name), "master.m3u8", name);
      return {
        info,
        outputs: [...reelLadder(info).map((rung) => file(`${name}/${rung.name}/index.m3u8`)), file(`${name}.mp4`)],
      };
    }

    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), "reel-shapes-"));
    });

    afterAll(() => rm(dir, { recursive: true, force: true }));

    it(
      "keeps a 2.39:1 23.976 fps film whole, at its rate, in every rung and the MP4",
      { timeout: 60_000 },
      async () => {
        bandedFilm(file("scope-src.mp4"), { width: 960, height: 402, rate: "24000/1001", seconds: 3 });
        const { info, outputs } = await reel("scope", file("scope-src.mp4"));
        expect([info.width, info.height, info.fps]).toEqual([960, 402, "24000/1001"]);
        expect(outputs).toHaveLength(3);
        for (const output of outputs) {
          const stream = streamOf(output);
          expect(Math.abs(stream.height - (stream.width * 402) / 960), output).toBeLessThanOrEqual(1);
          expect([stream.sar, stream.rate], output).toEqual(["1:1", "24000/1001"]);
          expect(await edgeColours(output), output).toEqual(UPRIGHT);
        }
        expect(sizes(outputs.map(streamOf))).toEqual([
          [960, 402],
          [640, 268],
          [960, 402],
        ]);
        const master = await readFile(file("scope/master.m3u8"), "utf8");
        expect(master.split("\n").filter((line) => line.endsWith(".m3u8"))).toEqual([
          "540p/index.m3u8",
          "360p/index.m3u8",
        ]);
        expect(master).toContain("RESOLUTION=640x268,FRAME-RATE=23.976,");
      },
    );

    it("keeps a 9:16 30 fps film upright and whole, its rungs by width", { timeout: 60_000 }, async () => {
      bandedFilm(file("vertical-src.mp4"), { width: 540, height: 960, rate: "30", seconds: 2 });
      const { outputs } = await reel("vertical", file("vertical-src.mp4"));
      expect(sizes(outputs.map(streamOf))).toEqual([
        [540, 960],
        [360, 640],
        [540, 960],
      ]);
      for (const output of outputs) {
        expect(streamOf(output).rate, output).toBe("30/1");
        expect(await edgeColours(output), output).toEqual(UPRIGHT);
      }
    });

    it("shows anamorphic pixels at their display shape, square", { timeout: 30_000 }, async () => {
      // 360×270 coded, pixels 4:3 wide: shown at 480×270 (16:9).
      bandedFilm(file("anamorphic-src.mp4"), {
        width: 360,
        height: 270,
        rate: "25",
        seconds: 2,
        extra: ["-aspect", "16:9"],
      });
      const info = await ffprobe(file("anamorphic-src.mp4"));
      expect([info.width, info.height, info.pixelAspect]).toEqual([480, 270, 4 / 3]);
      await reelMp4(file("anamorphic-src.mp4"), info, file("anamorphic.mp4"), "anamorphic");
      expect(streamOf(file("anamorphic.mp4"))).toEqual({ width: 480, height: 270, sar: "1:1", rate: "25/1" });
      expect(await edgeColours(file("anamorphic.mp4"))).toEqual(UPRIGHT);
      // The grid's still covers its 16:9 frame from the display shape too: nothing cut off.
      await directorStill(file("anamorphic-src.mp4"), info, file("anamorphic.jpg"), "anamorphic", { start: 1 });
      const { data, info: still } = await sharp(file("anamorphic.jpg")).raw().toBuffer({ resolveWithObject: true });
      expect([still.width, still.height]).toEqual([960, 540]);
      const row = 270 * still.width * 3;
      expect([
        nearest([...data.subarray(row + 6, row + 9)]),
        nearest([...data.subarray(row + 957 * 3, row + 960 * 3)]),
      ]).toEqual(["left", "right"]);
    });

    it("turns phone footage upright at its display size, as ffmpeg shows it", { timeout: 30_000 }, async () => {
      bandedFilm(file("landscape.mp4"), { width: 640, height: 360, rate: "30", seconds: 2 });
      // A phone held upright records landscape pixels and a display matrix turning them.
      run(["-i", file("landscape.mp4"), "-c", "copy", "-metadata:s:v:0", "rotate=90", file("rotated-src.mp4")]);
      const info = await ffprobe(file("rotated-src.mp4"));
      expect([info.width, info.height]).toEqual([360, 640]);
      const shown = await edgeColours(file("rotated-src.mp4"));
      // The bands have moved round: the turn is real.
      expect(shown).not.toEqual(UPRIGHT);
      await reelMp4(file("rotated-src.mp4"), info, file("rotated.mp4"), "rotated");
      expect(streamOf(file("rotated.mp4"))).toMatchObject({ width: 360, height: 640 });
      expect(await edgeColours(file("rotated.mp4"))).toEqual(shown);
    });

    it("makes the poster of a scope film whole, 1280 wide, from the moment asked", { timeout: 30_000 }, async () => {
      const info = await ffprobe(file("scope-src.mp4"));
      await reelPoster(file("scope-src.mp4"), info, file("scope.jpg"), "poster", 0.5);
      const { data, info: poster } = await sharp(file("scope.jpg")).raw().toBuffer({ resolveWithObject: true });
      expect([poster.width, poster.height]).toEqual([1280, 536]);
      const at = (x: number, y: number) =>
        nearest([...data.subarray((y * poster.width + x) * 3, (y * poster.width + x) * 3 + 3)]);
      expect([at(3, 268), at(1276, 268), at(640, 3), at(640, 532)]).toEqual(["left", "right", "top", "bottom"]);
    });

    it("refuses a poster or thumbnail moment outside the film", async () => {
      const info = await ffprobe(file("scope-src.mp4"));
      await expect(reelPoster(file("scope-src.mp4"), info, file("late.jpg"), "poster", 3.5)).rejects.toThrow(
        "poster: the poster at 3.5 s: the film runs from 0 to 3.00 s",
      );
      await expect(reelThumb(file("scope-src.mp4"), info, file("late.webp"), "thumb", -1)).rejects.toThrow(
        "the film runs from 0 to 3.00 s",
      );
    });

    it("crops a grid still around its focus", { timeout: 30_000 }, async () => {
      const info = await ffprobe(file("scope-src.mp4"));
      const still = async (focus: { x: number; y: number }) => {
        await directorStill(file("scope-src.mp4"), info, file("focus.jpg"), "focus", { focus });
        const { data, info: size } = await sharp(file("focus.jpg")).raw().toBuffer({ resolveWithObject: true });
        const row = Math.floor(size.height / 2) * size.width * 3;
        return [
          nearest([...data.subarray(row + 6, row + 9)]),
          nearest([...data.subarray(row + (size.width - 3) * 3, row + size.width * 3)]),
        ];
      };
      // The scope frame is wider than 16:9: the crop keeps its left end, or its right one.
      expect(await still({ x: 0, y: 0.5 })).toEqual(["left", "grey"]);
      expect(await still({ x: 1, y: 0.5 })).toEqual(["grey", "right"]);
    });

    it("reads interlaced footage as such", { timeout: 30_000 }, async () => {
      run([
        "-f",
        "lavfi",
        "-i",
        "testsrc2=s=320x180:r=25:d=1",
        "-vf",
        "setfield=tff",
        "-flags",
        "+ildct+ilme",
        "-c:v",
        "libx264",
        "-preset",
        "ultrafast",
        "-pix_fmt",
        "yuv420p",
        file("interlaced.mp4"),
      ]);
      expect((await ffprobe(file("interlaced.mp4"))).interlaced).toBe(true);
      expect((await ffprobe(file("scope-src.mp4"))).interlaced).toBe(false);
    });
  },
);
