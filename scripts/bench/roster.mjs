/**
 * The benchmark's roster section (issue 37): the site with its roster 1, 10 and 40 times the
 * content's (scripts/cli/roster.ts: a scratch copy each), side by side. docs/benchmarks.md says what
 * each row measures and the variables that change it.
 */
import { execFileSync } from "node:child_process";
import { rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

import { makeRoster } from "#tests/support/roster.ts";
import { startServer } from "#tests/support/server-process.mjs";
import { clipScrollRows, clipScrolls } from "./clip-scrolls.mjs";
import { BROWSER_ACCEPT_ENCODING, lighthouseFigures, load, mark, withBrowsers, withServer } from "./shared.mjs";

const TIMES = (process.env.BENCH_ROSTER_TIMES ?? "1,10,40").split(",").map(Number);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_ROSTER_LIGHTHOUSE_RUNS ?? 3);
/** The sizes are measured one after the other, on one port (the other sections use 3321–3328). */
const PORT = Number(process.env.BENCH_ROSTER_PORT ?? 3377);
const SELECTS_COUNT = 30;
const THROUGHPUT = { connections: 32, seconds: 5 };
const SWEEP_CONNECTIONS = 32;
/** The copy of the directors' page the static-file path sends (its Brotli copy beside it, as build assets have). */
const STATIC_COPY = "bench-directors.html";
/** Goals from issue 37 (the clips' scrolls' are in clip-scrolls.mjs). */
const GOALS = {
  buildMs: 10_000,
  score: 95,
  tbtMs: 200,
  gridHtmlGzipKB: 100,
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

/** A page's bytes, asked without compression (fetch would decode them anyway). */
async function plainPage(url) {
  return Buffer.from(await (await fetch(url, { headers: { "Accept-Encoding": "identity" } })).arrayBuffer());
}

/** A page's HTML and its loader data (the inline `window.__remixContext` script), raw and gzip. */
async function pageBytes(origin, page) {
  const html = await plainPage(origin + page);
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
  const figures = await load(origin, {
    // autocannon wants no more connections than requests (the 1× sitemap has 29 URLs).
    connections: Math.min(SWEEP_CONNECTIONS, paths.length),
    amount: paths.length,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
  return { ...figures, ms: performance.now() - start };
}

/** The clips the directors' grid names (each director's own, in the copy's content), their bytes, and the copy's artists. */
async function clipsOf(dir) {
  const { artists } = await import(pathToFileURL(path.join(dir, "app/content/generated.js")).href);
  const paths = new Set(artists.directors.map((artist) => artist.thumb).filter((thumb) => /\.(mp4|webm)$/.test(thumb)));
  let bytes = 0;
  for (const clip of paths) bytes += (await stat(path.join(dir, "public", clip))).size;
  return { paths, bytes, artists };
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
  /** @type {Record<string, [string, { acceptEncoding?: string }]>} */
  const kinds = {
    cachedBrowser: [`${origin}/artists/directors`, {}],
    cachedPlain: [`${origin}/artists/directors`, { acceptEncoding: "" }],
    staticCopy: [`${origin}/build/${STATIC_COPY}`, {}],
  };
  /** @type {Record<string, Awaited<ReturnType<typeof load>>[]>} */
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

/** The pages weighed and run through Lighthouse: the two grids, and selects with SELECTS_COUNT of the copy's artists. */
function pagesOf(artists) {
  const half = SELECTS_COUNT / 2;
  const ids = [...artists.directors.slice(0, half), ...artists.photographers.slice(0, half)].map((artist) => artist.id);
  return {
    /** How many artists the selects list holds: fewer than SELECTS_COUNT on a roster too small for them. */
    selectsCount: ids.length,
    directors: "/artists/directors",
    photographers: "/artists/photographers",
    selects: `/selects?artists=${ids.join(",")}`,
  };
}

/**
 * The directors' page as a build asset, with the Brotli copy the page cache would make (quality 5),
 * for the static-file path to send.
 */
async function writeStaticCopy(origin, dir) {
  const identity = await plainPage(`${origin}/artists/directors`);
  const brotli = brotliCompressSync(identity, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  });
  await writeFile(path.join(dir, "public/build", STATIC_COPY), identity);
  await writeFile(path.join(dir, "public/build", `${STATIC_COPY}.br`), brotli);
}

/** Everything measured on one roster size. */
async function measure(times, chrome, browser) {
  await ensureFree(PORT);
  const dir = await makeRoster(times);
  try {
    const checkMs = timed(dir, "content:check");
    const buildMs = timed(dir, "build");
    const clips = await clipsOf(dir);
    const { selectsCount, ...pages } = pagesOf(clips.artists);

    // First, on a server that has rendered nothing: the sweep, then the page for its static copy.
    const { urls, sweep } = await withServer(startServer(PORT, { cwd: dir }), async ({ origin }) => {
      const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
      const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc).pathname);
      const sweep = await coldSweep(origin, urls);
      await writeStaticCopy(origin, dir);
      return { urls, sweep };
    });

    // Then a server that knows the static copy (the static path lists Brotli copies at start).
    return await withServer(startServer(PORT, { cwd: dir }), async ({ origin }) => {
      await fetch(`${origin}/artists/directors`).then((r) => r.arrayBuffer());
      const loads = await throughput(origin);
      const bytes = {};
      for (const [name, page] of Object.entries(pages)) bytes[name] = await pageBytes(origin, page);
      const lighthouse = {};
      if (LIGHTHOUSE_RUNS > 0)
        for (const [name, page] of Object.entries(pages))
          lighthouse[name] = await lighthouseFigures(chrome.port, origin + page, LIGHTHOUSE_RUNS);
      const scroll = await clipScrolls(browser, origin, clips);
      return { times, checkMs, buildMs, urls: urls.length, sweep, ...loads, bytes, lighthouse, scroll, selectsCount };
    });
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
  for (const name of ["directors", "photographers", "selects"]) {
    const label = name === "selects" ? `/selects (${SELECTS_COUNT})` : `/artists/${name}`;
    const lighthouse = (r) => r.lighthouse[name];
    const bytes = (r) => r.bytes[name];
    // The grids have a budget; the selects page holds the same SELECTS_COUNT artists at every size that
    // has them, so it stays as at the first such size (the demo's 1× roster has fewer).
    const grid = name !== "selects";
    const full = results.find((r) => r.selectsCount === SELECTS_COUNT);
    const asAtFirst = (field) => (r) =>
      full && r.selectsCount === SELECTS_COUNT ? bytes(r)[field] <= bytes(full)[field] * 1.1 : undefined;
    const selectsGoal = `as at ${full?.times ?? "-"}× (the first size with all ${SELECTS_COUNT})`;
    if (LIGHTHOUSE_RUNS > 0)
      row(
        `${label}: Lighthouse perf, TBT ms (range)`,
        `≥ ${GOALS.score}, ≤ ${GOALS.tbtMs}`,
        (r) => `${lighthouse(r).score}, ${Math.round(lighthouse(r).tbtMs)} (${lighthouse(r).tbtRange})`,
        (r) => lighthouse(r).score >= GOALS.score && lighthouse(r).tbtMs <= GOALS.tbtMs,
      );
    row(
      `${label}: HTML kB raw / gzip`,
      grid ? `gzip ≤ ${GOALS.gridHtmlGzipKB}` : selectsGoal,
      (r) => `${kb(bytes(r).html)} / ${kb(bytes(r).htmlGzip)}`,
      grid ? (r) => bytes(r).htmlGzip <= GOALS.gridHtmlGzipKB * 1000 : asAtFirst("htmlGzip"),
    );
    row(
      `${label}: loader data kB raw / gzip`,
      grid ? "-" : selectsGoal,
      (r) => `${kb(bytes(r).data)} / ${kb(bytes(r).dataGzip)}`,
      grid ? undefined : asAtFirst("dataGzip"),
    );
  }
  clipScrollRows(row);
  row(
    "cached directors page, as a browser asks: req/s (p99 ms)",
    "-",
    (r) => `${r.cachedBrowser.rps} (${r.cachedBrowser.p99})`,
  );
  /** @type {[string, string, number][]} */
  const comparisons = [
    ["cachedPlain", "  vs the same page asked without compression", GOALS.vsIdentity],
    ["staticCopy", "  vs its Brotli copy on the static-file path", GOALS.vsStatic],
  ];
  for (const [kind, figure, ratio] of comparisons)
    row(
      figure,
      `≥ ${ratio}×`,
      (r) => `${(r.cachedBrowser.rps / r[kind].rps).toFixed(2)}× (${r[kind].rps})`,
      (r) => r.cachedBrowser.rps >= r[kind].rps * ratio,
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
    `Roster: the site at ${TIMES.map((t) => `${t}×`).join(", ")} its roster (scripts/cli/roster.ts), side by side; ` +
      `Lighthouse mobile, median of ${LIGHTHOUSE_RUNS}; load at ${THROUGHPUT.connections} connections for ` +
      `${THROUGHPUT.seconds} s, asked with Accept-Encoding: ${BROWSER_ACCEPT_ENCODING} (goals: issue 37)`,
  );
  const results = await withBrowsers(async (chrome, browser) => {
    const results = [];
    for (const times of TIMES) {
      const started = performance.now();
      results.push(await measure(times, chrome, browser));
      console.error(`roster ${times}×: measured in ${seconds(performance.now() - started)} s`);
    }
    return results;
  });
  console.table(table(results));
}
