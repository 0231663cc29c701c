/**
 * A followed branch's worker, warm before it takes connections (model/warm-pages.ts says the
 * exchange with the follower): of the pages the worker it replaces kept, those its release did not
 * change are kept as they were served, and those it changed are rendered afresh, the most asked
 * first, for at most WARM_RENDER_MS; only then does the instance listen (instance.ts). A worker
 * whose follower says nothing within WARM_WAIT_MS starts cold, as an instance on its own does.
 */
import { performance } from "node:perf_hooks";

import {
  askOver,
  COLD_START,
  PAGES_ASKED,
  PAGES_KEPT,
  WARM_ASKED,
  WARM_GIVEN,
  type WarmMessage,
  type WarmStart,
} from "#model/warm-pages.ts";
import type { CachedPage, PageCache } from "./page-cache.ts";

/** How long a new worker waits for the follower's pages before it starts cold. */
const WARM_WAIT_MS = 5_000;

/**
 * How long a new worker renders the changed pages before it listens: every page, after a code
 * change, would hold a large roster's release for minutes; those left are rendered as visitors ask.
 */
export const WARM_RENDER_MS = 2_000;

/** What the pages' counts were once warm: kept as served, rendered afresh, and left to render when asked. */
export interface Warmed {
  carried: number;
  rendered: number;
  left: number;
}

/** Answers the follower, whenever it asks, with the pages `pageCache()` keeps: it is replacing this worker. */
export function answerPagesAsked(pageCache: () => PageCache) {
  process.on("message", (message: WarmMessage) => {
    if (message?.type === PAGES_ASKED) process.send?.({ type: PAGES_KEPT, pages: pageCache().entries() });
  });
}

/** What the follower gives this worker to start with; COLD_START when it says nothing within `waitMs`. */
export const warmStart = (waitMs = WARM_WAIT_MS): Promise<WarmStart> =>
  askOver(process, WARM_ASKED, WARM_GIVEN, {
    waitMs,
    otherwise: COLD_START,
    read: (message) => ({ pages: message.pages ?? [], changed: message.changed ?? [] }),
  });

/**
 * Fills `pageCache` from `start`: a page no pattern of `start.changed` matches is kept as it was
 * served (the same judgement that keeps it in the cache in front); the others are rendered through
 * `render`, in the order the worker before last had them asked, until `budgetMs` is spent.
 */
export async function warmCache(
  pageCache: PageCache,
  render: (key: string) => Promise<Response>,
  start: WarmStart,
  budgetMs = WARM_RENDER_MS,
): Promise<Warmed> {
  const changed = start.changed.map((pattern) => new RegExp(pattern));
  const isChanged = (key: string) => changed.some((pattern) => pattern.test(key));
  // Kept least recently asked first, so that the most asked ends the most recent, as it was.
  const carried = start.pages.filter(([key]) => !isChanged(key));
  for (const [key, page] of [...carried].reverse()) pageCache.adopt(key, page as CachedPage);
  const fresh = start.pages.filter(([key]) => isChanged(key)).map(([key]) => key);
  const deadline = performance.now() + budgetMs;
  let rendered = 0;
  for (const key of fresh) {
    if (performance.now() >= deadline) break;
    await pageCache.fill(key, () => render(key));
    rendered++;
  }
  return { carried: carried.length, rendered, left: fresh.length - rendered };
}
