/**
 * How fast a reel starts, on every reel page (`npm run bench -- --only=reels` runs this section alone):
 *
 * - first frame after pressing play, on the site's page and on its floor: a bare page holding only a
 *   native `<video>` of the same reel's MP4, served by the same server. Phone (Pixel 7 at 390 px,
 *   Slow 4G, CPU ÷4) and desktop (1440 px, 20 Mbit/s, 20 ms). Each page is loaded cold, left to
 *   settle (load, then the network quiet and the main thread idle), and only then pressed, as a
 *   visitor taps once the page has appeared. Goal: site ≤ 1.5 × floor.
 * - press → play, on the phone: play pressed as soon as the page is painted and parsed, before the
 *   player has had time to set up; the time to the video's `play` event. Goal ≤ 200 ms.
 * - the height the desktop plays 10 s after its press on the site. Goal 1080 (the ladder's top rung).
 *
 * BENCH_REEL_RUNS rounds (5 by default). Within a round every reel and profile measures its floor and
 * its site one right after the other, the first of the two alternating from round to round, so a
 * drift of the machine's speed weighs on both alike.
 *
 * Only `document.querySelector("video")` and an optional `.vjs-big-play-button` are assumed of the
 * site's player.
 */
import { setTimeout as sleep } from "node:timers/promises";

import { devices } from "@playwright/test";

import { REEL_PAGES } from "#tests/support/pages.mjs";
import { startServer } from "#tests/support/server-process.mjs";
import { reelStartReport } from "./reel-start-report.mjs";
import { firstLine, launchBrowser, PHONE } from "./shared.mjs";

const PORT = 3324;
const RUNS = Number(process.env.BENCH_REEL_RUNS ?? 5);
/** A measurement that has not seen its frame (or play event) this long after the press fails. */
const TIMEOUT_MS = 30_000;
/** The longest wait for the page to settle after `load`; the press comes then regardless. */
const SETTLE_CAP_MS = 15_000;
/** How long the network must be quiet for the page to count as settled, as Playwright's `networkidle`. */
const QUIET_MS = 500;
const HEIGHT_AFTER_MS = 10_000;

/** One measurement: its milliseconds (and the desktop's height), or why it failed. */
/** @typedef {{ ms?: number, height?: number, error?: string }} Measurement */

/**
 * Each profile's context, how its visitor presses (a tap or a click), and its line, emulated through
 * the DevTools protocol, which throttles media requests too (Playwright's own options do not).
 */
const PROFILES = {
  phone: {
    context: PHONE,
    press: "tap",
    network: { latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 },
    cpuSlowdown: 4,
  },
  desktop: {
    context: {
      ...devices["Desktop Chrome"],
      viewport: { width: 1440, height: 900 },
      screen: { width: 1440, height: 900 },
    },
    press: "click",
    network: { latency: 20, downloadThroughput: 20e6 / 8, uploadThroughput: 5e6 / 8 },
    cpuSlowdown: 1,
  },
};

/** The floor's page for `reelPage`, sized to fill the profile's viewport inside the body's margin. */
function floorHtml(reelPage, profile) {
  const width = profile.context.viewport.width - 16;
  const height = Math.round((width * 9) / 16);
  return (
    `<!doctype html><title>floor</title><video controls preload="none" playsinline ` +
    `src="/videos/reels${reelPage}.mp4" width="${width}" height="${height}"></video>`
  );
}

/**
 * A fresh context (cold cache) and page on the profile's line. The floor's page is answered by
 * Playwright for its one URL, on the app's origin; everything else, its MP4 included, comes from the
 * server. Only the floor context routes, as routing turns the HTTP cache off.
 */
async function openPage(browser, profile, floor) {
  const context = await browser.newContext(profile.context);
  if (floor) await context.route(floor.url, (route) => route.fulfill({ contentType: "text/html", body: floor.html }));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const requests = countRequests(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, ...profile.network });
  if (profile.cpuSlowdown > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: profile.cpuSlowdown });
  return { context, page, requests };
}

/** The page's requests under way, and when that number last changed (Date.now()). */
function countRequests(page) {
  const requests = { inFlight: 0, changedAt: Date.now() };
  const change = (by) => () => {
    requests.inFlight += by;
    requests.changedAt = Date.now();
  };
  page.on("request", change(1));
  page.on("requestfinished", change(-1));
  page.on("requestfailed", change(-1));
  return requests;
}

/**
 * Waits, after `load`, until the network has been quiet for QUIET_MS and stays so while the main
 * thread finds an idle moment: the page has settled. Playwright's `networkidle` is not enough here:
 * the site starts hydrating only after `load` and a frame, and on the phone's slowed CPU the quiet
 * gap before its scripts are requested can outlast 500 ms, and so can the one before the player asks
 * for its first media; a press then lands before the player is there, on some runs and not others.
 */
async function settle(page, requests) {
  const deadline = Date.now() + SETTLE_CAP_MS;
  while (Date.now() < deadline) {
    if (requests.inFlight > 0 || Date.now() - requests.changedAt < QUIET_MS) {
      await sleep(50);
      continue;
    }
    const quietSince = requests.changedAt;
    await page.evaluate(
      () => /** @type {Promise<void>} */ (new Promise((idle) => requestIdleCallback(() => idle(), { timeout: 5_000 }))),
    );
    if (requests.changedAt === quietSince) return;
  }
}

/**
 * Records, in the page, the press (the input event's own time stamp: when the finger came down,
 * even if the page is too busy to run this listener at once), the video's first `play` event, and
 * the first frame presented after the press that is past the start of the reel (`mediaTime` > 0; a
 * frame shown at 0 may be the one preloaded before the press).
 */
function installProbes(page) {
  return page.evaluate(() => {
    const video = document.querySelector("video");
    if (!video) throw new Error("no <video> on the page");
    /** @type {import("./reel-bench-probe").ReelBenchProbe} */
    const probe = {};
    window.reelBench = probe;
    const onPress = (event) => (probe.pressAt ??= event.timeStamp);
    document.addEventListener("pointerdown", onPress, { capture: true });
    document.addEventListener("touchstart", onPress, { capture: true });
    video.addEventListener("play", () => (probe.playAt ??= performance.now()), { once: true });
    const onFrame = (_now, metadata) => {
      if (probe.pressAt !== undefined && metadata.mediaTime > 0) probe.firstFrameAt = metadata.presentationTime;
      else video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  });
}

/**
 * Presses play as a visitor does: on video.js's big play button when it shows, else on the video
 * itself. Headless Chromium's native controls ignore a synthetic press on their play button, so
 * after pressing the video, `play()` is called, within the press's user activation.
 */
async function pressPlay(page, profile) {
  const bigPlayButton = page.locator(".vjs-big-play-button");
  if (await bigPlayButton.isVisible()) {
    await bigPlayButton[profile.press]({ timeout: 5_000 });
    return;
  }
  // At the video's centre, whatever covers it there, as a finger would.
  const box = await page.locator("video").boundingBox();
  if (!box) throw new Error("the video has no box on the page");
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await (profile.press === "tap" ? page.touchscreen.tap(x, y) : page.mouse.click(x, y));
  // Not awaited: play()'s promise settles only once playback starts, which is what is measured.
  await page.evaluate(() => {
    const video = document.querySelector("video");
    if (!video) throw new Error("no <video> on the page");
    video.play().catch(() => undefined);
  });
}

/** Waits until the page's probe has `field`, and returns the probe; fails after TIMEOUT_MS. */
async function probeWith(page, field) {
  await page.waitForFunction((name) => window.reelBench[name] !== undefined, field, {
    timeout: TIMEOUT_MS,
    polling: 50,
  });
  return page.evaluate(() => window.reelBench);
}

/**
 * Press → first frame, in ms, on a page loaded cold and left to settle; with `readHeight`, also the
 * video's height 10 s after the press.
 * @param {import("@playwright/test").Browser} browser
 * @param {typeof PROFILES[keyof typeof PROFILES]} profile
 * @param {string} url
 * @param {{ floor?: { url: string, html: string }, readHeight?: boolean }} [options] `floor`: the bare page
 *   served at its URL instead of the site's
 * @returns {Promise<Measurement>}
 */
async function firstFrame(browser, profile, url, { floor, readHeight = false } = {}) {
  const { context, page, requests } = await openPage(browser, profile, floor);
  try {
    await page.goto(url, { waitUntil: "load", timeout: TIMEOUT_MS });
    await settle(page, requests);
    await installProbes(page);
    const pressed = Date.now();
    await pressPlay(page, profile);
    const probe = await probeWith(page, "firstFrameAt");
    /** @type {Measurement} */
    const result = { ms: probe.firstFrameAt - probe.pressAt };
    if (readHeight) {
      await sleep(Math.max(0, pressed + HEIGHT_AFTER_MS - Date.now()));
      result.height = await page.evaluate(() => document.querySelector("video")?.videoHeight);
    }
    return result;
  } catch (error) {
    return { error: firstLine(error) };
  } finally {
    await context.close();
  }
}

/** Press → `play` event, in ms, with play pressed as soon as the page is painted and parsed. */
async function pressToPlay(browser, profile, url) {
  const { context, page } = await openPage(browser, profile);
  try {
    await page.goto(url, { waitUntil: "domcontentloaded", timeout: TIMEOUT_MS });
    await page.waitForFunction(() => performance.getEntriesByType("paint").length > 0, null, {
      timeout: TIMEOUT_MS,
      polling: 20,
    });
    await installProbes(page);
    await pressPlay(page, profile);
    const probe = await probeWith(page, "playAt");
    return { ms: probe.playAt - probe.pressAt };
  } catch (error) {
    return { error: firstLine(error) };
  } finally {
    await context.close();
  }
}

export async function reelStartSection() {
  console.log(
    `Reel start: press → first frame, the site's page against its floor (a bare <video> of the same MP4), ` +
      `median (range) of ${RUNS} interleaved rounds; phone = Pixel 7 at 390 px on Slow 4G with the CPU ÷4, ` +
      `desktop = 1440 px on 20 Mbit/s, 20 ms. Press → play: the phone pressing as soon as the page is painted.`,
  );
  const started = Date.now();
  const app = await startServer(PORT);
  const browser = await launchBrowser();
  const results = Object.fromEntries(
    REEL_PAGES.map((reelPage) => [
      reelPage,
      Object.fromEntries(
        Object.keys(PROFILES).map((name) => {
          /** @type {Record<"site" | "floor" | "pressToPlay", Measurement[]>} */
          const sets = { site: [], floor: [], pressToPlay: [] };
          return [name, sets];
        }),
      ),
    ]),
  );
  try {
    for (let round = 0; round < RUNS; round++) {
      for (const reelPage of REEL_PAGES) {
        const siteUrl = app.origin + reelPage;
        for (const [profileName, profile] of Object.entries(PROFILES)) {
          const measured = results[reelPage][profileName];
          const floorUrl = `${app.origin}/bench-floor${reelPage}`;
          const floor = () =>
            firstFrame(browser, profile, floorUrl, { floor: { url: floorUrl, html: floorHtml(reelPage, profile) } });
          const site = () => firstFrame(browser, profile, siteUrl, { readHeight: profileName === "desktop" });
          if (round % 2 === 0) {
            measured.floor.push(await floor());
            measured.site.push(await site());
          } else {
            measured.site.push(await site());
            measured.floor.push(await floor());
          }
        }
        results[reelPage].phone.pressToPlay.push(await pressToPlay(browser, PROFILES.phone, siteUrl));
      }
      console.error(`reel start: round ${round + 1} of ${RUNS} done`);
    }
  } finally {
    await browser.close();
    app.child.kill();
  }
  console.log(reelStartReport(results));
  console.log(`(reel start took ${Math.round((Date.now() - started) / 1000)} s)`);
}
