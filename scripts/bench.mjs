/**
 * `npm run bench`: what each page costs a visitor on first load, on a phone and on a desktop.
 * Starts the built app (run `npm run build` first), loads every page in a fresh Chromium context,
 * and prints the bytes transferred (compressed, as on the wire) split by kind, plus when a reel page
 * fetches video.js relative to its first paint. A benchmark, not a test: the numbers are reported,
 * and the budgets are marked, but nothing fails.
 */
import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";

import { chromium, devices } from "@playwright/test";

import { findChromium, SYSTEM_CHROMIUM_ARGS } from "./browser.mjs";
import { REEL_PAGES, SECTION_PAGES } from "./pages.mjs";

const PORT = 3321;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const JS_BUDGET_KIB = 100;
const PAGES = [...SECTION_PAGES, "/artists/film/mira-castell", "/artists/photography/marisol-vance"];
const PROFILES = {
  phone: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } },
  desktop: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } },
};
const KINDS = { Document: "html", Script: "js", Stylesheet: "css", Image: "img", Media: "video" };

async function startServer() {
  const server = spawn("node_modules/.bin/remix-serve", ["build/index.js"], {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", NODE_ENV: "production" },
    stdio: "ignore",
  });
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await fetch(`${ORIGIN}/contact`).then((r) => r.ok).catch(() => false)) return server;
    await sleep(100);
  }
  server.kill();
  throw new Error("the server did not start: run `npm run build` first");
}

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

  await page.goto(ORIGIN + path, { waitUntil: "networkidle" });
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

const server = await startServer();
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
} finally {
  await browser.close();
  server.kill();
}
