/**
 * The process serving a release: a cluster worker started from that release's own server
 * (`build/server.js` in its folder), on the port the primary holds. Node's cluster is what makes
 * the switch invisible: the primary owns the listening socket, a new worker takes connections as
 * soon as it listens, and the old one, told to stop, finishes what it has and hands back any
 * connection it can no longer take (docs/decisions/0013-site-follows-a-branch.md).
 */
import cluster, { type Worker } from "node:cluster";
import path from "node:path";

import { type ReleaseStatus, STATUS_MESSAGE } from "#model/site-health.ts";
import {
  askOver,
  COLD_START,
  type KeptPages,
  PAGES_ASKED,
  PAGES_KEPT,
  WARM_ASKED,
  WARM_GIVEN,
  WARM_SETTING,
  type WarmMessage,
  type WarmStart,
} from "#model/warm-pages.ts";

/**
 * How long a serving worker has to send the pages it keeps: one of a release from before warm
 * starts never answers, and the next then starts cold a second later.
 */
const PAGES_WAIT_MS = 1_000;

/**
 * A worker for `folder`'s build, listening on `port`, started with `warm` (the pages of the worker
 * it replaces: server/warm-start.ts); rejects with why if it exits first.
 */
export function startWorker(
  folder: string,
  port: number,
  env: Record<string, string>,
  warm: WarmStart = COLD_START,
  startTimeoutMs = 60_000,
): Promise<Worker> {
  // Structured clone, not JSON, on the channel: the pages' bytes cross as buffers.
  cluster.setupPrimary({ exec: path.join(folder, "build", "server.js"), cwd: folder, serialization: "advanced" });
  const worker = cluster.fork({ ...env, [WARM_SETTING]: "1" });
  const given = (message: WarmMessage) => {
    if (message?.type !== WARM_ASKED) return;
    worker.off("message", given);
    worker.send({ type: WARM_GIVEN, ...warm });
  };
  worker.on("message", given);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      worker.process.kill("SIGKILL");
      reject(new Error(`its server did not listen within ${startTimeoutMs / 1000} s`));
    }, startTimeoutMs);
    const exited = (code: number | null, signal: string | null) => {
      clearTimeout(timer);
      reject(new Error(`its server exited before it listened (${signal ?? `code ${code}`})`));
    };
    worker.once("exit", exited);
    worker.on("listening", function listening(address) {
      if (address.port !== port) return;
      worker.off("listening", listening);
      worker.off("exit", exited);
      // A worker of a release from before warm starts listens without asking: its pages are let go.
      worker.off("message", given);
      clearTimeout(timer);
      resolve(worker);
    });
  });
}

/** Stops `worker` as SIGTERM stops any instance (its requests finished, within 10 s); resolves once it is gone. */
export function retireWorker(worker: Worker): Promise<void> {
  if (worker.isDead()) return Promise.resolve();
  return new Promise((resolve) => {
    worker.once("exit", () => resolve());
    worker.process.kill("SIGTERM");
  });
}

/** Tells `worker` the releases' status, for its /healthz. */
export function sendStatus(worker: Worker, status: ReleaseStatus) {
  if (worker.isConnected()) worker.send({ type: STATUS_MESSAGE, status });
}

/** The pages `worker` keeps, the most recently asked first; none if it does not say within PAGES_WAIT_MS. */
export function pagesOf(worker: Worker): Promise<KeptPages> {
  if (!worker.isConnected()) return Promise.resolve([]);
  return askOver(worker, PAGES_ASKED, PAGES_KEPT, {
    waitMs: PAGES_WAIT_MS,
    otherwise: [],
    read: (message) => message.pages ?? [],
  });
}
