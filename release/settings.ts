/**
 * The settings of a site that follows a branch (docs/deploy.md, "The site follows a branch"): one
 * is enough, `SITE_FOLLOW`; the rest have defaults. Read once at start.
 */
import path from "node:path";

import { DEFAULT_SITE_DATA, SITE_DATA_ANALYTICS_FILE } from "#model/site-data.ts";

export interface FollowSettings {
  /** The git remote: a URL git can fetch from, or a path to a repository. */
  remote: string;
  branch: string;
  /** Where the mirror, the two release folders and their installed packages live. */
  data: string;
  /** How often the remote is asked for its branch's commit (`git ls-remote`). */
  intervalMs: number;
  /** The git host's push webhook, when a secret is set: where it listens. */
  hook?: { secret: string; host: string; port: number };
  /** The Varnish in front, to ban the pages a release changes and fetch them again. */
  purge?: string;
  /** The ports served, one instance (a worker process) each: PORT, or SITE_FOLLOW_PORTS's list. */
  ports: number[];
  /**
   * Settings every worker gets beside its own, whatever its commit: where what it writes lives, outside
   * the release folders, which the next release in that folder cleans (`git clean`).
   */
  stateEnv: Record<string, string>;
}

/** `SITE_FOLLOW_INTERVAL`'s default, in seconds: a push shows within this, with no webhook at all. */
export const DEFAULT_INTERVAL_SECONDS = 3;
/** `SITE_FOLLOW_HOOK_PORT`'s default. */
export const DEFAULT_HOOK_PORT = 9300;

/** The settings, or undefined when the site serves its own build (no `SITE_FOLLOW`). Throws on a bad value, naming it. */
export function followSettings(env: NodeJS.ProcessEnv, root: string): FollowSettings | undefined {
  const remote = env.SITE_FOLLOW?.trim();
  if (!remote) return undefined;
  const seconds = Number(env.SITE_FOLLOW_INTERVAL ?? DEFAULT_INTERVAL_SECONDS);
  if (!Number.isFinite(seconds) || seconds < 0.2 || seconds > 3600)
    throw new Error(
      `SITE_FOLLOW_INTERVAL must be a number of seconds from 0.2 to 3600, not "${env.SITE_FOLLOW_INTERVAL}"`,
    );
  const hookPort = Number(env.SITE_FOLLOW_HOOK_PORT ?? DEFAULT_HOOK_PORT);
  if (!Number.isInteger(hookPort) || hookPort < 0 || hookPort > 65_535)
    throw new Error(`SITE_FOLLOW_HOOK_PORT must be a port number, not "${env.SITE_FOLLOW_HOOK_PORT}"`);
  const purge = env.SITE_FOLLOW_PURGE?.trim();
  if (purge && !URL.canParse(purge))
    throw new Error(`SITE_FOLLOW_PURGE must be the Varnish's URL (http://127.0.0.1:8080), not "${purge}"`);
  const ports = (env.SITE_FOLLOW_PORTS || env.PORT || "3000").split(",").map(Number);
  if (!ports.every((port) => Number.isInteger(port) && port > 0 && port < 65_536))
    throw new Error(`SITE_FOLLOW_PORTS must list port numbers (8081,8082), not "${env.SITE_FOLLOW_PORTS}"`);
  const secret = env.SITE_FOLLOW_SECRET?.trim();
  const data = path.resolve(root, env.SITE_DATA?.trim() || DEFAULT_SITE_DATA);
  // analytics/settings.ts reads a relative file (its default too) from the worker's root: its release folder.
  const analyticsFile = env.ANALYTICS_DATABASE_URL
    ? undefined
    : path.resolve(root, env.ANALYTICS_DB || path.join(data, SITE_DATA_ANALYTICS_FILE));
  return {
    remote: URL.canParse(remote) || remote.includes(":") ? remote : path.resolve(root, remote),
    branch: env.SITE_FOLLOW_BRANCH?.trim() || "main",
    data,
    intervalMs: seconds * 1000,
    hook: secret ? { secret, host: env.SITE_FOLLOW_HOOK_HOST?.trim() || "127.0.0.1", port: hookPort } : undefined,
    purge: purge ? new URL(purge).origin : undefined,
    ports,
    stateEnv: analyticsFile ? { ANALYTICS_DB: analyticsFile } : {},
  };
}
