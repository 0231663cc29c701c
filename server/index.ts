/**
 * The site's server, `npm start` (build/server.js): one instance serving the build beside it
 * (server/instance.ts); or, with `SITE_FOLLOW` set, the follower of that branch
 * (release/follower.ts), which builds each new commit and has a worker serve it.
 */
import cluster from "node:cluster";
import path from "node:path";

import { nodeVersionRefusal } from "#model/node-version.ts";
import { followBranch } from "#release/follower.ts";
import { followSettings } from "#release/settings.ts";

import { engines } from "../package.json";
import { statusToken } from "./healthz.ts";
import { startInstance } from "./instance.ts";
import { createLogger, logLevel } from "./log.ts";

// First, before the analytics store loads its native module, which crashes an older Node.
const olderNode = nodeVersionRefusal(engines.node, process.versions.node);
if (olderNode) {
  console.error(olderNode);
  process.exit(1);
}

process.env.NODE_ENV ??= "production";
/** One level up from both server/index.ts and build/server.js. */
const ROOT = path.join(import.meta.dirname, "..");
const PORT = Number(process.env.PORT || 3000);
const log = createLogger({ level: logLevel(process.env) });
const follow = followSettings(process.env, ROOT);

if (follow && cluster.isPrimary) {
  // Checked once here, where its message stops the start, rather than in each worker, where it would refuse every release.
  statusToken(process.env);
  const stop = await followBranch(follow, { checkout: ROOT, log });
  for (const signal of ["SIGTERM", "SIGINT"] as const)
    process.once(signal, () => {
      log.info(`${signal}: stopping the serving process, then exiting`);
      void stop().finally(() => process.exit(0));
    });
} else {
  await startInstance({ root: ROOT, port: PORT, host: process.env.HOST || undefined, log });
}
