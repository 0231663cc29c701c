/**
 * One commit made into a release in a folder: its packages linked (installed only for a new
 * lockfile), then `npm run build`, whose content check refuses bad content before anything is built.
 *
 * A commit that changes only content and media needs only its content compiled (and checked): the
 * production server build imports the compiled content as a module of its own (remix.config.js) and
 * the browser's build reads no content at all (docs/decisions/0013-site-follows-a-branch.md), so the
 * release serving's builds, server and browser, are this commit's too, byte for byte (for a folder
 * as deep: esbuild names the browser's scripts from their paths), and are copied. What it changed decides what the
 * cache in front loses: its plan (release-plan.ts), worked out here and carried to the purge
 * (page-purge.ts). Such a commit is refused before anything is checked out if it holds a symlink, a
 * file under public/ the media build never makes, or a file too big (content-release.ts).
 */
import { cp } from "node:fs/promises";
import path from "node:path";

import { contentRefusal } from "./content-release.ts";
import type { Mirror } from "./git-mirror.ts";
import { checkOut, linkModules } from "./release-folders.ts";
import { runningFolder } from "./leftover-processes.ts";
import { contentPlan, FULL_PLAN, readPagesFile, type ReleasePlan, releaseKind } from "./release-plan.ts";
import { type RunOptions, runToEnd } from "./run-to-end.ts";

export interface BuiltRelease {
  folder: string;
  commit: string;
  plan: ReleasePlan;
  /** Whether `npm ci` ran (a lockfile not seen before). */
  installed: boolean;
  seconds: number;
}

/** How long a build may take: about 10 s here, a minute on a slow machine; past it, it is refused. */
const BUILD_TIMEOUT_MS = 15 * 60_000;

/** What the builds of a release are: the server's and the browser's, as `npm run build` writes them. */
const BUILDS = ["build", path.join("public", "build")];
/**
 * What of this process's environment a build and an install get: what runs the tools (and npm to its
 * cache and registry) and the build's own inputs, never the follower's secrets (ANALYTICS_DATABASE_URL,
 * SITE_FOLLOW_SECRET, a cloud's keys): a build runs whatever the pushed commit says. MEDIA_ORIGIN is
 * read by the content build (the media it checks); SITE_URL is public, there for a build that reads it.
 */
const BUILD_SETTINGS = new Set([
  "PATH",
  "HOME",
  "LANG",
  "TZ",
  "TMPDIR",
  "NODE_EXTRA_CA_CERTS",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
  "MEDIA_ORIGIN",
  "SITE_URL",
]);
/** npm's own settings that say where its cache, registry, config file and Node's headers are (any case). */
const NPM_SETTING = /^npm_config_(cache|registry|userconfig|nodedir|offline|prefer_offline)$/i;

/**
 * The environment of a build, from `env`: only the allowed settings. Not NODE_ENV, which
 * server/index.ts sets to production and which changes the names of the browser's scripts: a
 * release is what `npm run build` makes in a clean clone, byte for byte.
 */
export function buildEnv(env: Readonly<Record<string, string | undefined>>): NodeJS.ProcessEnv {
  const allowed = (name: string) =>
    BUILD_SETTINGS.has(name.toUpperCase()) || name.startsWith("LC_") || NPM_SETTING.test(name);
  // Remix's globals type NODE_ENV as always there; a build's environment goes without it.
  return Object.fromEntries(Object.entries(env).filter(([name]) => allowed(name))) as NodeJS.ProcessEnv;
}

const BUILD_ENV = buildEnv(process.env);

/**
 * Compiles (and checks) the content in `folder`, and plans the release from its pages file and
 * `serving`'s. Rejects, as a build does, on bad content.
 */
async function planContent(folder: string, serving: string, options: RunOptions): Promise<ReleasePlan> {
  await runToEnd("npm", ["run", "--silent", "content:build"], folder, BUILD_ENV, options);
  const [before, after] = await Promise.all([readPagesFile(serving), readPagesFile(folder)]);
  return contentPlan(before, after);
}

/** Copies `serving`'s builds into `folder`. */
async function keepBuilds(folder: string, serving: string) {
  // Not the compiler's metafiles: the server's names the folder it was built in, and nothing runs on them.
  const runs = (file: string) => !/^metafile\..*\.json$/.test(path.basename(file));
  for (const build of BUILDS)
    await cp(path.join(serving, build), path.join(folder, build), { recursive: true, filter: runs });
}

/**
 * Builds `commit` in `folder`, beside `serving` (the release serving now, if any); rejects with the
 * check's or the build's own line (CommandFailed) when it cannot.
 */
export async function buildRelease(
  mirror: Mirror,
  {
    folder,
    commit,
    serving,
    data,
    checkout,
  }: { folder: string; commit: string; serving?: { folder: string; commit: string }; data: string; checkout: string },
): Promise<BuiltRelease> {
  const start = performance.now();
  const changes = serving ? await mirror.changedFiles(serving.commit, commit) : undefined;
  const content = serving && changes && releaseKind(changes.map((file) => file.path)) === "content";
  const refusal = content ? contentRefusal(changes) : undefined;
  if (refusal) throw new Error(refusal);
  await checkOut(mirror, folder, commit);
  const installed = await linkModules(folder, data, checkout, BUILD_ENV);
  const options = { record: runningFolder(data), timeoutMs: BUILD_TIMEOUT_MS };
  const plan = content ? await planContent(folder, serving.folder, options) : FULL_PLAN;
  if (content) await keepBuilds(folder, serving.folder);
  else await runToEnd("npm", ["run", "--silent", "build"], folder, BUILD_ENV, options);
  return { folder, commit, plan, installed, seconds: (performance.now() - start) / 1000 };
}
