/**
 * The site following a branch (`SITE_FOLLOW`; docs/deploy.md): the cluster's primary process, which
 * serves nothing itself. It asks the remote every few seconds (and at once when the git host's
 * webhook says so) whether the branch moved; builds the new commit in the folder not serving; starts
 * a worker on it, retires the old one once the new one listens; then has the Varnish in front, if
 * any, drop the pages the commit changed and fetch them again. A commit that cannot be built is
 * refused: the release before keeps serving and /healthz says which commit and why. Killed at any
 * moment, it starts again serving the last release it switched to (serving-record.ts), and a folder
 * left half made is made again whole at its next release (release-folders.ts). Its decisions are
 * follow-machine.ts's; this file gives it git, the builds, the cluster's workers and the purges.
 */
import type { Worker } from "node:cluster";
import type { Server } from "node:http";
import path from "node:path";

import { buildRelease } from "./build-release.ts";
import { refusalOf } from "./disk-full.ts";
import type { FollowLog } from "./follow-log.ts";
import { followMachine } from "./follow-machine.ts";
import type { Release } from "./follow-state.ts";
import { openMirror } from "./git-mirror.ts";
import { runningFolder, stopLeftovers } from "./leftover-processes.ts";
import { pagePurger } from "./page-purge.ts";
import { pushHookServer } from "./push-hook.ts";
import { otherFolder } from "./release-folders.ts";
import type { WorkerPort } from "./serving-set.ts";
import { pagesOf, retireWorker, sendStatus, startWorker } from "./serving-worker.ts";
import { readServing, writeServing } from "./serving-record.ts";
import type { FollowSettings } from "./settings.ts";

export interface FollowOptions {
  /** The project this process runs from (its node_modules serve a commit with the same lockfile). */
  checkout: string;
  log: FollowLog;
}

/** Cluster workers, each on its port with the settings of its release: the machine's workers port. */
function clusterWorkers({ ports, stateEnv }: FollowSettings): WorkerPort<Worker> {
  const metricsPort = process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : undefined;
  /**
   * A worker's settings: its port (and metrics port, the next one per instance), its commit, and
   * the scripts of the release before, which pages still open name.
   */
  const workerEnv = ({ folder, commit }: Release, index: number, before?: string) => ({
    ...stateEnv,
    PORT: String(ports[index]),
    SITE_COMMIT: commit,
    ...(metricsPort !== undefined && { METRICS_PORT: String(metricsPort + index) }),
    ...(before && before !== folder && { SITE_PREVIOUS_ASSETS: path.join(before, "public", "build") }),
  });
  return {
    start: (release, index, before, warm) =>
      startWorker(release.folder, ports[index]!, workerEnv(release, index, before), warm),
    pages: pagesOf,
    onExit: (worker, exited) => worker.on("exit", exited),
    retire: retireWorker,
    tell: sendStatus,
  };
}

export async function followBranch(settings: FollowSettings, { checkout, log }: FollowOptions) {
  const { data, branch, ports } = settings;
  // Before the mirror or a folder is touched: what a follower killed before this start left running.
  const leftovers = await stopLeftovers(runningFolder(data));
  if (leftovers > 0) log.warn({ leftovers }, `site: stopped ${leftovers} command(s) left running by a follower killed`);
  const mirror = await openMirror(data, settings.remote, branch, { record: runningFolder(data) });
  /** Which folder serves which commit, kept so that a restart serves it again at once. */
  const servingFile = path.join(data, "serving.json");
  const machine = followMachine(
    {
      mirror,
      build: (commit, serving) =>
        buildRelease(mirror, { folder: otherFolder(data, serving?.folder), commit, serving, data, checkout }),
      workers: clusterWorkers(settings),
      purger: settings.purge ? pagePurger(settings.purge, log) : undefined,
      record: (release) => writeServing(servingFile, release),
      refusalOf: (error) => refusalOf(error, data),
      log,
    },
    { ports, remote: settings.remote, branch },
  );

  // What served before a restart serves again at once, while the remote is asked for anything newer.
  const kept = await readServing(servingFile, (reason) =>
    log.warn({ reason }, `site: serving.json ${reason}; building afresh`),
  );
  if (kept) await machine.resume(kept);
  machine.ask();
  const timer = setInterval(machine.ask, settings.intervalMs);
  let hook: Server | undefined;
  if (settings.hook) {
    const { secret, host, port: hookPort } = settings.hook;
    const hookLog = (line: string) => log.info({}, `site: webhook: ${line}`);
    hook = pushHookServer({ secret, branch, onPush: machine.ask, log: hookLog });
    hook.listen(hookPort, host, () => log.info({}, `site: push webhook on http://${host}:${hookPort}/`));
  }
  log.info({}, `site: following ${branch} of ${settings.remote}, asked every ${settings.intervalMs / 1000} s`);

  /** Stops asking, lets a build in progress end, then stops the serving process as SIGTERM stops an instance. */
  return async function stop() {
    clearInterval(timer);
    hook?.close();
    await machine.stop();
  };
}
