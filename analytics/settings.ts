/**
 * Where the counted events go and how long they stay, from the environment (docs/deploy.md): the public
 * site and the editing instance read the same settings, so both open the same store. One instance keeps
 * an SQLite file; several behind the cache share one PostgreSQL.
 */
import path from "node:path";

import { DEFAULT_RECIPIENT_RETENTION_DAYS, DEFAULT_RETENTION_DAYS } from "#model/analytics-event.ts";
import { DEFAULT_SITE_DATA, SITE_DATA_ANALYTICS_FILE } from "#model/site-data.ts";

export type StoreSettings = {
  /** Whether events are counted at all (`ANALYTICS=off` turns it off). */
  enabled: boolean;
  /** How many days raw events are kept; the daily figures are kept FIGURES_KEPT_MONTHS. */
  retentionDays: number;
  /** Whether recipient links count (`ANALYTICS_RECIPIENT_LINKS=on`; off by default): docs/privacy.md. */
  recipientLinks: boolean;
  /** How many days what a recipient link's visits did is kept (`ANALYTICS_RECIPIENT_RETENTION_DAYS`). */
  recipientRetentionDays: number;
} & ({ kind: "sqlite"; file: string } | { kind: "postgres"; url: string });

const MAX_RETENTION_DAYS = 3650;
/** What one person did is kept a short time: a year at most, whatever the setting. */
const MAX_RECIPIENT_RETENTION_DAYS = 366;

/** The setting `name` as a whole number of days from 1 to `max`, or `fallback` when unset. */
function days(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value === "") return fallback;
  const count = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(count >= 1 && count <= max))
    throw new Error(`${name} must be a whole number of days from 1 to ${max}, not "${value}".`);
  return count;
}

/** The setting `name` ("on" or "off") as a boolean, `fallback` when unset. */
function onOff(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  if (value === "on") return true;
  if (value === "off") return false;
  throw new Error(`${name} must be "on" or "off", not "${value}".`);
}

/** `ANALYTICS_DATABASE_URL`, checked to be a PostgreSQL URL (its password never repeated in a message). */
function databaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error("ANALYTICS_DATABASE_URL is not a URL; it should read postgres://user:password@host:5432/database.");
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:")
    throw new Error(`ANALYTICS_DATABASE_URL must start with postgres://, not ${url.protocol}//.`);
  if (!url.hostname && !url.searchParams.has("host"))
    throw new Error(
      "ANALYTICS_DATABASE_URL names no host; it should read postgres://user:password@host:5432/database.",
    );
  return value;
}

/** The store's settings from `env`; `root` is the project's folder, relative paths are read from it. */
export function storeSettings(env: Readonly<Record<string, string | undefined>>, root: string): StoreSettings {
  const common = {
    enabled: onOff("ANALYTICS", env.ANALYTICS, true),
    retentionDays: days(
      "ANALYTICS_RETENTION_DAYS",
      env.ANALYTICS_RETENTION_DAYS,
      DEFAULT_RETENTION_DAYS,
      MAX_RETENTION_DAYS,
    ),
    recipientLinks: onOff("ANALYTICS_RECIPIENT_LINKS", env.ANALYTICS_RECIPIENT_LINKS, false),
    recipientRetentionDays: days(
      "ANALYTICS_RECIPIENT_RETENTION_DAYS",
      env.ANALYTICS_RECIPIENT_RETENTION_DAYS,
      DEFAULT_RECIPIENT_RETENTION_DAYS,
      MAX_RECIPIENT_RETENTION_DAYS,
    ),
  };
  if (env.ANALYTICS_DATABASE_URL) return { ...common, kind: "postgres", url: databaseUrl(env.ANALYTICS_DATABASE_URL) };
  // Following a branch, the workers are given SITE_DATA's file (release/settings.ts): an editing screen given
  // the site's settings reads that one.
  const following = Boolean(env.SITE_FOLLOW?.trim());
  const siteData = path.resolve(root, env.SITE_DATA?.trim() || DEFAULT_SITE_DATA);
  const file =
    env.ANALYTICS_DB ||
    (following ? path.join(siteData, SITE_DATA_ANALYTICS_FILE) : path.join(root, "data/analytics.sqlite"));
  if (file.endsWith(path.sep) || file.endsWith("/"))
    throw new Error(`ANALYTICS_DB must be a file's path, not a folder's ("${file}").`);
  return { ...common, kind: "sqlite", file: path.resolve(root, file) };
}
