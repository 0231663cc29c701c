import os from "node:os";
import path from "node:path";

import { defineConfig, devices } from "@playwright/test";

import { findChromium, SYSTEM_CHROMIUM_ARGS } from "./scripts/setup/browser.mjs";
import { SITE_URL } from "./tests/support/site-url.mjs";

// E2E_PORT lets two checkouts run their suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const ANALYTICS_DB = path.join(os.tmpdir(), `agency-e2e-${PORT}`, "analytics.sqlite");
const chromium = findChromium();
const CLUSTER = "operators/cluster.spec.ts";
const FOLLOW = "operators/{follow,site-data-full}.spec.ts";
/** The Chromium suite is every spec but the other engines' journeys and the cluster's. */
const EDITING = "editing/*.spec.ts";
const CHROMIUM_IGNORES = ["engines/**", CLUSTER, FOLLOW, EDITING];
/**
 * Specs that start processes of their own (a dev server, a clone, a bucket, a server with its own
 * store) and check nothing that depends on the screen: the desktop project alone runs them, so the
 * phone's never starts what it would skip.
 */
const SCREENLESS = ["operators/**", "http/analytics-endpoint.spec.ts", "http/cache-hit.spec.ts"];

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // The JSON report's start times and durations say where the suite's time goes (scripts/cli/suite-times.mjs).
  reporter: [
    ["list"],
    ["html", { open: "never", outputFolder: "playwright-report" }],
    ["json", { outputFile: "test-results/timings.json" }],
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A trace records the screen as it runs, which costs a fifth of the suite's CPU: on a failure's
    // retry (CI retries once), not on every test.
    trace: "on-first-retry",
    launchOptions: chromium?.kind === "system" ? { executablePath: chromium.path, args: SYSTEM_CHROMIUM_ARGS } : {},
  },
  // Specs by what they check: pages/, http/, reels/, operators/ in Chromium; engines/ in the others.
  projects: [
    {
      name: "phone",
      testIgnore: [...CHROMIUM_IGNORES, ...SCREENLESS],
      // The screen matches the viewport: with the Pixel 7's own 412 px screen, Chromium's preload
      // scanner would pick srcset candidates for 412 px and layout for 390 px, fetching some twice.
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, screen: { width: 390, height: 844 } },
    },
    {
      name: "desktop",
      testIgnore: CHROMIUM_IGNORES,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } },
    },
    // The visitor's journeys in Firefox, which the spec drives itself (see engines/gecko.spec.ts).
    { name: "gecko", testMatch: "engines/gecko.spec.ts" },
    // The journeys in WebKitGTK, over WebKitWebDriver under Xvfb (see engines/webkit.spec.ts).
    { name: "webkit", testMatch: "engines/webkit.spec.ts" },
    // The site behind Varnish, with its own processes and ports (CLUSTER_PORT, default 8180, and
    // the four after it: two instances and their metrics; CLUSTER_MEDIA_PORT, default 8190). It runs once the others have finished,
    // so its load never slows them; `npx playwright test --project=cluster --no-deps` runs it alone.
    // The editing screen (npm run edit) and the team's editing service (npm run edit:service, with its provider,
    // remote and bucket), each in a copy of the project: their dev builds and media builds load the machine for
    // minutes, so they run once the pages have finished, as the cluster does.
    {
      name: "editing",
      testMatch: EDITING,
      dependencies: ["phone", "desktop"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } },
    },
    {
      name: "cluster",
      testMatch: CLUSTER,
      dependencies: ["phone", "desktop"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } },
    },
    // The site following a branch behind Varnish (FOLLOW_PORT, default 8280, and the nine after it): it
    // builds the site several times, so after the cluster's load, never beside it.
    { name: "follow", testMatch: FOLLOW, dependencies: ["cluster"] },
  ],
  webServer: {
    command: "node build/server.js",
    url: `http://127.0.0.1:${PORT}/artists/directors`,
    // Its events go to a store of their own, never the checkout's data/ (specs that count events start their own server).
    env: { PORT: String(PORT), HOST: "127.0.0.1", NODE_ENV: "production", SITE_URL, ANALYTICS_DB },
    reuseExistingServer: !process.env.CI,
  },
});
