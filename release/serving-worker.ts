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

/** A worker for `folder`'s build, listening on `port`; rejects with why if it exits first. */
export function startWorker(
  folder: string,
  port: number,
  env: Record<string, string>,
  startTimeoutMs = 60_000,
): Promise<Worker> {
  cluster.setupPrimary({ exec: path.join(folder, "build", "server.js"), cwd: folder });
  const worker = cluster.fork(env);
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
