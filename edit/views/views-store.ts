/**
 * The analytics store the editing screen reads: the one the public site writes, from the same
 * settings (analytics/settings.ts, docs/deploy.md). Each way of not having it is said in the
 * operator's words, naming the setting to look at.
 */
import { existsSync } from "node:fs";

import { storeSettings } from "#analytics/settings.ts";
import { type AnalyticsStore, openStore } from "#analytics/store.ts";
import type { ViewFigures } from "#analytics/types.ts";
import type { DayRange } from "./range.ts";

/** The part of the analytics store (analytics/store.ts) the views read. */
export interface FiguresStore {
  figures(from: string, to: string, now: Date): Promise<ViewFigures>;
  close(): Promise<void>;
}

/** Why a request has no figures: the store's 503, in the operator's words. */
export interface NoFigures {
  status: 503;
  message: string;
}

/** A store that cannot be had, in the operator's words: which setting to look at. Answered 503, never as a stack trace. */
export class StoreUnavailable extends Error {}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Opens the store `env` names (relative paths from `root`, as the site reads them), or throws StoreUnavailable. */
export function analyticsStore(env: NodeJS.ProcessEnv, root: string): () => Promise<AnalyticsStore> {
  return async () => {
    let settings;
    try {
      settings = storeSettings(env, root);
    } catch (error) {
      throw new StoreUnavailable(`No figures: a setting is wrong. ${reasonOf(error)}`);
    }
    if (!settings.enabled) throw new StoreUnavailable("No figures: analytics is off here (ANALYTICS=off).");
    // Opening a file that is not there would make an empty store, showing no views rather than the wrong setting.
    if (settings.kind === "sqlite" && !existsSync(settings.file))
      throw new StoreUnavailable(
        `No figures: there is no analytics store at ${settings.file}. Set ANALYTICS_DB to the file the public site writes (or ANALYTICS_DATABASE_URL to its PostgreSQL).`,
      );
    try {
      return await openStore(settings);
    } catch (error) {
      const where =
        settings.kind === "sqlite"
          ? `the SQLite file at ANALYTICS_DB (${settings.file})`
          : "the PostgreSQL at ANALYTICS_DATABASE_URL";
      throw new StoreUnavailable(`No figures: ${where} could not be opened: ${reasonOf(error)}`);
    }
  };
}

/** The 503 a request the store could not answer gets: the reason, never a stack trace. */
export function storeFailure(error: unknown): NoFigures {
  if (error instanceof StoreUnavailable) return { status: 503, message: error.message };
  console.error(error);
  return { status: 503, message: `The analytics store did not answer: ${reasonOf(error)}` };
}

/**
 * `open`, called once for every caller until it fails (then the next call tries again), so the views
 * and the links share one connection; `close` closes it, if it was opened.
 */
export function openOnce<Store extends { close(): Promise<void> }>(open: () => Promise<Store>) {
  let store: Promise<Store> | undefined;
  return {
    get(): Promise<Store> {
      store ??= open().catch((error: unknown) => {
        store = undefined;
        throw error;
      });
      return store;
    },
    async close(): Promise<void> {
      const opened = store;
      store = undefined;
      await opened?.then(
        (open) => open.close(),
        () => undefined,
      );
    },
  };
}

/** The figures of a range from the store `open` gives (openOnce's), or why there are none. */
export function storeFigures(open: () => Promise<FiguresStore>) {
  return async (range: DayRange, now: Date): Promise<ViewFigures | NoFigures> => {
    try {
      return await (await open()).figures(range.from, range.to, now);
    } catch (error) {
      return storeFailure(error);
    }
  };
}
