/**
 * After a release, the Varnish in front (SITE_FOLLOW_PURGE) drops what it changed, and fetches it
 * again so that the next visitor finds it warm: for a content-only commit, the pages its content
 * shows on (its plan, release-plan.ts, from the two releases' pages files); for code, every
 * page. One BAN over the objects' URLs (deploy/varnish/default.vcl), from the machine itself, tried
 * again a few times while Varnish does not answer, never holding the next release back.
 */
import { BAN_HEADER, BAN_METHOD, EVERYTHING } from "#model/cache-ban.ts";
import { mapLimited } from "#lib/pool.ts";

import type { FollowLog } from "./follow-log.ts";
import type { PageChange } from "./release-plan.ts";

/** The encodings Varnish keeps a page in (its vcl_recv normalises Accept-Encoding to these). */
const ENCODINGS = ["br", "gzip"];

/** How long Varnish may take to answer a ban or one page. */
export const VARNISH_TIMEOUT_MS = 10_000;
/** The waits before each try again of a ban that failed: about half a minute in all, then the next release's carries it. */
export const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000];

/** One change holding both: everything once either is everything, else the union of their pages. */
function merged(before: PageChange | undefined, change: PageChange): PageChange {
  if (!before) return change;
  if ([...before.banned, ...change.banned].includes(EVERYTHING)) return { banned: [EVERYTHING], warm: [] };
  return {
    banned: [...new Set([...before.banned, ...change.banned])],
    warm: [...new Set([...before.warm, ...change.warm])],
  };
}

/** One BAN of `banned` (deploy/varnish/default.vcl); rejects on a refusal or no answer in time. */
async function ban(varnish: string, banned: readonly string[], timeoutMs: number) {
  const response = await fetch(`${varnish}/`, {
    method: BAN_METHOD,
    headers: { [BAN_HEADER]: banned.map((pattern) => `(${pattern})`).join("|") },
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`Varnish refused the ban: ${response.status} ${text.trim()}`);
}

/** Fetches `pages` through Varnish in each encoding it keeps, so the next visitor finds them warm; how many were. */
async function warm(varnish: string, pages: readonly string[], timeoutMs: number): Promise<number> {
  const fetches = pages.flatMap((page) => ENCODINGS.map((encoding) => ({ page, encoding })));
  const warmed = await mapLimited(fetches, 4, ({ page, encoding }) =>
    fetch(`${varnish}${page}`, { headers: { "Accept-Encoding": encoding }, signal: AbortSignal.timeout(timeoutMs) })
      .then((answer) => answer.arrayBuffer())
      .then(
        () => page,
        // A page not warmed is only slower for its first visitor.
        () => undefined,
      ),
  );
  return new Set(warmed.filter(Boolean)).size;
}

export interface PagePurger {
  /** Bans what `commit` changed (with whatever a ban that failed still owes), in the background: never waited for. */
  purge(commit: string, change: PageChange): void;
  /** Stops trying; resolves once a ban under way is over. */
  stop(): Promise<void>;
}

/**
 * The bans of the Varnish at `varnish`, one at a time. A ban that fails is tried again after each of
 * `delaysMs`, then given up (said in the log); what it owes is banned with the next release's, so a
 * later ban that succeeds leaves none of the pages it should have dropped.
 */
export function pagePurger(
  varnish: string,
  log: FollowLog,
  { delaysMs = RETRY_DELAYS_MS, timeoutMs = VARNISH_TIMEOUT_MS } = {},
): PagePurger {
  let owed: PageChange | undefined;
  /** The newest commit whose change is owed, named by the log's lines. */
  let commit = "";
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function attempt() {
    const change = owed;
    const newest = commit;
    if (!change) return;
    try {
      if (change.banned.length > 0) await ban(varnish, change.banned, timeoutMs);
    } catch (error) {
      if (failures === delaysMs.length) {
        failures = 0;
        log.error(
          { err: error, commit: newest, banned: change.banned },
          `site: Varnish was not purged after ${delaysMs.length + 1} tries; the next release's ban includes these pages`,
        );
        return;
      }
      const delay = delaysMs[failures++]!;
      log.warn(
        { err: error, commit: newest, banned: change.banned },
        `site: Varnish was not purged; trying again in ${delay / 1000} s`,
      );
      if (!stopped) timer = setTimeout(run, delay);
      return;
    }
    failures = 0;
    // What came in during the ban is owed still, and banned at once after it (again, below).
    if (owed === change) owed = undefined;
    const warmed = await warm(varnish, change.warm, timeoutMs);
    log.info({ commit: newest, banned: change.banned, warmed }, `site: Varnish dropped ${change.banned.join(" ")}`);
  }

  function run() {
    timer = undefined;
    if (running) {
      again = true;
      return;
    }
    running = attempt().finally(() => {
      running = undefined;
      if (again && !stopped) {
        again = false;
        if (owed) run();
      }
    });
  }

  return {
    purge(released, change) {
      if (stopped) return;
      owed = merged(owed, change);
      commit = released;
      // A new release tries at once, whatever an earlier one's retries wait for.
      failures = 0;
      clearTimeout(timer);
      run();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
