/**
 * The visitor's journeys in Gecko: Debian's Firefox ESR (or any Firefox at FIREFOX_PATH), driven
 * over WebDriver BiDi by puppeteer-core, since Playwright's own Firefox build cannot be downloaded
 * everywhere. Runs as the "gecko" project against the same server as the Chromium suite; what the
 * Chromium suite checks in depth, this checks where engines differ: the CSP (Firefox checks
 * `<link rel=prefetch>` against default-src), hydration, and reels streamed by video.js's HLS engine
 * over Media Source Extensions (Firefox has no native HLS; Chromium never runs that engine).
 */
import { existsSync } from "node:fs";

import { expect, test } from "@playwright/test";
import puppeteer, { type Browser, type Page } from "puppeteer-core";

import { reels } from "../../app/content/generated.js";
import { sitemapUrls } from "./sitemap";

const FIREFOX = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";
const WIDTHS = [390, 1440];

let browser: Browser;

test.beforeAll(async () => {
  // On a laptop without one, say so; in CI (where npm test installs it) a missing Firefox fails.
  test.skip(!existsSync(FIREFOX) && !process.env.CI, `no Firefox at ${FIREFOX} (npm test installs Debian's firefox-esr as root: scripts/ensure-engines.mjs)`);
  browser = await puppeteer.launch({ browser: "firefox", executablePath: FIREFOX, headless: true });
});

test.afterAll(async () => {
  await browser?.close();
});

/** A page of Firefox whose console errors, uncaught errors and CSP violations are collected. */
async function openPage(width: number): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  // Firefox reports a CSP violation as an uncaught page error, not a console message.
  page.on("pageerror", (error) => problems.push(`${new URL(page.url()).pathname}: ${error instanceof Error ? error.message : String(error)}`));
  page.on("console", async (message) => {
    if (message.type() !== "error") return;
    const parts = await Promise.all(message.args().map((arg) => arg.evaluate((value) => String(value instanceof Error ? value.stack : JSON.stringify(value))).catch(() => "?")));
    problems.push(`${new URL(page.url()).pathname}: ${message.text()} ${parts.join(" ")}`);
  });
  await page.evaluateOnNewDocument(() => {
    document.addEventListener("securitypolicyviolation", (event) => console.error(`CSP: ${event.effectiveDirective} blocked ${event.blockedURI}`));
  });
  await page.setViewport({ width, height: 900 });
  return { page, problems };
}

const hydrated = (page: Page) => page.waitForFunction(() => window.__pressedBeforeHydration === null, { timeout: 30_000 });

test("every page at both widths: no console error, no CSP violation, hydrated", async ({ request, baseURL }) => {
  test.setTimeout(240_000);
  const paths = (await sitemapUrls(request)).map((url) => new URL(url).pathname);
  expect(paths.length).toBeGreaterThan(20);
  for (const width of WIDTHS) {
    const { page, problems } = await openPage(width);
    for (const path of paths) {
      const response = await page.goto(`${baseURL}${path}`, { waitUntil: "load" });
      expect(response?.status(), path).toBe(200);
      await hydrated(page);
      // Leaving while the page still fetches (video.js, route data) aborts those fetches, which
      // Firefox reports as errors: that would be the test's doing, not the page's.
      await page.waitForNetworkIdle({ idleTime: 300, timeout: 15_000 });
      expect(await page.$eval("h1", (heading) => heading.textContent?.trim()), path).toBeTruthy();
    }
    expect(problems, `at ${width} px`).toEqual([]);
    await page.close();
  }
});

test("a hovered link is prefetched within the CSP, and a press navigates in the page", async ({ baseURL }) => {
  const { page, problems } = await openPage(1440);
  const dataRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("_data=")) dataRequests.push(request.url());
  });
  await page.goto(`${baseURL}/artists/directors`, { waitUntil: "load" });
  await hydrated(page);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.hover('header a[href="/clients"]');
  await expect.poll(() => dataRequests.some((url) => url.includes("routes%2Fclients"))).toBe(true);
  await page.click('header a[href="/clients"]');
  await page.waitForFunction(() => location.pathname === "/clients" && document.querySelector("h1")?.textContent === "Clients");
  // A client navigation keeps the document (and so this property); a full load would not.
  expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(problems).toEqual([]);
  await page.close();
});

test("the phone menu opens and closes", async ({ baseURL }) => {
  const { page, problems } = await openPage(390);
  await page.goto(`${baseURL}/contact`, { waitUntil: "load" });
  await hydrated(page);
  const toggle = await page.waitForSelector("header [aria-expanded]");
  await toggle!.click();
  await page.waitForFunction(() => document.querySelector("header [aria-expanded]")?.getAttribute("aria-expanded") === "true");
  await toggle!.click();
  await page.waitForFunction(() => document.querySelector("header [aria-expanded]")?.getAttribute("aria-expanded") === "false");
  expect(problems).toEqual([]);
  await page.close();
});

/** Where the reel's `<video>` is: its time and whether it plays. */
const playback = (page: Page) =>
  page.$eval("video", (video) => ({ time: video.currentTime, playing: !video.paused && video.readyState >= 3 }));

for (const reel of reels) {
  test(`${reel.slug}: plays on from a press, from a ?t= link, with seek-bar thumbnails`, async ({ baseURL }) => {
    test.setTimeout(90_000);
    const { page, problems } = await openPage(1440);
    const from = reel.spots[Math.floor(reel.spots.length / 2)].start;
    await page.goto(`${baseURL}/${reel.slug}?t=${from}`, { waitUntil: "load" });
    await hydrated(page);
    await (await page.waitForSelector(".vjs-big-play-button", { visible: true }))!.click();
    // Advancing from the linked moment, not merely set to it.
    await expect.poll(async () => (await playback(page)).time, { timeout: 30_000 }).toBeGreaterThan(from + 1);
    expect((await playback(page)).playing).toBe(true);

    // The thumbnails' index loads on the first hover: move until the frame shows its sprite cell.
    const bar = (await (await page.$(".vjs-progress-holder"))!.boundingBox())!;
    await expect
      .poll(
        async () => {
          await page.mouse.move(bar.x + bar.width * 0.2, bar.y + bar.height / 2);
          await page.mouse.move(bar.x + bar.width * 0.6, bar.y + bar.height / 2);
          return page.$eval(".reel-seek-frame", (frame) => getComputedStyle(frame).backgroundImage);
        },
        { timeout: 15_000 },
      )
      .toContain(`${reel.slug}-seek.webp`);
    expect(await page.$$eval(".reel-marker", (markers) => markers.length)).toBe(reel.spots.length);
    expect(problems).toEqual([]);
    await page.close();
  });
}
