/**
 * The benchmark's analytics section (`npm run bench -- --only=analytics`), issue 51: what counting
 * the pages' events and serving metrics cost the cached pages, and how many events one instance
 * takes with none lost. The public pages' bytes and Lighthouse figures are the pages section's.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import autocannon from "autocannon";
import Database from "better-sqlite3";

import { artists } from "#app/content/generated.js";
import { residentMiB, startServer } from "#tests/support/server-process.mjs";
import { load, mark, median, PAGE_MIX, withServer } from "./shared.mjs";

/** The other sections take 3321–3334 and 3377. */
const PORTS = { on: 3341, off: 3342, metrics: 3343 };
const GOALS = { ratio: 0.95, eventsPerSecond: 5000 };
/** The cached page, as the pages section's throughput; each round runs every setting in turn, so noise hits all alike. */
const PAGES = {
  page: "/artists/directors",
  connections: 32,
  seconds: 4,
  rounds: Number(process.env.BENCH_ANALYTICS_ROUNDS ?? 5),
};
/**
 * What a busy site's visitors send beside the page load: events a second, from a few connections, in
 * a worker thread of its own (in the page load's thread, it fell behind its rate when that was busy).
 */
const TRICKLE = { rate: 200, connections: 4 };
/** The event load: as many connections as the page load, about `seconds` long (sized by a warm-up). */
const EVENTS = { connections: 32, seconds: 10, warmUpSeconds: 2 };
/** Each event is written before its answer (analytics/collector.ts); the rows are counted after a margin. */
const FLUSH_WAIT_MS = 1_500;

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";
const SITE = "https://www.calloway-artists.example";

/**
 * Pageviews as the pages' script posts them (app/analytics/track.client.ts: text/plain, a desktop
 * Chrome's), of every section page and every artist's page in turn; one in four arrives from a search engine.
 * @returns {import("autocannon").Request[]}
 */
function pageviewRequests() {
  const paths = [
    ...new Set([...PAGE_MIX, ...Object.values(artists).flatMap((list) => list.map((artist) => artist.url))]),
  ];
  return paths.map((page, index) => ({
    method: "POST",
    path: "/api/event",
    headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": CHROME },
    body: JSON.stringify({
      name: "pageview",
      url: SITE + page,
      domain: new URL(SITE).hostname,
      referrer: index % 4 === 0 ? "https://www.google.com/" : null,
    }),
  }));
}

/** Events posted to `origin` at `rate` a second for `seconds` (autocannon), and the answers' count. */
async function trickle(origin, seconds) {
  const result = await autocannon({
    url: origin,
    connections: TRICKLE.connections,
    overallRate: TRICKLE.rate,
    duration: seconds,
    requests: pageviewRequests(),
    workers: 1,
  });
  return { sent: result.requests.total, errors: result.errors + result.timeouts + result.non2xx };
}

/** The rows of the events table in the SQLite file `file`, read as another process reads it. */
function storedRows(file) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return /** @type {{ rows: number }} */ (db.prepare("SELECT count(*) AS rows FROM events").get()).rows;
  } finally {
    db.close();
  }
}

/** The rows once the collector has written what it held: counted until two reads a flush apart agree. */
async function settledRows(file) {
  let rows = -1;
  for (let attempt = 0; attempt < 10; attempt++) {
    await sleep(FLUSH_WAIT_MS);
    const now = storedRows(file);
    if (now === rows) break;
    rows = now;
  }
  return rows;
}

/** `analytics_events_total` by outcome, from the server's /metrics. */
async function eventOutcomes() {
  const text = await (await fetch(`http://127.0.0.1:${PORTS.metrics}/metrics`)).text();
  return Object.fromEntries(
    [...text.matchAll(/^analytics_events_total\{outcome="(\w+)"\} (\d+)$/gm)].map(([, outcome, n]) => [
      outcome,
      Number(n),
    ]),
  );
}

/**
 * The cached page, each round in turn, from the server with events and metrics on and from the one
 * with both off, each while the same trickle of events is posted to it (the pages send them either
 * way: off answers 202 and counts nothing), as on a busy day; then both again with no events beside
 * (what the metrics cost alone). The median requests/s of each, as a ratio to off's under the same
 * events: the first is the goal's.
 */
async function cachedPageRows(on, off) {
  const sides = [
    { server: on, trickle: true, label: `events + metrics on, ${TRICKLE.rate} events/s posted` },
    { server: off, trickle: true, label: `off (ANALYTICS=off, no METRICS_PORT), the same events posted` },
    { server: on, trickle: false, label: "events + metrics on, no events posted" },
    { server: off, trickle: false, label: "off, no events posted" },
  ].map((side) => ({ ...side, runs: /** @type {Awaited<ReturnType<typeof load>>[]} */ ([]) }));
  const offTrickles = [];
  const onTrickles = [];
  // The page cached and the code warm on both before the first round.
  for (const server of [on, off]) await load(server.origin + PAGES.page, { ...PAGES, seconds: 1 });
  for (let round = 0; round < PAGES.rounds; round++)
    for (const side of sides) {
      const [figures, sent] = await Promise.all([
        load(side.server.origin + PAGES.page, PAGES),
        side.trickle ? trickle(side.server.origin, PAGES.seconds) : undefined,
      ]);
      side.runs.push(figures);
      if (sent) (side.server === on ? onTrickles : offTrickles).push(sent);
    }
  const [deployed, baseline, , quietBaseline] = sides;
  /** Off's side under the same events as `side`. */
  const offOf = (side) => (side.trickle ? baseline : quietBaseline);
  const rps = (side) => median(side.runs.map((figures) => figures.rps));
  const ratio = rps(deployed) / rps(baseline);
  const roundRatios = deployed.runs.map((figures, round) => figures.rps / baseline.runs[round].rps);
  const eventsSent = onTrickles.reduce((sum, { sent }) => sum + sent, 0);
  const errors = (side) => side.runs.reduce((sum, figures) => sum + figures.errors, 0);
  const rows = sides.map((side) => {
    const values = side.runs.map((figures) => figures.rps);
    return {
      server: side.label,
      "requests/s (range)": `${Math.round(rps(side))} (${Math.min(...values)}–${Math.max(...values)})`,
      "vs off, same events": (rps(side) / rps(offOf(side))).toFixed(2),
      "p99 ms": median(side.runs.map((figures) => figures.p99)),
      errors: errors(side),
      goal: "-",
    };
  });
  rows[0].goal = `≥ ${GOALS.ratio} ${mark(ratio >= GOALS.ratio && errors(deployed) === 0)}`;
  return {
    rows,
    note:
      `first row's ratio each round: ${roundRatios.map((r) => r.toFixed(2)).join(", ")}; events posted beside: ` +
      `${Math.round(eventsSent / (PAGES.rounds * PAGES.seconds))}/s to the first row, ` +
      `${[...onTrickles, ...offTrickles].reduce((sum, t) => sum + t.errors, 0)} not answered 2xx`,
  };
}

/**
 * Pageviews posted to one instance as fast as it answers, `amount` in all (so every request sent is
 * answered and counted), after a warm-up that sizes `amount` to about EVENTS.seconds; then the rows
 * the store gained once the last flush is written, against the 202s.
 */
async function eventRow(server, file) {
  const requests = pageviewRequests();
  const post = (options) => autocannon({ url: server.origin, connections: EVENTS.connections, requests, ...options });
  const warmUp = await post({ duration: EVENTS.warmUpSeconds });
  const amount = Math.max(5_000, Math.round(warmUp.requests.average * EVENTS.seconds));
  const rowsBefore = await settledRows(file);
  const outcomesBefore = await eventOutcomes();
  const memoryBefore = await residentMiB(server.child.pid);
  const started = performance.now();
  const result = await post({ amount });
  const seconds = (performance.now() - started) / 1000;
  const memoryAfter = await residentMiB(server.child.pid);
  const rows = (await settledRows(file)) - rowsBefore;
  const outcomes = await eventOutcomes();
  const delta = (outcome) => (outcomes[outcome] ?? 0) - (outcomesBefore[outcome] ?? 0);
  const accepted = result["2xx"];
  const errors = result.errors + result.timeouts + result.non2xx;
  const perSecond = rows / seconds;
  const noneLost = rows === accepted && errors === 0 && delta("dropped") === 0;
  return {
    "events sent": result.requests.sent,
    "202s": accepted,
    "errors (non-2xx, timeouts)": errors,
    "rows stored": rows,
    s: seconds.toFixed(1),
    "taken/s": Math.round(perSecond),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    "metrics: taken / refused / ignored / dropped": ["taken", "refused", "ignored", "dropped"].map(delta).join(" / "),
    "RSS MiB before → after": `${memoryBefore.toFixed(0)} → ${memoryAfter.toFixed(0)}`,
    goals: `≥ ${GOALS.eventsPerSecond}/s ${mark(perSecond >= GOALS.eventsPerSecond)}, none lost ${mark(noneLost)}`,
  };
}

/** Two servers, events and metrics on (SQLite in a temporary folder) and off, side by side. */
export async function analyticsSection() {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-analytics-"));
  const file = path.join(dir, "analytics.sqlite");
  const onEnv = { ANALYTICS_DB: file, METRICS_PORT: String(PORTS.metrics) };
  await withServer(startServer(PORTS.on, { env: onEnv }), (on) =>
    withServer(startServer(PORTS.off, { env: { ANALYTICS: "off", METRICS_PORT: "" } }), async (off) => {
      console.log(
        `Analytics: ${PAGES.page} cached, ${PAGES.connections} connections for ${PAGES.seconds} s, ${PAGES.rounds} rounds ` +
          `of the four in turn, medians (goal: on with events beside ≥ ${GOALS.ratio}× off, zero errors)`,
      );
      const cached = await cachedPageRows(on, off);
      console.table(cached.rows);
      console.log(cached.note);
      console.log(
        `Events: pageviews posted to /api/event of one instance (SQLite), ${EVENTS.connections} connections for about ` +
          `${EVENTS.seconds} s; rows counted after the last flush (goals: ≥ ${GOALS.eventsPerSecond} taken/s, ` +
          `rows = 202s, no other answer, none dropped)`,
      );
      console.table([await eventRow(on, file)]);
    }),
  );
  rmSync(dir, { recursive: true, force: true });
}
