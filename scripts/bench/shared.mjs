/**
 * What the benchmark's sections share: the phone they emulate, the pages they load, the browsers
 * they drive, Lighthouse, the servers they measure, the load they drive, the statistics.
 */
import { chromium, devices } from "@playwright/test";
import autocannon from "autocannon";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

import { findChromium, SYSTEM_CHROMIUM_ARGS } from "#scripts/setup/browser.mjs";
import { SECTION_PAGES } from "#tests/support/pages.mjs";

/** As the e2e phone project: the screen matches the viewport (see playwright.config.ts). */
export const PHONE = {
  ...devices["Pixel 7"],
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
};

/** Every section page and one artist of each kind. */
export const PAGE_MIX = [...SECTION_PAGES, "/artists/film/mira-castell", "/artists/photography/marisol-vance"];

export const mark = (met) => (met ? "✓" : "✗");

/** A failed measurement's reason, for the note under a table: its error's first line. @param {unknown} error */
export const firstLine = (error) => (error instanceof Error ? error.message : String(error)).split("\n")[0];

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

/**
 * Playwright's Chromium where it has been downloaded, else the system's (see browser.mjs).
 * @param {import("@playwright/test").LaunchOptions} [options]
 */
export function launchBrowser(options = {}) {
  const found = findChromium();
  return chromium.launch(
    found?.kind === "system" ? { ...options, executablePath: found.path, args: SYSTEM_CHROMIUM_ARGS } : options,
  );
}

/** What Chromium, Firefox and Safari send: every request of the benchmark asks as a browser does. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br";

/**
 * `url`, or its `paths` in turn, or `requests`, from `connections` connections for `seconds`, or
 * `amount` requests in all (autocannon): requests/s, p50, p99, the slowest, errors, and the requests
 * in all. Asked as a browser asks, unless `acceptEncoding` says otherwise ("" for none).
 * @param {string} url
 * @param {{ connections: number, seconds?: number, paths?: string[], requests?: import("autocannon").Request[],
 *   amount?: number, acceptEncoding?: string }} options
 */
export async function load(
  url,
  { connections, seconds = 10, paths, requests, amount, acceptEncoding = BROWSER_ACCEPT_ENCODING },
) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    amount,
    requests: paths?.map((path) => ({ method: "GET", path })) ?? requests,
    headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
  });
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * A table row of `load`'s figures for `server`, its requests/s as a ratio to `baseline`'s in the column `vs`.
 * @param {string} server
 * @param {Awaited<ReturnType<typeof load>>} figures
 * @param {[string, { rps: number }]} against
 * @param {Record<string, unknown>} [extra]
 */
export const loadRow = (server, figures, [vs, baseline], extra = {}) => ({
  server,
  "requests/s": figures.rps,
  [vs]: (figures.rps / baseline.rps).toFixed(2),
  "p50 ms": figures.p50,
  "p99 ms": figures.p99,
  errors: figures.errors,
  ...extra,
});

/** Runs `measure` on the server `starting` resolves to, then stops it and waits until it has let go of its port. */
export async function withServer(starting, measure) {
  const server = await starting;
  try {
    return await measure(server);
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      const exited = new Promise((resolve) => server.child.once("exit", resolve));
      server.child.kill();
      await exited;
    }
  }
}

/**
 * Runs `measure` with a Chrome for Lighthouse to drive and a Playwright Chromium (each Playwright's
 * where it has been downloaded, else the system's), and closes both.
 */
export async function withBrowsers(measure) {
  const found = findChromium();
  const chromePath = found?.kind === "system" ? found.path : chromium.executablePath();
  const chrome = await launch({ chromePath, chromeFlags: ["--headless=new", ...SYSTEM_CHROMIUM_ARGS] });
  const browser = await launchBrowser();
  try {
    return await measure(chrome, browser);
  } finally {
    await browser.close();
    chrome.kill();
  }
}

/**
 * Lighthouse's mobile figures for one page: the performance score and the three vitals, each the
 * median over `runs` runs (not Lighthouse's computeMedianRun, which picks a run whatever its TBT:
 * see docs/benchmarks.md), and the range of TBT. A run that ends in a runtime error is repeated, at most twice.
 */
export async function lighthouseFigures(port, url, runs) {
  const results = [];
  for (let attempt = 0; results.length < runs && attempt < runs + 2; attempt++) {
    const result = await lighthouse(url, { port, onlyCategories: ["performance"], logLevel: "error" });
    if (!result) throw new Error(`${url}: Lighthouse returned no result`);
    const { lhr } = result;
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
