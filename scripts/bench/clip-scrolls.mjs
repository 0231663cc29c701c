/**
 * The directors' clips as a desktop visitor scrolls (issue 45): the bytes they fetch during
 * continuous scrolls through the whole grid, and how soon the row a visitor stops on moves.
 */
import { setTimeout as sleep } from "node:timers/promises";

import { scrollContinuously } from "#tests/support/scroll-continuously.ts";

/** Reading the names, an ordinary wheel or trackpad scroll, a brisk one (a screen every 150 ms). */
const SCROLL_SPEEDS = [1000, 2000, 6000];
/** The scroll that stops half-way down the grid. */
const STOP_SPEED = 2000;
const VIEWPORT = { width: 1440, height: 900 };
/** Goals from issue 45; the share judged at 40×, where the first and last screens are a small part of the grid. */
const GOALS = { share: 0.1, shareAt: 40, rowPlayingMs: 1000 };
/** How long the stopped row may take before it counts as never playing (a loaded machine took over 5 s). */
const STOP_TIMEOUT_MS = 30_000;

/**
 * A first visit (an empty cache) to the directors' grid: once hydrated (the clips are watched from
 * then on: a scroll before would start none, proving nothing), a second on the first screen, then `run`,
 * then a second where it leaves the page. Returns what `run` returns, and the bytes of the clips
 * (`clipPaths`) received, every chunk counted as it arrives, so a clip abandoned half-way counts
 * what it cost.
 */
async function visit(browser, origin, clipPaths, run) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const clipRequests = new Set();
  const received = new Map();
  cdp.on("Network.requestWillBeSent", ({ requestId, request }) => {
    if (clipPaths.has(new URL(request.url).pathname)) clipRequests.add(requestId);
  });
  cdp.on("Network.dataReceived", ({ requestId, encodedDataLength, dataLength }) => {
    if (clipRequests.has(requestId))
      received.set(requestId, (received.get(requestId) ?? 0) + (encodedDataLength || dataLength));
  });
  cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
    if (clipRequests.has(requestId)) received.set(requestId, Math.max(received.get(requestId) ?? 0, encodedDataLength));
  });
  try {
    await page.goto(`${origin}/artists/directors`, { waitUntil: "load" });
    await page.waitForFunction(() => window.__pressedBeforeHydration === null, null, { timeout: 60_000 });
    await sleep(1_000);
    const figures = await run(page);
    await sleep(1_000);
    return { ...figures, bytes: [...received.values()].reduce((sum, n) => sum + n, 0) };
  } finally {
    await context.close();
  }
}

/**
 * In the page, from the moment it stopped (`since`, its clock): how long until every clip whose
 * tile is wholly on screen plays (not paused, past its first frame), and how many there are. The
 * row is found by an IntersectionObserver, as the site finds it: measuring each tile's box instead
 * forces the layout of every tile off screen (`content-visibility: auto` skips it), which held the
 * page's next frame for 0.5–1 s, a wait the measurement made and no visitor has.
 */
function rowPlaying({ since, timeoutMs }) {
  const clips = /** @type {HTMLVideoElement[]} */ ([...document.querySelectorAll("video[data-director-clip]")]);
  const frameOf = (video) => video.parentElement ?? video;
  return new Promise((resolve) => {
    // Each frame's first entry says where it is; they may come in more than one call.
    const wholly = new Map();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries)
          if (!wholly.has(entry.target)) wholly.set(entry.target, entry.intersectionRatio >= 1);
        if (wholly.size < clips.length) return;
        observer.disconnect();
        const row = clips.filter((video) => wholly.get(frameOf(video)));
        const check = () => {
          const ms = performance.now() - since;
          if (row.length > 0 && row.every((video) => !video.paused && video.currentTime > 0))
            resolve({ ms, clips: row.length });
          else if (ms > timeoutMs) resolve({ ms: undefined, clips: row.length });
          else requestAnimationFrame(check);
        };
        check();
      },
      { threshold: 1 },
    );
    for (const video of clips) observer.observe(frameOf(video));
  });
}

/**
 * Each continuous scroll top to bottom at SCROLL_SPEEDS (bytes, their share of `clipBytes`, clips
 * started while the page moved, its longest frame), and one at STOP_SPEED that stops half-way
 * down: how long its fully shown row took to play.
 */
export async function clipScrolls(browser, origin, { paths, bytes: clipBytes }) {
  const continuous = [];
  for (const speed of SCROLL_SPEEDS) {
    const { bytes, scroll } = await visit(browser, origin, paths, async (page) => ({
      scroll: await scrollContinuously(page, speed),
    }));
    const { videosStarted: started, longestFrameMs } = scroll;
    continuous.push({ speed, bytes, share: clipBytes ? bytes / clipBytes : 0, started, longestFrameMs });
  }
  const { row } = await visit(browser, origin, paths, async (page) => {
    const middle = await page.evaluate(() => (document.documentElement.scrollHeight - window.innerHeight) / 2);
    const { stoppedAt } = await scrollContinuously(page, STOP_SPEED, middle);
    return { row: await page.evaluate(rowPlaying, { since: stoppedAt, timeoutMs: STOP_TIMEOUT_MS }) };
  });
  return { clipBytes, continuous, row };
}

const mb = (bytes) => (bytes / 1e6).toFixed(1);

/** The table's rows (`row` as in roster.mjs): one per continuous speed, one for the stopped scroll. */
export function clipScrollRows(row) {
  for (const [index, speed] of SCROLL_SPEEDS.entries())
    row(
      `directors, continuous scroll at ${speed} px/s: clips' MB (share; started moving; longest frame ms)`,
      `≤ ${GOALS.share * 100}% at ${GOALS.shareAt}×`,
      (r) => {
        const { bytes, share, started, longestFrameMs } = r.scroll.continuous[index];
        const figures = `${started}; ${Math.round(longestFrameMs)}`;
        return `${mb(bytes)} of ${mb(r.scroll.clipBytes)} (${(share * 100).toFixed(1)}%; ${figures})`;
      },
      (r) => (r.times >= GOALS.shareAt ? r.scroll.continuous[index].share <= GOALS.share : undefined),
    );
  row(
    `directors, scroll at ${STOP_SPEED} px/s stopped half-way: its row's clips playing after ms (clips)`,
    `≤ ${GOALS.rowPlayingMs}`,
    (r) => `${r.scroll.row.ms === undefined ? "never" : Math.round(r.scroll.row.ms)} (${r.scroll.row.clips})`,
    (r) => r.scroll.row.ms !== undefined && r.scroll.row.ms <= GOALS.rowPlayingMs,
  );
}
