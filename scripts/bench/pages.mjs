/**
 * The benchmark's pages section (`npm run bench -- --only=pages` runs it alone), on one production
 * server: each page's Lighthouse figures and bytes on a phone, the server's throughput against a
 * static copy of a page, and a soak over the page mix.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import { REEL_PAGES } from "#tests/support/pages.mjs";
import { residentMiB, startServer, startStaticServer } from "#tests/support/server-process.mjs";
import { videojsChunks } from "#tests/support/videojs-chunks.mjs";
import { lighthouseFigures, load, loadRow, mark, PAGE_MIX, PHONE, withBrowsers, withServer } from "./shared.mjs";

/** The reel start section (reel-start.mjs) runs its own server on 3324, the cluster section on 3325–3328. */
const PORTS = { app: 3321, uncached: 3322, static: 3323 };
/** The bytes' buckets, by the type Chrome's protocol gives each response. */
const RESOURCE_KINDS = { Document: "html", Script: "js", Stylesheet: "css", Image: "img", Media: "video" };
const GOALS = { score: 98, lcpMs: 1800, cls: 0.01, tbtMs: 50, jsKiB: 100, modernImageShare: 0.9, ratio: 0.5 };
/** The reel pages evaluate video.js and build the player after their first paint, without waiting for a press. */
const REEL_PAGE_GOALS = { ...GOALS, score: 95, tbtMs: 200 };
const goalsFor = (page) => (REEL_PAGES.includes(page) ? REEL_PAGE_GOALS : GOALS);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const THROUGHPUT = { connections: 32, seconds: 10, page: "/artists/directors" };
const SOAK = { connections: 64, seconds: Number(process.env.BENCH_SOAK_SECONDS ?? 60) };

const kib = (bytes) => (bytes / 1024).toFixed(1);

/**
 * One first load as a phone: bytes by kind (video.js's chunks apart), the AVIF/WebP share of image
 * bytes, and whether video.js was requested before the first paint (a render-blocking import would be).
 */
async function phoneBytes(browser, url, videojsPaths) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const responses = new Map();
  const bytes = { html: 0, js: 0, videojs: 0, css: 0, img: 0, video: 0, other: 0 };
  let modernImageBytes = 0;
  cdp.on("Network.responseReceived", ({ requestId, type, response }) => {
    const kind = videojsPaths.has(new URL(response.url).pathname) ? "videojs" : (RESOURCE_KINDS[type] ?? "other");
    responses.set(requestId, { kind, mimeType: response.mimeType });
  });
  cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
    const { kind, mimeType } = responses.get(requestId) ?? { kind: "other" };
    bytes[kind] += encodedDataLength;
    if (kind === "img" && /image\/(avif|webp)/.test(mimeType)) modernImageBytes += encodedDataLength;
  });
  // The page's first paint and video.js's requests, on the protocol's one clock. (The page's own
  // resource timing can lack a request that has just finished when it is read.)
  await cdp.send("Page.enable");
  await cdp.send("Page.setLifecycleEventsEnabled", { enabled: true });
  let documentLoader;
  let firstPaint = Infinity;
  const videojsRequests = [];
  cdp.on("Network.requestWillBeSent", ({ loaderId, type, request, timestamp }) => {
    if (type === "Document" && request.url === url) documentLoader = loaderId;
    if (videojsPaths.has(new URL(request.url).pathname)) videojsRequests.push(timestamp);
  });
  cdp.on("Page.lifecycleEvent", ({ name, loaderId, timestamp }) => {
    if (name === "firstPaint" && loaderId === documentLoader) firstPaint = Math.min(firstPaint, timestamp);
  });

  await page.goto(url, { waitUntil: "networkidle" });
  await sleep(500);
  await context.close();
  const videojs =
    videojsRequests.length === 0 ? "none" : Math.min(...videojsRequests) >= firstPaint ? "after paint" : "before paint";
  return { bytes, modernShare: bytes.img ? modernImageBytes / bytes.img : 1, videojs };
}

function pageRows(origin) {
  const videojsPaths = videojsChunks();
  return withBrowsers(async (chrome, browser) => {
    const rows = [];
    for (const page of PAGE_MIX) {
      const goals = goalsFor(page);
      const reelPage = REEL_PAGES.includes(page);
      const lh = await lighthouseFigures(chrome.port, origin + page, LIGHTHOUSE_RUNS);
      const { bytes, modernShare, videojs } = await phoneBytes(browser, origin + page, videojsPaths);
      // A reel page that has not requested video.js yet is not wrong: its native player works.
      const videojsMet = reelPage ? videojs !== "before paint" : videojs === "none";
      const met =
        lh.score >= goals.score &&
        lh.lcpMs <= goals.lcpMs &&
        lh.cls <= goals.cls &&
        lh.tbtMs <= goals.tbtMs &&
        modernShare >= goals.modernImageShare &&
        bytes.js / 1024 <= goals.jsKiB &&
        videojsMet;
      rows.push({
        page,
        perf: lh.score,
        "LCP ms": Math.round(lh.lcpMs),
        CLS: Number(lh.cls.toFixed(3)),
        "TBT ms": Math.round(lh.tbtMs),
        "TBT range": lh.tbtRange,
        "perf, TBT goals": `≥ ${goals.score}, ≤ ${goals.tbtMs} ms`,
        "html KiB": kib(bytes.html),
        "js KiB": kib(bytes.js),
        "css KiB": kib(bytes.css),
        "img KiB": kib(bytes.img),
        "avif/webp": `${Math.round(modernShare * 100)}%`,
        "video KiB": kib(bytes.video),
        "video.js KiB": kib(bytes.videojs),
        "video.js requested": `${videojs} ${mark(videojsMet)}`,
        goals: mark(met),
      });
    }
    return rows;
  });
}

/** The directors' page from the app (page cache on and off) and as a static file, in turn. */
async function throughputRows(app) {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-static-"));
  writeFileSync(path.join(dir, "directors.html"), await (await fetch(app.origin + THROUGHPUT.page)).text());
  return withServer(startServer(PORTS.uncached, { env: { PAGE_CACHE_SIZE: "0" } }), (uncached) =>
    withServer(startStaticServer(dir, PORTS.static), async (staticCopy) => {
      const memoryBefore = await residentMiB(app.child.pid);
      const cached = await load(app.origin + THROUGHPUT.page, THROUGHPUT);
      const memoryAfter = await residentMiB(app.child.pid);
      const rendered = await load(uncached.origin + THROUGHPUT.page, THROUGHPUT);
      const baseline = await load(`${staticCopy.origin}/directors.html`, THROUGHPUT);
      // Only the deployed server has a goal; the other two rows are what it is measured against.
      const row = (server, figures, memory = "-", goals = "-") =>
        loadRow(server, figures, ["vs static", baseline], { "RSS MiB before → after": memory, goals });
      return [
        row(
          "SSR, page cache on (as deployed)",
          cached,
          `${memoryBefore.toFixed(0)} → ${memoryAfter.toFixed(0)}`,
          mark(cached.rps / baseline.rps >= GOALS.ratio && !cached.errors),
        ),
        row("SSR, page cache off (the render alone)", rendered),
        row("static copy (express.static)", baseline),
      ];
    }),
  );
}

async function soakRow(app) {
  const memoryBefore = await residentMiB(app.child.pid);
  const figures = await load(app.origin, { ...SOAK, paths: PAGE_MIX });
  return {
    "requests/s": figures.rps,
    "p50 ms": figures.p50,
    "p99 ms": figures.p99,
    errors: figures.errors,
    "RSS MiB before": memoryBefore.toFixed(0),
    "RSS MiB after": (await residentMiB(app.child.pid)).toFixed(0),
  };
}

/** Pages on a phone, the server's throughput and the soak: one production server. */
export async function pagesSection() {
  await withServer(startServer(PORTS.app), async (app) => {
    console.log(
      `Pages on a phone: Lighthouse mobile (goals: perf and TBT as the row says, LCP ≤ ${GOALS.lcpMs} ms, ` +
        `CLS ≤ ${GOALS.cls}), bytes at 390 px unthrottled (goals: the site's JS ≤ ${GOALS.jsKiB} KiB, ` +
        `≥ ${GOALS.modernImageShare * 100}% of image bytes AVIF/WebP, video.js requested only after the first paint ` +
        `and only on the reel pages)`,
    );
    console.table(await pageRows(app.origin));
    console.log(
      `Server: ${THROUGHPUT.page} at ${THROUGHPUT.connections} connections for ${THROUGHPUT.seconds} s each ` +
        `(goal: SSR ≥ ${GOALS.ratio}× the static copy, zero errors)`,
    );
    console.table(await throughputRows(app));
    console.log(`Soak: ${SOAK.connections} connections over ${PAGE_MIX.length} pages for ${SOAK.seconds} s`);
    console.table([await soakRow(app)]);
  });
}
