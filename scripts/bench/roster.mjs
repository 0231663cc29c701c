/**
 * The benchmark's roster section (issue 37): the site with its roster 1, 10 and 40 times the
 * content's (scripts/roster.ts: a scratch copy each, with artists and media of their own), side by
 * side. For each: the content check's and the build's time; Lighthouse mobile on the two grids and
 * on /selects with 30 artists; their HTML and loader data (`__remixContext`), raw and gzip; the
 * clips' bytes a desktop downloads in a brisk scroll through the directors' grid; the server asked
 * as a browser asks, its cached directors page against the same page uncompressed and against a
 * pre-compressed copy sent through the server's own static-file path; and a cold-cache sweep of
 * the whole sitemap at 32 connections. `npm run bench -- --only=roster` runs it alone (about 10
 * minutes); BENCH_ROSTER_TIMES (1,10,40) and BENCH_ROSTER_LIGHTHOUSE_RUNS (3; 0 leaves Lighthouse out) and BENCH_ROSTER_PORT (3377) change it.
 */
import { execFileSync } from "node:child_process";
import { rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";

import autocannon from "autocannon";

import { makeRoster } from "../roster.ts";
import { startServer } from "../server-process.mjs";
import {
  BROWSER_ACCEPT_ENCODING,
  launchBrowser,
  launchLighthouseChrome,
  lighthouseFigures,
  load,
  mark,
} from "./shared.mjs";

const TIMES = (process.env.BENCH_ROSTER_TIMES ?? "1,10,40").split(",").map(Number);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_ROSTER_LIGHTHOUSE_RUNS ?? 3);
/** The sizes are measured one after the other, on one port (the other sections use 3321–3328). */
const PORT = Number(process.env.BENCH_ROSTER_PORT ?? 3377);
const SELECTS_COUNT = 30;
const THROUGHPUT = { connections: 32, seconds: 5 };
const SWEEP_CONNECTIONS = 32;
/** The copy of the directors' page the static-file path sends (its Brotli copy beside it, as build assets have). */
const STATIC_COPY = "bench-directors.html";
/** Goals from issue 37. */
const GOALS = {
  buildMs: 10_000,
  score: 95,
  tbtMs: 200,
  gridHtmlGzipKB: 100,
  scrollShare: 0.1,
  vsIdentity: 1,
  vsStatic: 0.8,
  sweepP99Ms: 1000,
};

const kb = (bytes) => (bytes / 1000).toFixed(1);
const seconds = (ms) => (ms / 1000).toFixed(1);

/** Runs `npm run <script>` in `dir` and returns how long it took (ms). */
function timed(dir, script) {
  const start = performance.now();
  execFileSync("npm", ["run", script], { cwd: dir, stdio: "ignore" });
  return performance.now() - start;
}

/** A page's HTML and its loader data (the inline `window.__remixContext` script), raw and gzip. */
async function pageBytes(origin, page) {
  const html = Buffer.from(await (await fetch(origin + page, { headers: { "Accept-Encoding": "identity" } })).text());
  const context = html.toString().match(/<script[^>]*>(window\.__remixContext = [\s\S]*?)<\/script>/)?.[1] ?? "";
  return {
    html: html.length,
    htmlGzip: gzipSync(html).length,
    data: Buffer.byteLength(context),
    dataGzip: gzipSync(context).length,
  };
}

/**
 * Every URL of the sitemap requested once, spread over SWEEP_CONNECTIONS connections, on a server
 * that has rendered nothing yet: p50, p99 and the slowest, errors, and how long the sweep took.
 */
async function coldSweep(origin, paths) {
  let next = 0;
  const start = performance.now();
  const result = await autocannon({
    url: origin,
    // autocannon wants no more connections than requests (the 1× sitemap has 29 URLs).
    connections: Math.min(SWEEP_CONNECTIONS, paths.length),
    amount: paths.length,
    headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING },
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx,
    ms: performance.now() - start,
  };
}

/**
 * A brisk scroll through the directors' grid on a desktop (1440 px, a screen's height every
 * 150 ms, then a second's pause): the bytes of clips downloaded, against the bytes of every clip
 * the grid names.
 */
async function scrollBytes(browser, origin, clipPaths, clipBytes) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  // A first visit: the context's cache starts empty, and a clip that loops is then read from it.
  await cdp.send("Network.enable");
  const clipRequests = new Set();
  const received = new Map();
  cdp.on("Network.requestWillBeSent", ({ requestId, request }) => {
    if (clipPaths.has(new URL(request.url).pathname)) clipRequests.add(requestId);
  });
  // Each chunk as it arrives, so a clip abandoned half-way counts what it cost.
  cdp.on("Network.dataReceived", ({ requestId, encodedDataLength, dataLength }) => {
    if (clipRequests.has(requestId))
      received.set(requestId, (received.get(requestId) ?? 0) + (encodedDataLength || dataLength));
  });
  cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
    if (clipRequests.has(requestId)) received.set(requestId, Math.max(received.get(requestId) ?? 0, encodedDataLength));
  });
  await page.goto(`${origin}/artists/directors`, { waitUntil: "load" });
  await sleep(1_000);
  const start = performance.now();
  while (await page.evaluate(() => scrollY + innerHeight < document.documentElement.scrollHeight - 1)) {
    await page.evaluate(() => scrollBy(0, innerHeight));
    await sleep(150);
  }
  const scrollMs = performance.now() - start;
  await sleep(1_000);
  await context.close();
  const bytes = [...received.values()].reduce((sum, n) => sum + n, 0);
  return { bytes, share: clipBytes ? bytes / clipBytes : 0, clips: clipRequests.size, scrollMs };
}

/** The clips the directors' grid names (each director's own, in the copy's content) and their bytes. */
async function clipsOf(dir) {
  const { artists } = await import(pathToFileURL(path.join(dir, "app/content/generated.js")).href);
  const paths = new Set(artists.film.map((artist) => artist.thumb).filter((thumb) => /\.(mp4|webm)$/.test(thumb)));
  let bytes = 0;
  for (const clip of paths) bytes += (await stat(path.join(dir, "public", clip))).size;
  return {
    paths,
    bytes,
    ids: { film: artists.film.map((a) => a.id), photographers: artists.photographers.map((a) => a.id) },
  };
}

/** Refuses a port something already answers on (startServer would take that server for its own). */
async function ensureFree(port) {
  const answered = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1_000) }).then(
    () => true,
    () => false,
  );
  if (answered) throw new Error(`port ${port} is taken: stop what listens there, or the roster section measures it`);
}

/**
 * The cached directors page as a browser asks for it, the same asked without compression, and its
 * Brotli copy on the static-file path: each warmed up for a second, then measured twice, in the order
 * A B C C B A so that a drift of the shared machine falls on all three alike; requests/s is the
 * mean of the two runs, p99 the larger.
 */
async function throughput(origin) {
  const kinds = {
    cachedBrowser: [`${origin}/artists/directors`, {}],
    cachedPlain: [`${origin}/artists/directors`, { acceptEncoding: "" }],
    staticCopy: [`${origin}/build/${STATIC_COPY}`, {}],
  };
  const runs = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, []]));
  for (const [url, options] of Object.values(kinds)) await load(url, { ...THROUGHPUT, ...options, seconds: 1 });
  const order = Object.keys(kinds);
  for (const kind of [...order, ...order.toReversed()]) {
    const [url, options] = kinds[kind];
    runs[kind].push(await load(url, { ...THROUGHPUT, ...options }));
  }
  return Object.fromEntries(
    Object.entries(runs).map(([kind, [a, b]]) => [
      kind,
      { rps: Math.round((a.rps + b.rps) / 2), p99: Math.max(a.p99, b.p99), errors: a.errors + b.errors },
    ]),
  );
}

/** Stops a server and waits until it has let go of its port. */
async function stop(server) {
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill();
  await exited;
}

/** Everything measured on one roster size. */
async function measure(times, chrome, browser) {
  const port = PORT;
  await ensureFree(port);
  const dir = await makeRoster(times);
  try {
    const checkMs = timed(dir, "content:check");
    const buildMs = timed(dir, "build");
    const clips = await clipsOf(dir);
    const half = SELECTS_COUNT / 2;
    const selects = `/selects?artists=${[...clips.ids.film.slice(0, half), ...clips.ids.photographers.slice(0, half)].join(",")}`;

    // First, on a server that has rendered nothing: the sweep, then the page's bytes for its static copy.
    let server = await startServer(port, { cwd: dir });
    let sweep;
    let urls;
    try {
      const sitemap = await (await fetch(`${server.origin}/sitemap.xml`)).text();
      urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc).pathname);
      sweep = await coldSweep(server.origin, urls);
      const page = (encoding) =>
        fetch(`${server.origin}/artists/directors`, { headers: { "Accept-Encoding": encoding } }).then(async (r) =>
          Buffer.from(await r.arrayBuffer()),
        );
      // fetch decodes what it receives; node's zlib gives the same Brotli bytes the cache made (quality 5).
      const identity = await page("identity");
      const { brotliCompressSync, constants } = await import("node:zlib");
      const brotli = brotliCompressSync(identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
      });
      await writeFile(path.join(dir, "public/build", STATIC_COPY), identity);
      await writeFile(path.join(dir, "public/build", `${STATIC_COPY}.br`), brotli);
    } finally {
      await stop(server);
    }

    // Then a server that knows the static copy (the static path lists Brotli copies at start).
    server = await startServer(port, { cwd: dir });
    try {
      const origin = server.origin;
      await fetch(`${origin}/artists/directors`).then((r) => r.arrayBuffer());
      const { cachedBrowser, cachedPlain, staticCopy } = await throughput(origin);
      const bytes = {};
      for (const [name, page] of [
        ["directors", "/artists/directors"],
        ["photographers", "/artists/photographers"],
        ["selects", selects],
      ])
        bytes[name] = await pageBytes(origin, page);
      const lighthouse = {};
      if (LIGHTHOUSE_RUNS > 0)
        for (const [name, page] of [
          ["directors", "/artists/directors"],
          ["photographers", "/artists/photographers"],
          ["selects", selects],
        ])
          lighthouse[name] = await lighthouseFigures(chrome.port, origin + page, LIGHTHOUSE_RUNS);
      const scroll = await scrollBytes(browser, origin, clips.paths, clips.bytes);
      return {
        times,
        checkMs,
        buildMs,
        urls: urls.length,
        sweep,
        cachedBrowser,
        cachedPlain,
        staticCopy,
        bytes,
        lighthouse,
        scroll,
        clipBytes: clips.bytes,
      };
    } finally {
      await stop(server);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One table: a row per figure, a column per roster size, the goal beside. */
function table(results) {
  const rows = [];
  const row = (figure, goal, value, met) => {
    const entry = { figure };
    for (const result of results) {
      const judged = met?.(result);
      entry[`${result.times}×`] = `${value(result)}${judged === undefined ? "" : ` ${mark(judged)}`}`;
    }
    entry.goal = goal;
    rows.push(entry);
  };
  row("sitemap URLs", "-", (r) => r.urls);
  row("content check s", "-", (r) => seconds(r.checkMs));
  row(
    "build s",
    `< ${seconds(GOALS.buildMs)}`,
    (r) => seconds(r.buildMs),
    (r) => r.buildMs < GOALS.buildMs,
  );
  for (const [name, label] of [
    ["directors", "/artists/directors"],
    ["photographers", "/artists/photographers"],
    ["selects", `/selects (${SELECTS_COUNT})`],
  ]) {
    if (LIGHTHOUSE_RUNS > 0)
      row(
        `${label}: Lighthouse perf, TBT ms (range)`,
        `≥ ${GOALS.score}, ≤ ${GOALS.tbtMs}`,
        (r) => `${r.lighthouse[name].score}, ${Math.round(r.lighthouse[name].tbtMs)} (${r.lighthouse[name].tbtRange})`,
        (r) => r.lighthouse[name].score >= GOALS.score && r.lighthouse[name].tbtMs <= GOALS.tbtMs,
      );
    const grid = name !== "selects";
    row(
      `${label}: HTML kB raw / gzip`,
      grid ? `gzip ≤ ${GOALS.gridHtmlGzipKB}` : "as at 1×",
      (r) => `${kb(r.bytes[name].html)} / ${kb(r.bytes[name].htmlGzip)}`,
      grid
        ? (r) => r.bytes[name].htmlGzip <= GOALS.gridHtmlGzipKB * 1000
        : (r) => r.bytes[name].htmlGzip <= results[0].bytes[name].htmlGzip * 1.1,
    );
    row(
      `${label}: loader data kB raw / gzip`,
      grid ? "-" : "as at 1×",
      (r) => `${kb(r.bytes[name].data)} / ${kb(r.bytes[name].dataGzip)}`,
      grid ? undefined : (r) => r.bytes[name].dataGzip <= results[0].bytes[name].dataGzip * 1.1,
    );
  }
  row(
    "scroll through the directors: clips' MB (share of all)",
    `< ${GOALS.scrollShare * 100}%`,
    (r) =>
      `${(r.scroll.bytes / 1e6).toFixed(1)} of ${(r.clipBytes / 1e6).toFixed(1)} (${(r.scroll.share * 100).toFixed(1)}%)`,
    (r) => r.scroll.share < GOALS.scrollShare,
  );
  row(
    "cached directors page, as a browser asks: req/s (p99 ms)",
    "-",
    (r) => `${r.cachedBrowser.rps} (${r.cachedBrowser.p99})`,
  );
  row(
    "  vs the same page asked without compression",
    `≥ ${GOALS.vsIdentity}×`,
    (r) => `${(r.cachedBrowser.rps / r.cachedPlain.rps).toFixed(2)}× (${r.cachedPlain.rps})`,
    (r) => r.cachedBrowser.rps >= r.cachedPlain.rps * GOALS.vsIdentity,
  );
  row(
    "  vs its Brotli copy on the static-file path",
    `≥ ${GOALS.vsStatic}×`,
    (r) => `${(r.cachedBrowser.rps / r.staticCopy.rps).toFixed(2)}× (${r.staticCopy.rps})`,
    (r) => r.cachedBrowser.rps >= r.staticCopy.rps * GOALS.vsStatic,
  );
  row(
    `cold sweep of the sitemap, ${SWEEP_CONNECTIONS} connections: p99 ms (p50, max, s)`,
    `p99 < ${GOALS.sweepP99Ms}, 0 errors`,
    (r) =>
      `${r.sweep.p99} (${r.sweep.p50}, ${r.sweep.max}, ${seconds(r.sweep.ms)} s${r.sweep.errors ? `, ${r.sweep.errors} errors` : ""})`,
    (r) => r.sweep.p99 < GOALS.sweepP99Ms && r.sweep.errors === 0,
  );
  return rows;
}

export async function rosterSection() {
  console.log(
    `Roster: the site at ${TIMES.map((t) => `${t}×`).join(", ")} its roster (scripts/roster.ts), side by side; ` +
      `Lighthouse mobile, median of ${LIGHTHOUSE_RUNS}; load at ${THROUGHPUT.connections} connections for ` +
      `${THROUGHPUT.seconds} s, asked with Accept-Encoding: ${BROWSER_ACCEPT_ENCODING} (goals: issue 37)`,
  );
  const chrome = await launchLighthouseChrome();
  const browser = await launchBrowser();
  const results = [];
  try {
    for (const times of TIMES) {
      const started = performance.now();
      results.push(await measure(times, chrome, browser));
      console.error(`roster ${times}×: measured in ${seconds(performance.now() - started)} s`);
    }
  } finally {
    await browser.close();
    chrome.kill();
  }
  console.table(table(results));
}
