/**
 * One switch to a new commit as the follow section measures it (follow.mjs), on the site and on its floor alike:
 * visitors' requests before it (at rest) and through it, through Varnish and straight to an instance; the time
 * from the push until the page, polled through Varnish, shows the change; and which of the site's pages the
 * cache dropped against those whose render changed.
 */
import { setTimeout as sleep } from "node:timers/promises";

import { SECTION_PAGES } from "#tests/support/pages.mjs";
import { BROWSER_ACCEPT_ENCODING, PAGE_MIX } from "./shared.mjs";

/**
 * Visitors: a few connections, at a rate a busy site's pair of instances sees (not as fast as they answer: a
 * load that took both cores would measure the load generator beside the build, not the switch), each asking at
 * an even pace.
 */
const VISITORS = { connections: 4, rate: 100 };
/** How long the load at rest runs before each push. */
const REST_SECONDS = 5;
/** The page is asked for this often through Varnish until it shows the change. */
const POLL_MS = 50;

/**
 * A load on `origin` that runs until stopped: its requests, failed requests (errors and answers other than 2xx)
 * and p99 latency in ms, each request timed from its start to its last byte. Written here rather than with
 * autocannon's `overallRate`: once the server closes one of its connections (an old worker's
 * `Connection: close`), autocannon holds requests back for up to a second and counts that wait as their latency
 * (p99 980 ms at rest after a first switch, in a probe of the same site where each request took at most 211 ms).
 * @param {string} origin
 */
function visitors(origin) {
  /** @type {number[]} */
  const latencies = [];
  let failed = 0;
  let running = true;
  const gapMs = (1000 * VISITORS.connections) / VISITORS.rate;
  /** One visitor, on a kept-alive connection of fetch's pool, asking the mix's pages in turn from the `first`th. */
  async function visitor(first) {
    for (let next = first; running; next++) {
      const started = performance.now();
      const path = PAGE_MIX[next % PAGE_MIX.length];
      try {
        const response = await fetch(`${origin}${path}`, { headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING } });
        await response.arrayBuffer();
        if (!response.ok) failed++;
        else latencies.push(performance.now() - started);
      } catch {
        failed++;
      }
      await sleep(Math.max(0, gapMs - (performance.now() - started)));
    }
  }
  const all = Array.from({ length: VISITORS.connections }, (_, index) => visitor(index));
  return {
    async stop() {
      running = false;
      await Promise.all(all);
      const sorted = latencies.sort((a, b) => a - b);
      const p99 = Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0);
      return { requests: latencies.length + failed, failed, p99 };
    },
  };
}

/**
 * Each page the visitors ask for, asked for once as they ask, so that the load at rest finds them cached (a code
 * change's ban leaves Varnish empty, and it fetches nothing again). @param {string[]} origins
 */
async function warm(origins) {
  for (const origin of origins)
    for (const path of PAGE_MIX)
      await fetch(`${origin}${path}`, { headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING } }).then((response) =>
        response.arrayBuffer(),
      );
}

/** Visitors on every origin of `origins` together; `stop()` gives each one's figures, in that order. @param {string[]} origins */
function visitorsOn(origins) {
  const loads = origins.map(visitors);
  return { stop: () => Promise.all(loads.map((load) => load.stop())) };
}

/**
 * The site's pages: every URL of the sitemap and the section pages, as paths.
 * @param {string} origin
 */
async function sitePages(origin) {
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => new URL(url).pathname);
  return [...new Set([...SECTION_PAGES, ...listed])];
}

/** Each page as the instance at `origin` renders it now. @param {string} origin @param {string[]} pages */
async function renders(origin, pages) {
  const texts = new Map();
  for (const page of pages)
    texts.set(page, await (await fetch(`${origin}${page}`, { headers: { "accept-encoding": "br" } })).text());
  return texts;
}

/**
 * Where `after` first differs from `before`, with a few characters of each around it: what a changed render
 * changed, for the log. @param {string | undefined} before @param {string} after
 */
function firstDifference(before, after) {
  if (before === undefined) return "new";
  let at = 0;
  while (at < before.length && before[at] === after[at]) at++;
  const around = (text) => JSON.stringify(text.slice(Math.max(0, at - 30), at + 50));
  return `at ${at}: ${around(before)} → ${around(after)}`;
}

/**
 * Which of the site's pages `banned` (Varnish's ban patterns, regular expressions over the path) dropped,
 * against those whose render changed: `stale` changed but still held, `extra` dropped though the same.
 * @param {string[]} banned
 * @param {Map<string, string>} before
 * @param {Map<string, string>} after
 */
function droppedPages(banned, before, after) {
  const pages = [...new Set([...before.keys(), ...after.keys()])];
  const patterns = banned.map((pattern) => new RegExp(pattern));
  const dropped = pages.filter((page) => patterns.some((pattern) => pattern.test(page)));
  const changed = pages.filter((page) => before.get(page) !== after.get(page));
  return {
    total: pages.length,
    dropped: dropped.length,
    changed: changed.length,
    stale: changed.filter((page) => !dropped.includes(page)),
    extra: dropped.filter((page) => !changed.includes(page)),
    firstChanged: changed[0] && `${changed[0]} ${firstDifference(before.get(changed[0]), after.get(changed[0]) ?? "")}`,
  };
}

/**
 * Polls `url` every POLL_MS until its text holds `marker`: the ms from `since` (performance.now()) to the first
 * answer that holds it. Throws after `timeoutMs`.
 * @param {string} url
 * @param {string} marker
 * @param {number} since
 * @param {number} timeoutMs
 */
async function untilShown(url, marker, since, timeoutMs) {
  while (performance.now() - since < timeoutMs) {
    const text = await fetch(url, { headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING } })
      .then((response) => response.text())
      .catch(() => "");
    if (text.includes(marker)) return performance.now() - since;
    await sleep(POLL_MS);
  }
  throw new Error(`${url} did not show "${marker}" within ${timeoutMs / 1000} s`);
}

/**
 * One switch. `release()` pushes (and calls the webhook or runs the script) and resolves with the moment the
 * push ended and `done`, which resolves once the switch is over with what the site reports of it (its `banned`
 * patterns among them). The visitors run from the push until a second after `done`; the pages are rendered
 * straight from `instance` before and after.
 * @param {{ varnish: string, instance: string, page: string, marker: string, timeoutMs: number,
 *   release: () => Promise<{ pushedAt: number, done: Promise<Record<string, any> & { banned: string[] }> }> }} options
 */
export async function measureSwitch({ varnish, instance, page, marker, timeoutMs, release }) {
  const pagesBefore = await sitePages(instance);
  const before = await renders(instance, pagesBefore);
  await warm([varnish, instance]);
  const resting = visitorsOn([varnish, instance]);
  await sleep(REST_SECONDS * 1000);
  const rest = await resting.stop();
  if ((await (await fetch(`${varnish}${page}`)).text()).includes(marker))
    throw new Error(`${page} shows "${marker}" before the push`);

  const switching = visitorsOn([varnish, instance]);
  /** @type {[Awaited<ReturnType<typeof switching.stop>>, number, Record<string, any> & { banned: string[] }]} */
  let measured;
  try {
    const { pushedAt, done } = await release();
    // Both awaited together, so a release that fails is not left unhandled while the page is polled.
    const [visibleMs, report] = await Promise.all([untilShown(`${varnish}${page}`, marker, pushedAt, timeoutMs), done]);
    await sleep(1_000);
    measured = [await switching.stop(), visibleMs, report];
  } catch (error) {
    await switching.stop();
    throw error;
  }
  const [during, visibleMs, report] = measured;
  const after = await renders(instance, [...new Set([...pagesBefore, ...(await sitePages(instance))])]);
  return { visibleMs, ...report, rest, during, pages: droppedPages(report.banned, before, after) };
}
