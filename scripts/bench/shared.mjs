/** What the benchmark's sections share: the phone they emulate, the browser they drive, the load they drive, the statistics. */
import { chromium, devices } from "@playwright/test";
import autocannon from "autocannon";

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

/** `requests` at `url` from `connections` connections for `seconds` (autocannon): requests/s, p50, p99, errors. */
export async function load(url, { connections, seconds, requests }) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests,
    headers: { "accept-encoding": "gzip, br" },
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
