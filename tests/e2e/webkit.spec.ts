/**
 * The visitor's journeys in WebKit, the engine of every iPhone: Debian's WebKitGTK (MiniBrowser)
 * driven by its WebKitWebDriver under Xvfb, since Playwright's own WebKit build cannot be
 * downloaded everywhere. Runs as the "webkit" project against the same server as the Chromium
 * suite. The WebDriver client is the few HTTP calls below: the maintained clients (webdriverio,
 * selenium-webdriver) bring a driver manager and dozens of packages for what is five endpoints here.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";

import { expect, test } from "@playwright/test";

import { reels } from "../../app/content/generated.js";
import { sitemapUrls } from "./sitemap";

const DRIVER = "/usr/bin/WebKitWebDriver";
const MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
const DRIVER_PORT = Number(process.env.E2E_PORT ?? 3210) + 40;

// One driver, one session (WebKitWebDriver allows one): the journeys run in order, in one worker.
test.describe.configure({ mode: "serial" });

let driver: ChildProcess | undefined;
let session = "";

async function webdriver<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${DRIVER_PORT}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const { value } = (await response.json()) as { value: T & { error?: string; message?: string } };
  if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${value.error} ${value.message}`);
  return value;
}

const run = <T>(script: string) => webdriver<T>("POST", `/session/${session}/execute/sync`, { script, args: [] });
const goto = (url: string) => webdriver("POST", `/session/${session}/url`, { url });

/** A real click (WebKit lets only a user's gesture start a film with sound). */
async function click(selector: string) {
  const element = await webdriver<Record<string, string>>("POST", `/session/${session}/element`, { using: "css selector", value: selector });
  // The reference's one key is the W3C's element identifier (WebKit's spelling of it varies).
  await webdriver("POST", `/session/${session}/element/${Object.values(element)[0]}/click`, {});
}

/** CSP violations and uncaught errors since the page loaded, collected by the page itself. */
const WATCH = `
  if (!window.__problems) {
    window.__problems = [];
    document.addEventListener("securitypolicyviolation", (e) => __problems.push("CSP " + e.effectiveDirective + " blocked " + e.blockedURI));
    window.addEventListener("error", (e) => __problems.push(String(e.message)));
  }`;

const hydrated = () => expect.poll(() => run<boolean>("return window.__pressedBeforeHydration === null"), { timeout: 30_000 }).toBe(true);

test.beforeAll(async () => {
  test.skip(!existsSync(DRIVER) && !process.env.CI, "no WebKitWebDriver (npm test installs Debian's webkit2gtk-driver as root)");
  driver = spawn("xvfb-run", ["-a", DRIVER, `--port=${DRIVER_PORT}`], { stdio: "ignore", detached: true });
  await expect
    .poll(() => fetch(`http://127.0.0.1:${DRIVER_PORT}/status`).then((response) => response.ok, () => false), { timeout: 20_000 })
    .toBe(true);
  const created = await webdriver<{ sessionId: string }>("POST", "/session", {
    capabilities: { alwaysMatch: { browserName: "MiniBrowser", "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] } } },
  });
  session = created.sessionId;
});

test.afterAll(async () => {
  if (session) await webdriver("DELETE", `/session/${session}`).catch(() => undefined);
  // xvfb-run's whole group: Xvfb, the driver and its browser.
  if (driver?.pid) {
    try {
      process.kill(-driver.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
});

test("every page: no CSP violation, no uncaught error, hydrated", async ({ request, baseURL }) => {
  test.setTimeout(240_000);
  const paths = (await sitemapUrls(request)).map((url) => new URL(url).pathname);
  for (const path of paths) {
    await goto(`${baseURL}${path}`);
    // Errors before the watch is set would still leave the page unhydrated, which fails below.
    await run(WATCH);
    await hydrated();
    expect(await run<string>("return document.querySelector('h1').textContent.trim()"), path).toBeTruthy();
    expect(await run<string[]>("return window.__problems"), path).toEqual([]);
  }
});

for (const reel of reels) {
  test(`${reel.slug}: plays on from a ?t= link after a press`, async ({ baseURL }) => {
    test.setTimeout(90_000);
    const from = reel.spots[Math.floor(reel.spots.length / 2)].start;
    await goto(`${baseURL}/${reel.slug}?t=${from}`);
    await run(WATCH);
    await hydrated();
    await expect.poll(() => run<boolean>("return !!document.querySelector('.vjs-big-play-button')")).toBe(true);
    await click(".vjs-big-play-button");
    // Advancing from the linked moment, not merely set to it (through the stall watchdog where
    // WebKitGTK's MSE stalls on the stream: see switchSourceOnStall).
    await expect.poll(() => run<number>("return document.querySelector('main video').currentTime"), { timeout: 40_000 }).toBeGreaterThan(from + 1);
    expect(await run<string[]>("return window.__problems")).toEqual([]);
  });
}
