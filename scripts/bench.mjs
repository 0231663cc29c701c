/**
 * `npm run bench`: what each page costs a visitor on first load, on a phone and on a desktop, and
 * how the server holds up under sustained load. Starts the built app (run `npm run build` first).
 *
 * 1. Loads every page in a fresh Chromium context and prints the bytes transferred (compressed, as
 *    on the wire) split by kind, plus when a reel page fetches video.js relative to its first paint.
 * 2. A soak: 64 connections over a mix of pages for 60 s (BENCH_SOAK_SECONDS to change it), with
 *    requests per second, p50 and p99 latency, and the server's resident memory before and after.
 *
 * A benchmark, not a test: the numbers are reported, and the budgets are marked, but nothing fails.
 */
import { setTimeout as sleep } from "node:timers/promises";

import { chromium, devices } from "@playwright/test";
import autocannon from "autocannon";

import { findChromium, SYSTEM_CHROMIUM_ARGS } from "./browser.mjs";
import { REEL_PAGES, SECTION_PAGES } from "./pages.mjs";
import { residentMiB, startServer } from "./server-process.mjs";

const PORT = 3321;
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const SOAK_CONNECTIONS = 64;
const JS_BUDGET_KIB = 100;
const PAGES = [...SECTION_PAGES, "/artists/film/mira-castell", "/artists/photography/marisol-vance"];
const PROFILES = {
  phone: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } },
  desktop: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } },
};
const KINDS = { Document: "html", Script: "js", Stylesheet: "css", Image: "img", Media: "video" };

/** Loads one page and returns its bytes by kind, and FCP and video.js timings in ms. */
async function measure(browser, profile, path) {
  const context = await browser.newContext(profile);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const kindById = new Map();
  const bytes = { html: 0, js: 0, css: 0, img: 0, video: 0, other: 0 };
  cdp.on("Network.responseReceived", ({ requestId, type }) => kindById.set(requestId, KINDS[type] ?? "other"));
  cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
    bytes[kindById.get(requestId) ?? "other"] += encodedDataLength;
  });

  await page.goto(origin + path, { waitUntil: "networkidle" });
  await sleep(500);
  const timings = await page.evaluate(() => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
    videojs: performance
      .getEntriesByType("resource")
      .find((entry) => /\/video\.es-[^/]+\.js$/.test(entry.name))?.startTime,
  }));
  await context.close();
  return { bytes, timings };
}

const kib = (n) => (n / 1024).toFixed(1);

/** Drives the page mix at full speed and reports throughput, latency and memory. */
async function soak(pid) {
  const memoryBefore = await residentMiB(pid);
  const result = await autocannon({
    url: origin,
    connections: SOAK_CONNECTIONS,
    duration: SOAK_SECONDS,
    requests: PAGES.map((path) => ({ method: "GET", path })),
    headers: { "accept-encoding": "gzip, br" },
  });
  return {
    connections: SOAK_CONNECTIONS,
    seconds: SOAK_SECONDS,
    "requests/s": Math.round(result.requests.average),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    errors: result.errors + result.timeouts,
    "non-2xx": result.non2xx,
    "RSS before MiB": memoryBefore.toFixed(0),
    "RSS after MiB": (await residentMiB(pid)).toFixed(0),
  };
}

const { child: server, origin } = await startServer(PORT);
const found = findChromium();
const browser = await chromium.launch(
  found?.kind === "system" ? { executablePath: found.path, args: SYSTEM_CHROMIUM_ARGS } : {},
);
try {
  const rows = [];
  for (const [profileName, profile] of Object.entries(PROFILES)) {
    for (const path of PAGES) {
      const { bytes, timings } = await measure(browser, profile, path);
      const total = Object.values(bytes).reduce((sum, n) => sum + n, 0);
      rows.push({
        device: profileName,
        page: path,
        "html KiB": kib(bytes.html),
        "js KiB": kib(bytes.js),
        "css KiB": kib(bytes.css),
        "img KiB": kib(bytes.img),
        "video KiB": kib(bytes.video),
        "total KiB": kib(total),
        "FCP ms": timings.fcp?.toFixed(0) ?? "-",
        "video.js at ms": timings.videojs?.toFixed(0) ?? "-",
        budget: REEL_PAGES.includes(path)
          ? timings.videojs > timings.fcp ? "video.js after paint ✓" : "video.js before paint ✗"
          : bytes.js / 1024 <= JS_BUDGET_KIB ? `js ≤ ${JS_BUDGET_KIB} KiB ✓` : `js > ${JS_BUDGET_KIB} KiB ✗`,
      });
    }
  }
  console.table(rows);
  console.log(`Soak: ${SOAK_CONNECTIONS} connections for ${SOAK_SECONDS} s over ${PAGES.length} pages`);
  console.table([await soak(server.pid)]);
} finally {
  await browser.close();
  server.kill();
}
