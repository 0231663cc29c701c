/**
 * The workers serving the follower's release, one per port: a new release's started beside the
 * old, which retire once every new one listens; a worker that dies on its own is started again.
 * The processes themselves are a port (follower.ts gives it the cluster's workers).
 */
import type { ReleaseStatus } from "#model/site-health.ts";
import type { KeptPages, WarmStart } from "#model/warm-pages.ts";

import type { FollowLog } from "./follow-log.ts";
import type { Release } from "./follow-state.ts";

/** The processes serving a release, one per port: started, watched, stopped, told the status. */
export interface WorkerPort<W> {
  /**
   * Starts `release`'s worker on its `index`th port; `before` is the folder of the release before,
   * `warm` what it starts with of the pages of the worker it replaces.
   */
  start(release: Release, index: number, before?: string, warm?: WarmStart): Promise<W>;
  /** The pages `worker` keeps, for the one that replaces it; none if it does not say. */
  pages(worker: W): Promise<KeptPages>;
  /** Hears that `worker` exited, whoever stopped it. */
  onExit(worker: W, exited: (code: number | null, signal: string | null) => void): void;
  retire(worker: W): Promise<void>;
  tell(worker: W, status: ReleaseStatus): void;
}

interface Serving<W> extends Release {
  /** The worker serving each port. */
  workers: Map<number, W>;
}

export interface ServingSetOptions {
  /** The ports served, one worker each. */
  ports: readonly number[];
  /** Records the release serving, for a restart (serving-record.ts). */
  record(release: Release): Promise<void>;
  /** What a worker started again is told. */
  status(): ReleaseStatus;
  /** Whether the follower is stopping: a worker that dies then is not started again. */
  stopping(): boolean;
  /** A worker that died on its own is started again after this. */
  restartDelayMs: number;
  log: FollowLog;
}

export function servingSet<W>(
  workers: WorkerPort<W>,
  { ports, record, status, stopping, restartDelayMs, log }: ServingSetOptions,
) {
  let serving: Serving<W> | undefined;
  const retire = (those: Iterable<W> = []) => Promise.all([...those].map((worker) => workers.retire(worker)));
  const tell = () => serving?.workers.forEach((worker) => workers.tell(worker, status()));

  /** Starts the worker of `release` on its `index`th port, started again (cold) if it dies on its own. */
  async function startOn(release: Release, index: number, before?: string, warm?: WarmStart): Promise<W> {
    const port = ports[index]!;
    const worker = await workers.start(release, index, before, warm);
    workers.onExit(worker, (code, signal) => {
      if (stopping() || serving?.workers.get(port) !== worker) return;
      log.error({ code, signal, port }, "site: a serving process died; starting it again");
      setTimeout(() => {
        startOn(release, index, before).then(
          (again) => {
            if (serving?.commit !== release.commit) return void workers.retire(again);
            serving.workers.set(port, again);
            // Told what the others know, as a release's workers are: its /healthz names a refusal too.
            workers.tell(again, status());
          },
          (error) => log.error({ err: error }, "site: could not start it again"),
        );
      }, restartDelayMs);
    });
    return worker;
  }

  return {
    /** The release serving, if any. */
    current: (): Release | undefined => serving && { folder: serving.folder, commit: serving.commit },
    /**
     * Starts `release`'s workers and makes them the ones serving; those before stop once every new one
     * listens and the release is recorded (unless `recorded` already, at a restart). Each new worker
     * starts with the pages of the one it replaces, `changed` (patterns over their paths) naming those
     * the release changed. A worker that does not start, or a record that cannot be written, refuses
     * the release: the one before serves on alone.
     */
    async serve(
      release: Release,
      { recorded = false, changed }: { recorded?: boolean; changed?: readonly string[] } = {},
    ) {
      const previous = serving;
      const started = new Map<number, W>();
      try {
        for (const [index, port] of ports.entries()) {
          const replaced = previous?.workers.get(port);
          const warm = replaced && changed ? { pages: await workers.pages(replaced), changed } : undefined;
          started.set(port, await startOn(release, index, previous?.folder, warm));
        }
        if (!recorded) await record({ folder: release.folder, commit: release.commit });
      } catch (error) {
        await retire(started.values());
        throw error;
      }
      serving = { folder: release.folder, commit: release.commit, workers: started };
      tell();
      await retire(previous?.workers.values());
    },
    /** Tells every worker serving the status. */
    tell,
    /** Stops every worker serving. */
    retireAll: () => retire(serving?.workers.values()),
  };
}
