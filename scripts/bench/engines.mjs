/**
 * How fast a reel starts in the other engines (`npm run bench -- --only=engines`): Firefox and
 * WebKitGTK, driven as in the cross-engine journeys (tests/e2e/engines), by the same drivers
 * (tests/support/engines/), on every reel page.
 * Press → first moving frame, on the site's page and on its floor: a page holding only a native
 * `<video>` of the same reel's MP4, served beside the site; from the start, and from a moment (the
 * site's `?t=` link against the floor's `#t=` media fragment). Neither driver can throttle the
 * network or the CPU, so this runs on loopback at the machine's speed: it shows what each engine's
 * path costs (Firefox streams through video.js's HLS engine; WebKitGTK, whose MSE cannot play that
 * stream, plays the MP4: docs/decisions/0007-mse-probe.md), not what a phone on a slow line sees
 * (section 4).
 * Each page is pressed as a visitor does: once it has settled, after LOOK_MS of looking at it.
 * BENCH_ENGINE_RUNS rounds (3 by default), site and floor alternating first; BENCH_ENGINES=WebKit
 * or Firefox for one engine.
 */
import { createServer } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";

import { gecko } from "#tests/support/engines/gecko.ts";
import { webkit } from "#tests/support/engines/webkit.ts";
import { reels } from "#app/content/index.ts";
import { REEL_PAGES } from "#tests/support/pages.mjs";
import { startServer } from "#tests/support/server-process.mjs";
import { cell, firstLine, mark, summary } from "./shared.mjs";

const PORT = 3329;
const FLOOR_PORT = 3330;
const RUNS = Number(process.env.BENCH_ENGINE_RUNS ?? 3);
const GOAL_RATIO = 1.5;
const TIMEOUT_MS = 30_000;
/** How long the visitor looks at the settled page before pressing play (the journey of issue 38). */
const LOOK_MS = Number(process.env.BENCH_ENGINE_LOOK_MS ?? 4_000);

/** Serves the floor's page for each reel (and `?t=`): the reel's MP4 from the site's origin, nothing else. */
function startFloor(siteOrigin) {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://floor");
    if (!REEL_PAGES.includes(url.pathname)) return response.writeHead(404).end();
    const moment = url.searchParams.has("t") ? `#t=${Number(url.searchParams.get("t"))}` : "";
    response
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(
        `<!doctype html><title>floor</title><video controls preload="none" playsinline ` +
          `src="${siteOrigin}/videos/reels${url.pathname}.mp4${moment}" width="1280" height="720"></video>`,
      );
  });
  return new Promise((resolve) =>
    server.listen(FLOOR_PORT, "127.0.0.1", () => resolve({ origin: `http://127.0.0.1:${FLOOR_PORT}`, server })),
  );
}

/**
 * In the page: records when the picture first moves after the press, from `from` seconds of the
 * reel: the first of two frames presented after the press, both at or past the moment (a frame of
 * the reel's start shown before a seek does not count) and the second later in the reel than the
 * first. A single frame is not enough: WebKitGTK reports a frame for a stream that never plays (its
 * first, with a `mediaTime` of 2^64 - 1 ns, GStreamer's "no time"), and another when video.js's
 * engine seeks it; the visitor sees the poster until the watchdog's MP4 plays. The press's time is
 * set just before the driver's click (Firefox's native controls keep the pointer events to
 * themselves).
 */
function installProbes(from, duration) {
  const video = document.querySelector("video");
  if (!video) throw new Error("no <video> on the page");
  /** @type {import("./reel-bench-probe").ReelBenchProbe} */
  const probe = {};
  window.reelBench = probe;
  const pressedAt = () => probe.pressAt ?? Infinity;
  const inReel = (time) => Number.isFinite(time) && time >= Math.max(from - 0.5, 0.001) && time <= duration + 1;
  let previous;
  const seen = (at, time) => {
    if (at <= pressedAt() || !inReel(time)) return void (previous = undefined);
    if (previous && time > previous.time) probe.firstFrameAt ??= previous.at;
    previous = { at, time };
  };
  if ("requestVideoFrameCallback" in HTMLVideoElement.prototype) {
    const onFrame = (_now, metadata) => {
      seen(metadata.presentationTime, metadata.mediaTime);
      if (probe.firstFrameAt === undefined) video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  } else video.addEventListener("timeupdate", () => seen(performance.now(), video.currentTime));
}

async function waitFor(site, fn, what) {
  const deadline = Date.now() + TIMEOUT_MS;
  while (!(await site.run(fn))) {
    if (Date.now() > deadline) throw new Error(`no ${what} in ${TIMEOUT_MS / 1000} s`);
    await sleep(50);
  }
}

/** Press → first frame in ms, on a page loaded in a fresh browser and left to settle. */
async function firstFrame(engine, url, { site: isSite, from, duration }) {
  const site = await engine.open({ baseURL: "", reducedMotion: false });
  try {
    await site.goto(url);
    if (isSite) {
      await waitFor(
        site,
        () => window.__pressedBeforeHydration === null && !!document.querySelector(".vjs-big-play-button"),
        "player",
      );
    }
    // Settled: nothing fetched for half a second.
    let count = -1;
    for (let next; (next = await site.run(() => performance.getEntriesByType("resource").length)) !== count;) {
      count = next;
      await sleep(500);
    }
    await site.run(installProbes, from, duration);
    await sleep(LOOK_MS);
    await site.run(() => void (window.reelBench.pressAt = performance.now()));
    if (isSite) await site.click(".vjs-big-play-button");
    else {
      await site.click("video");
      await site.run(
        () =>
          void document
            .querySelector("video")
            ?.play()
            .catch(() => undefined),
      );
    }
    await waitFor(site, () => window.reelBench.firstFrameAt !== undefined, "first frame");
    const probe = await site.run(() => window.reelBench);
    return { ms: probe.firstFrameAt - probe.pressAt };
  } catch (error) {
    return { error: firstLine(error) };
  } finally {
    await site.close();
  }
}

export async function enginesSection() {
  // BENCH_ENGINES=WebKit (or Firefox) measures one engine alone.
  const only = process.env.BENCH_ENGINES?.split(",");
  const engines = [gecko, webkit].filter((engine) => {
    if (only && !only.includes(engine.name)) return false;
    const missing = engine.missing();
    if (missing) console.log(`${engine.name}: skipped, ${missing}`);
    return !missing;
  });
  if (!engines.length) return;
  console.log(
    `Reel start in each engine: press → first frame, the site's page against its floor (a bare <video> of the same MP4), ` +
      `median (range) of ${RUNS} rounds, 1440 px, on loopback (the drivers cannot throttle).`,
  );
  const started = Date.now();
  const app = await startServer(PORT);
  const floor = await startFloor(app.origin);
  const results = {};
  try {
    for (let round = 0; round < RUNS; round++) {
      for (const engine of engines) {
        for (const reelPage of REEL_PAGES) {
          const reel = reels.find(({ slug }) => `/${slug}` === reelPage);
          if (!reel) throw new Error(`${reelPage}: no reel in the content has this page`);
          const { spots, duration } = reel;
          const moment = spots[Math.floor(spots.length / 2)].start;
          for (const [from, query, seconds] of [
            ["the start", "", 0],
            [`${moment} s`, `?t=${moment}`, moment],
          ]) {
            const measured = (results[`${engine.name} ${reelPage} from ${from}`] ??= { site: [], floor: [] });
            const site = async () =>
              measured.site.push(
                await firstFrame(engine, app.origin + reelPage + query, { site: true, from: seconds, duration }),
              );
            const bare = async () =>
              measured.floor.push(
                await firstFrame(engine, floor.origin + reelPage + query, { site: false, from: seconds, duration }),
              );
            for (const measure of round % 2 ? [site, bare] : [bare, site]) await measure();
          }
        }
      }
      console.error(`engines: round ${round + 1} of ${RUNS} done`);
    }
  } finally {
    app.child.kill();
    floor.server.close();
  }
  const lines = ["| engine, reel, from | site ms (range) | floor ms (range) | ratio | goal |", "|---|---|---|---|---|"];
  const failures = [];
  for (const [name, { site, floor: bare }] of Object.entries(results)) {
    const [s, f] = [summary(site), summary(bare)];
    const ratio = s.median !== undefined && f.median !== undefined ? s.median / f.median : undefined;
    lines.push(
      `| ${name} | ${cell(s)} | ${cell(f)} | ${ratio === undefined ? "✗" : `${ratio.toFixed(2)}× ${mark(ratio <= GOAL_RATIO)}`} | ≤ ${GOAL_RATIO}× |`,
    );
    for (const { error } of [...site, ...bare]) if (error) failures.push(`- ${name}: ${error}`);
  }
  console.log(lines.join("\n"));
  if (failures.length) console.log(`Failed measurements:\n${failures.join("\n")}`);
  console.log(`(engines took ${Math.round((Date.now() - started) / 1000)} s)`);
}
