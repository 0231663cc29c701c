/**
 * /healthz, for load balancers, container checks and the editing service: 200 once the instance
 * can answer, never cached, with the commit it serves: `{"status":"ok","commit":"…"}`. When the
 * site follows a branch (release/follower.ts) and refused its newest commit, why is the site's own
 * business (a file of an artist not yet announced, a compiler's line, a path on the host): only a
 * caller with the site's SITE_STATUS_TOKEN (`Authorization: Bearer …`, the editing service) is told,
 * as `"refused":{"commit":"…","reason":"…"}`. Any other caller, a wrong token's included, gets the
 * public answer with the same 200: a load balancer's check never fails for want of a token, and a
 * prober learns nothing from the status.
 */
import { createHash, timingSafeEqual } from "node:crypto";

import type { RequestHandler } from "express";

import { statusTokenProblem } from "#model/status-token.ts";
import { type HealthBody, type ReleaseStatus, STATUS_MESSAGE } from "#model/site-health.ts";

/** What /healthz says of the releases, and to whom the refusals. */
export interface ReleaseHealth {
  status: () => ReleaseStatus;
  /** SITE_STATUS_TOKEN: who holds it is told why a commit was refused; unset, nobody is. */
  token?: string;
}

/** SITE_STATUS_TOKEN from `env`: undefined when unset; an error naming it when it is too weak to be one. */
export function statusToken(env: Record<string, string | undefined>): string | undefined {
  const value = env.SITE_STATUS_TOKEN;
  if (!value) return undefined;
  const problem = statusTokenProblem("SITE_STATUS_TOKEN", value);
  if (problem) throw new Error(problem);
  return value;
}

/**
 * The status as the follower last sent it to this worker; `SITE_COMMIT` before it does (and on an
 * instance that follows nothing, whatever the operator set, or null); and SITE_STATUS_TOKEN, read
 * (and refused when too short) at start.
 */
export function releaseStatus(env: Record<string, string | undefined>): ReleaseHealth {
  const token = statusToken(env);
  let status: ReleaseStatus = { commit: env.SITE_COMMIT || null };
  process.on("message", (message: { type?: string; status?: ReleaseStatus }) => {
    if (message?.type === STATUS_MESSAGE && message.status) status = message.status;
  });
  return { status: () => status, token };
}

/** Digests of equal length whatever the inputs, so the comparison's time says nothing of the token's length either. */
const digest = (text: string) => createHash("sha256").update(text).digest();

/** Whether `authorization` is `Bearer <the token whose digest is expected>`, compared in constant time. */
function holdsToken(authorization: string | undefined, expected: Buffer): boolean {
  const given = /^Bearer +(\S+)$/i.exec(authorization ?? "")?.[1];
  return given !== undefined && timingSafeEqual(digest(given), expected);
}

export function healthz({ status, token }: ReleaseHealth): RequestHandler {
  const expected = token === undefined ? undefined : digest(token);
  return (req, res) => {
    const { commit, refused } = status();
    const told = refused !== undefined && expected !== undefined && holdsToken(req.get("Authorization"), expected);
    const body: HealthBody = { status: "ok", commit, ...(told && { refused }) };
    // The answer differs by the token: no cache keeps it, and any that did would key it by the header.
    res.set("Cache-Control", "no-store").vary("Authorization").json(body);
  };
}
