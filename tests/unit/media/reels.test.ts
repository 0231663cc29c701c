import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { reels } from "#app/content/index.ts";
import { mediaSegments } from "#model/hls.ts";
import { HLS_LADDER, HLS_MASTER_ORDER, REEL_MP4, reelLadder, type Rendition } from "#model/reel-frames.ts";
import { planJobs } from "#media-build/plan-jobs.ts";
import { SITE_CONTENT } from "#media-build/site-content.ts";
import { ffprobe } from "#media-build/recipes/ffmpeg.ts";
import { reelHls, rewriteMaster, segmentStarts } from "#media-build/recipes/reels.ts";

describe("reel ladder", () => {
  it("has 1080p, 720p, 540p and 360p at 16:9, high profile from 720p up, and a 1080p MP4", () => {
    expect(HLS_LADDER.map((rung) => [rung.name, rung.width, rung.height])).toEqual([
      ["1080p", 1920, 1080],
      ["720p", 1280, 720],
      ["540p", 960, 540],
      ["360p", 640, 360],
    ]);
    for (const rung of HLS_LADDER) expect(rung.profile).toBe(rung.height >= 720 ? "high" : "main");
    // Each rung is capped lower than the one above it.
    for (let i = 1; i < HLS_LADDER.length; i++) expect(HLS_LADDER[i].maxKbps).toBeLessThan(HLS_LADDER[i - 1].maxKbps);
    expect([REEL_MP4.width, REEL_MP4.height]).toEqual([1920, 1080]);
  });

  it("lists every rung once in the master playlist, a moderate one first for native players", () => {
    expect([...HLS_MASTER_ORDER].sort()).toEqual(HLS_LADDER.map((rung) => rung.name).sort());
    expect(HLS_MASTER_ORDER[0]).toBe("540p");
  });

  it("starts segments at 0, 1 and 2 s, then every 2 s (the MP4's keyframe gap), never at or past the end", () => {
    expect(segmentStarts(30)).toEqual([0, 1, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28]);
    expect(segmentStarts(12)).toEqual([0, 1, 2, 4, 6, 8, 10]);
    expect(segmentStarts(1.5)).toEqual([0, 1]);
  });

  it("reads a media playlist's segment lengths and names", () => {
    const playlist =
      "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:1.000000,\nsegment_000.ts\n#EXTINF:4.000000,\nsegment_001.ts\n#EXT-X-ENDLIST\n";
    expect(mediaSegments(playlist)).toEqual([
      { duration: 1, uri: "segment_000.ts" },
      { duration: 4, uri: "segment_001.ts" },
    ]);
  });

  it("remakes the reels' video when the ladder changes: the recipe names every rung and its cap", () => {
    const hls = planJobs(SITE_CONTENT).filter((job) => job.kind === "reelHls");
    expect(hls).toHaveLength(reels.length);
    for (const job of hls)
      for (const rung of HLS_LADDER)
        expect(job.recipe).toContain(`${rung.name} ${rung.width}x${rung.height} ${rung.maxKbps}k`);
  });
});

describe("master playlist", () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  /** A folder as ffmpeg leaves it for the rungs `ladder`: its master playlist and each rung's segments. */
  async function written(ladder: readonly Rendition[]): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), "master-"));
    dirs.push(dir);
    // What ffmpeg writes: variants in encoding order, BANDWIDTH from -maxrate.
    const variants = ladder.flatMap((rung) => [
      `#EXT-X-STREAM-INF:BANDWIDTH=1,RESOLUTION=${rung.width}x${rung.height},CODECS="avc1.${rung.name},mp4a.40.2"`,
      `${rung.name}/index.m3u8`,
      "",
    ]);
    await writeFile(path.join(dir, "master.m3u8"), ["#EXTM3U", "#EXT-X-VERSION:6", ...variants].join("\n"));
    for (const [i, rung] of ladder.entries()) {
      await mkdir(path.join(dir, rung.name));
      await writeFile(
        path.join(dir, rung.name, "index.m3u8"),
        "#EXTM3U\n#EXTINF:1.000000,\na.ts\n#EXTINF:4.000000,\nb.ts\n#EXT-X-ENDLIST\n",
      );
      // a.ts: 1000·(i+1) bytes in 1 s; b.ts: 1000 bytes in 4 s.
      await writeFile(path.join(dir, rung.name, "a.ts"), Buffer.alloc(1000 * (i + 1)));
      await writeFile(path.join(dir, rung.name, "b.ts"), Buffer.alloc(1000));
    }
    return dir;
  }

  it("is rewritten in HLS_MASTER_ORDER with peak and average bandwidth measured from the segments", async () => {
    const dir = await written(HLS_LADDER);
    await rewriteMaster(dir, "master.m3u8", HLS_LADDER, "25/1");
    const master = await readFile(path.join(dir, "master.m3u8"), "utf8");
    const uris = master.split("\n").filter((line) => line.endsWith("index.m3u8"));
    expect(uris).toEqual(HLS_MASTER_ORDER.map((name) => `${name}/index.m3u8`));
    const i = HLS_LADDER.findIndex((rung) => rung.name === "540p");
    const peak = 8000 * (i + 1);
    const average = Math.ceil((8 * (1000 * (i + 1) + 1000)) / 5);
    expect(master).toContain(
      `#EXT-X-STREAM-INF:BANDWIDTH=${peak},AVERAGE-BANDWIDTH=${average},RESOLUTION=960x540,FRAME-RATE=25.000,CODECS="avc1.540p,mp4a.40.2"\n540p/index.m3u8`,
    );
  });

  it("lists only the rungs a reel has, in the same order, at their real size and rate", async () => {
    const scope = reelLadder({ width: 1280, height: 536 });
    const dir = await written(scope);
    await rewriteMaster(dir, "master.m3u8", scope, "24000/1001");
    const master = await readFile(path.join(dir, "master.m3u8"), "utf8");
    expect(master.split("\n").filter((line) => line.endsWith("index.m3u8"))).toEqual([
      "540p/index.m3u8",
      "720p/index.m3u8",
      "360p/index.m3u8",
    ]);
    expect(master).toContain("RESOLUTION=960x402,FRAME-RATE=23.976,");
    // Without 540p, the next in HLS_MASTER_ORDER leads.
    const tall = reelLadder({ width: 720, height: 1280 }).filter((rung) => rung.name !== "540p");
    const other = await written(tall);
    await rewriteMaster(other, "master.m3u8", tall, "30/1");
    const lines = (await readFile(path.join(other, "master.m3u8"), "utf8")).split("\n");
    expect(lines.filter((line) => line.endsWith("index.m3u8"))).toEqual(["720p/index.m3u8", "360p/index.m3u8"]);
    expect(lines[3]).toContain("RESOLUTION=720x1280,FRAME-RATE=30.000,");
  });
});

const ffmpegMissing = spawnSync("ffmpeg", ["-version"]).status !== 0;

describe.skipIf(ffmpegMissing)(`reel segments${ffmpegMissing ? " (skipped: ffmpeg is not installed)" : ""}`, () => {
  let dir: string;
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it(
    "start on a keyframe at each segment's second, in every rung of a 23.976 fps film",
    { timeout: 60_000 },
    async () => {
      dir = await mkdtemp(path.join(tmpdir(), "reel-segments-"));
      const source = path.join(dir, "source.mp4");
      const made = spawnSync("ffmpeg", [
        "-v",
        "error",
        "-f",
        "lavfi",
        "-i",
        "testsrc2=s=960x402:r=24000/1001:d=7",
        "-c:v",
        "libx264",
        "-preset",
        "ultrafast",
        "-pix_fmt",
        "yuv420p",
        source,
      ]);
      expect(made.status, made.stderr.toString()).toBe(0);
      const info = await ffprobe(source);
      await reelHls(source, info, path.join(dir, "hls"), "master.m3u8", "segments");
      const fps = 24000 / 1001;
      // The first frame at or after each second.
      const expected = segmentStarts(info.duration).map((start) => Math.ceil(start * fps - 1e-9) / fps);
      expect(expected.map((start) => start.toFixed(3))).toEqual(["0.000", "1.001", "2.002", "4.004", "6.006"]);
      for (const rung of reelLadder(info)) {
        const folder = path.join(dir, "hls", rung.name);
        const segments = mediaSegments(await readFile(path.join(folder, "index.m3u8"), "utf8"));
        const firsts = segments.map((segment) => {
          const probed = spawnSync("ffprobe", [
            "-v",
            "error",
            "-select_streams",
            "v:0",
            "-read_intervals",
            "%+#1",
            "-show_entries",
            "packet=pts_time,flags",
            "-of",
            "json",
            path.join(folder, segment.uri),
          ]);
          const [packet] = (JSON.parse(probed.stdout.toString()) as { packets: { pts_time: string; flags: string }[] })
            .packets;
          return { time: Number(packet.pts_time), key: packet.flags.startsWith("K") };
        });
        expect(
          firsts.every((first) => first.key),
          rung.name,
        ).toBe(true);
        expect(
          firsts.map((first) => (first.time - firsts[0].time).toFixed(3)),
          rung.name,
        ).toEqual(expected.map((start) => start.toFixed(3)));
      }
    },
  );
});
