/** What the benchmark's sections share: the phone they emulate, the browsers they drive, Lighthouse, the load they drive, the statistics. */
import { chromium, devices } from "@playwright/test";
import autocannon from "autocannon";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

import { findChromium, SYSTEM_CHROMIUM_ARGS } from "../browser.mjs";

/** As the e2e phone project: the screen matches the viewport (see playwright.config.ts). */
export const PHONE = {
  ...devices["Pixel 7"],
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
};

export const mark = (met) => (met ? "✓" : "✗");

/** The middle value, or the mean of the two middle ones. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Median and range of the measurements (`{ ms }`, or `{ error }` for one that failed) that
 * succeeded, and how many failed.
 */
export function summary(results, field = "ms") {
  const values = results.filter((result) => result.error === undefined).map((result) => result[field]);
  const failed = results.length - values.length;
  return {
    median: values.length ? median(values) : undefined,
    range: values.length ? `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}` : "-",
    failed: failed ? `, ${failed} failed` : "",
  };
}

/** A summary as a table cell: "median (range, failures)". */
export const cell = ({ median: value, range, failed }) =>
  value === undefined ? `✗ all failed` : `${Math.round(value)} (${range}${failed})`;

/** Playwright's Chromium where it has been downloaded, else the system's (see browser.mjs). */
export function launchBrowser() {
  const found = findChromium();
  return chromium.launch(found?.kind === "system" ? { executablePath: found.path, args: SYSTEM_CHROMIUM_ARGS } : {});
}

/** What Chromium, Firefox and Safari send: every request of the benchmark asks as a browser does. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br";

/**
 * `requests` at `url` from `connections` connections for `seconds` (autocannon): requests/s, p50,
 * p99, errors. Asked as a browser asks, unless `acceptEncoding` says otherwise ("" for none).
 */
export async function load(url, { connections, seconds, requests, acceptEncoding = BROWSER_ACCEPT_ENCODING }) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests,
    headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** A Chrome for Lighthouse to drive: Playwright's where it has been downloaded, else the system's. */
export function launchLighthouseChrome() {
  const found = findChromium();
  const chromeFlags = ["--headless=new", ...SYSTEM_CHROMIUM_ARGS];
  return launch({ chromePath: found?.kind === "system" ? found.path : chromium.executablePath(), chromeFlags });
}

/**
 * Lighthouse's mobile figures for one page: the performance score and the three vitals, each the
 * median of its values over `runs` runs, and the range of TBT over them. On this machine
 * a page's TBT ranges from 0 to 150 ms from one run to the next. (Lighthouse's own computeMedianRun
 * picks the one run nearest the median first paint and time to interactive, whatever its TBT: it
 * reported 125 ms once for /collective-reels, where 7 single runs just after gave 0–16 ms.)
 * Now and then a run ends in a runtime error and no figures; it is repeated, at most twice.
 */
export async function lighthouseFigures(port, url, runs) {
  const results = [];
  for (let attempt = 0; results.length < runs && attempt < runs + 2; attempt++) {
    const { lhr } = await lighthouse(url, { port, onlyCategories: ["performance"], logLevel: "error" });
    if (lhr.runtimeError) console.error(`${url}: Lighthouse ${lhr.runtimeError.code}, running it again`);
    else results.push(lhr);
  }
  if (results.length === 0) throw new Error(`${url}: every Lighthouse run ended in a runtime error`);
  const values = (id) => results.map((lhr) => lhr.audits[id].numericValue);
  const tbt = values("total-blocking-time");
  return {
    score: Math.round(median(results.map((lhr) => lhr.categories.performance.score)) * 100),
    lcpMs: median(values("largest-contentful-paint")),
    cls: median(values("cumulative-layout-shift")),
    tbtMs: median(tbt),
    tbtRange: `${Math.round(Math.min(...tbt))}–${Math.round(Math.max(...tbt))}`,
  };
}
