/**
 * Where a site that follows a branch keeps what it writes (docs/deploy.md, "The site follows a branch"):
 * SITE_DATA, never a release folder, which the next release in it cleans. The follower (release/settings.ts)
 * and the analytics' settings (analytics/settings.ts, which the editing instances read too) name the same
 * file from these, so that a site and an editing screen given the same settings count into and read one store.
 */

/** SITE_DATA's default, in the project. */
export const DEFAULT_SITE_DATA = ".site-data";

/** The analytics' SQLite file in SITE_DATA, when no other store is set. */
export const SITE_DATA_ANALYTICS_FILE = "analytics.sqlite";
