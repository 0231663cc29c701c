/**
 * The analytics store the editing screen reads: the one the public site writes, from the same
 * settings (analytics/settings.ts, docs/deploy.md). Each way of not having it is said in the
 * operator's words, naming the setting to look at.
 */
import { existsSync } from "node:fs";

import { storeSettings } from "#analytics/settings.ts";
import { openStore } from "#analytics/store.ts";
import { type FiguresStore, StoreUnavailable } from "./views-routes.ts";

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Opens the store `env` names (relative paths from `root`, as the site reads them), or throws StoreUnavailable. */
export function analyticsStore(env: NodeJS.ProcessEnv, root: string): () => Promise<FiguresStore> {
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
