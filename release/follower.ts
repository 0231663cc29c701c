/**
 * The site following a branch (`SITE_FOLLOW`; docs/deploy.md): the cluster's primary process, which
 * serves nothing itself. It asks the remote every few seconds (and at once when the git host's
 * webhook says so) whether the branch moved; builds the new commit in the folder not serving; starts
 * a worker on it, retires the old one once the new one listens; then has the Varnish in front, if
 * any, drop the pages the commit changed and fetch them again. A commit that cannot be built is
 * refused: the release before keeps serving and /healthz says which commit and why. Killed at any
 * moment, it starts again serving the last release it switched to (serving-record.ts), and a folder
 * left half made is made again whole at its next release (release-folders.ts).
 */
import type { Worker } from "node:cluster";
import type { Server } from "node:http";
import path from "node:path";

import type { ReleaseStatus } from "#model/site-health.ts";

import { buildRelease, type BuiltRelease } from "./build-release.ts";
import { isDiskFull, refusalOf } from "./disk-full.ts";
import type { FollowLog } from "./follow-log.ts";
import { openMirror } from "./git-mirror.ts";
import { runningFolder, stopLeftovers } from "./leftover-processes.ts";
import { pagePurger } from "./page-purge.ts";
import { pushHookServer } from "./push-hook.ts";
import { otherFolder } from "./release-folders.ts";
import { CommandFailed } from "./run-to-end.ts";
import { retireWorker, sendStatus, startWorker } from "./serving-worker.ts";
import { readServing, writeServing } from "./serving-record.ts";
import type { FollowSettings } from "./settings.ts";

export interface FollowOptions {
  /** The project this process runs from (its node_modules serve a commit with the same lockfile). */
  checkout: string;
  log: FollowLog;
}

/** A worker that died on its own is started again after this. */
const RESTART_DELAY_MS = 1_000;

interface Serving {
  folder: string;
  commit: string;
  /** The worker serving each port. */
  workers: Map<number, Worker>;
}

export async function followBranch(settings: FollowSettings, { checkout, log }: FollowOptions) {
  const { data, branch, ports } = settings;
  // Before the mirror or a folder is touched: what a follower killed before this start left running.
  const leftovers = await stopLeftovers(runningFolder(data));
  if (leftovers > 0) log.warn({ leftovers }, `site: stopped ${leftovers} command(s) left running by a follower killed`);
  const mirror = await openMirror(data, settings.remote, branch, { record: runningFolder(data) });
  const purger = settings.purge ? pagePurger(settings.purge, log) : undefined;
  /** Which folder serves which commit, kept so that a restart serves it again at once. */
  const servingFile = path.join(data, "serving.json");
  let serving: Serving | undefined;
  let refused: ReleaseStatus["refused"];
  /** The newest commit tried, served or refused: the remote is fetched again only once it moves past it. */
  let tried: string | undefined;
  let stopping = false;

  const status = (): ReleaseStatus => ({ commit: serving?.commit ?? null, ...(refused && { refused }) });
  const tellWorkers = () => serving?.workers.forEach((worker) => sendStatus(worker, status()));
  const metricsPort = process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : undefined;

  /**
   * A worker's settings: its port (and metrics port, the next one per instance), its commit, and
   * the scripts of the release before, which pages still open name.
   */
  function workerEnv({ folder, commit }: Pick<Serving, "folder" | "commit">, index: number, before?: string) {
    return {
      ...settings.stateEnv,
      PORT: String(ports[index]),
      SITE_COMMIT: commit,
      ...(metricsPort !== undefined && { METRICS_PORT: String(metricsPort + index) }),
      ...(before && before !== folder && { SITE_PREVIOUS_ASSETS: path.join(before, "public", "build") }),
    };
  }

  /** Starts the worker of `release` on its `index`th port, started again if it dies on its own. */
  async function startOn(release: Pick<Serving, "folder" | "commit">, index: number, before?: string) {
    const port = ports[index]!;
    const worker = await startWorker(release.folder, port, workerEnv(release, index, before));
    worker.on("exit", (code, signal) => {
      if (stopping || serving?.workers.get(port) !== worker) return;
      log.error({ code, signal, port }, "site: a serving process died; starting it again");
      setTimeout(() => {
        startOn(release, index).then(
          (again) => {
            if (serving?.commit !== release.commit) return;
            serving.workers.set(port, again);
            // Told what the others know, as a release's workers are: its /healthz names a refusal too.
            sendStatus(again, status());
          },
          (error) => log.error({ err: error }, "site: could not start it again"),
        );
      }, RESTART_DELAY_MS);
    });
    return worker;
  }

  /**
   * Starts `release`'s workers, one per port, and makes them the ones serving; those before stop
   * once every new one listens and the release is recorded (unless `recorded` already, at a restart).
   * A worker that does not start, or a record with no room to be written, refuses the release: the
   * one before serves on alone, never beside it with the record naming the older.
   */
  async function serve(release: Pick<Serving, "folder" | "commit">, previous: Serving | undefined, recorded = false) {
    const workers = new Map<number, Worker>();
    try {
      for (const [index, port] of ports.entries()) workers.set(port, await startOn(release, index, previous?.folder));
      if (!recorded) await writeServing(servingFile, { folder: release.folder, commit: release.commit });
    } catch (error) {
      await Promise.all([...workers.values()].map(retireWorker));
      throw error;
    }
    serving = { folder: release.folder, commit: release.commit, workers };
    tellWorkers();
    await Promise.all([...(previous?.workers.values() ?? [])].map(retireWorker));
  }

  /**
   * Refuses `commit` for `error`: said in the log once, however often a full disk refuses it again.
   * Tried again at the next ask when the disk was full, else only once the branch moves past it.
   */
  async function refuse(commit: string, error: unknown) {
    const { reason, again } = await refusalOf(error, data);
    if (again) tried = undefined;
    if (refused?.commit === commit && refused.reason === reason) return;
    refused = { commit, reason };
    const output = error instanceof CommandFailed ? { output: error.output } : {};
    // A full disk's reason is not the error's own words: the log keeps those, for the operator.
    log.error(
      { commit, reason, ...(again && { err: error }), ...output },
      `site: ${commit.slice(0, 12)} refused: ${reason}`,
    );
  }

  /** Builds and serves the branch's newest commit, if it is new. */
  async function update() {
    const head = await mirror.remoteHead();
    if (head === tried) return;
    let commit: string;
    try {
      commit = await mirror.fetch();
    } catch (error) {
      // A fetch with no room to write its objects is no fault of the remote's: the commit waits, said as a refusal.
      if (!(await isDiskFull(error, data))) throw error;
      await refuse(head, error);
      tellWorkers();
      return;
    }
    if (commit === tried) return;
    tried = commit;
    const previous = serving;
    const folder = otherFolder(data, previous?.folder);
    let release: BuiltRelease;
    try {
      release = await buildRelease(mirror, { folder, commit, serving: previous, data, checkout });
      // The new release's workers are told at once that nothing newer was refused.
      refused = undefined;
      await serve(release, previous);
    } catch (error) {
      await refuse(commit, error);
      return;
    } finally {
      tellWorkers();
    }
    const { plan, installed, seconds } = release;
    const { kind } = plan;
    const built = !plan.keepsBuilds;
    const how = built ? "built" : "content compiled, builds kept";
    log.info(
      { commit, kind, installed, built, seconds },
      `site: serving ${commit.slice(0, 12)} (${kind === "content" ? "content only" : "code"}; ${how} in ${seconds.toFixed(1)} s)`,
    );
    // The ban itself is never waited for.
    if (purger && previous) purger.purge(commit, plan.drop);
  }

  let running: Promise<void> | undefined;
  let again = false;
  let unreachable = false;
  /** One update at a time; a call during one is one more after it. */
  function trigger() {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await update();
          if (unreachable) log.info({}, "site: the remote answers again");
          unreachable = false;
        } catch (error) {
          // A remote that does not answer: the release serving carries on; said once until it answers.
          if (!unreachable) log.warn({ err: error }, `site: could not ask ${settings.remote} for ${branch}`);
          unreachable = true;
        }
      } while (again && !stopping);
      running = undefined;
    })();
  }

  // What served before a restart serves again at once, while the remote is asked for anything newer.
  const kept = await readServing(servingFile, (reason) =>
    log.warn({ reason }, `site: serving.json ${reason}; building afresh`),
  );
  if (kept) {
    await serve(kept, undefined, true).then(
      () => (tried = kept.commit),
      (error) => log.warn({ err: error }, "site: the release kept from before did not start; building afresh"),
    );
  }
  trigger();
  const timer = setInterval(trigger, settings.intervalMs);
  let hook: Server | undefined;
  if (settings.hook) {
    const { secret, host, port: hookPort } = settings.hook;
    hook = pushHookServer({ secret, branch, onPush: trigger, log: (line) => log.info({}, `site: webhook: ${line}`) });
    hook.listen(hookPort, host, () => log.info({}, `site: push webhook on http://${host}:${hookPort}/`));
  }
  log.info({}, `site: following ${branch} of ${settings.remote}, asked every ${settings.intervalMs / 1000} s`);

  /** Stops asking, lets a build in progress end, then stops the serving process as SIGTERM stops an instance. */
  return async function stop() {
    stopping = true;
    clearInterval(timer);
    hook?.close();
    await running;
    await purger?.stop();
    await Promise.all([...(serving?.workers.values() ?? [])].map(retireWorker));
  };
}
