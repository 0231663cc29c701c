/**
 * /healthz, for load balancers, container checks and the editing service: 200 once the instance
 * can answer, never cached, with the commit it serves and, when the site follows a branch
 * (release/follower.ts), the newest commit it refused and why:
 * `{"status":"ok","commit":"…","refused":{"commit":"…","reason":"…"}}`.
 */
import type { RequestHandler } from "express";

import { type ReleaseStatus, STATUS_MESSAGE } from "#release/serving-worker.ts";

/**
 * The status as the follower last sent it to this worker; `SITE_COMMIT` before it does (and on an
 * instance that follows nothing, whatever the operator set, or null).
 */
export function releaseStatus(env: NodeJS.ProcessEnv): () => ReleaseStatus {
  let status: ReleaseStatus = { commit: env.SITE_COMMIT || null };
  process.on("message", (message: { type?: string; status?: ReleaseStatus }) => {
    if (message?.type === STATUS_MESSAGE && message.status) status = message.status;
  });
  return () => status;
}

export const healthz =
  (status: () => ReleaseStatus): RequestHandler =>
  (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok", ...status() });
  };
