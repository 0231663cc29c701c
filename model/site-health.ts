/**
 * What a site's /healthz says (server/healthz.ts answers it, the follower's workers fill it from
 * release/follower.ts's status) and what the editing screens read of it (edit/server/site-health.ts):
 * one contract across the processes, checked by one schema. `{"status":"ok","commit":<hex>|null}`,
 * and for the holder of the site's status token `"refused":{"commit","reason"}`: the branch's newest
 * commit, never served, and why in the site's own words. zod is a production dependency: the site's
 * server bundles this.
 */
import { z } from "zod";

/** A commit's id as git names it, in lowercase hex: SHA-1's 40 digits, or 64 in a SHA-256 repository. */
export const COMMIT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

const commitId = z.string().regex(COMMIT_ID);

/** What the site says of its releases: the commit it serves (null while none), and the newest it refused. */
export const releaseStatus = z.object({
  commit: commitId.nullable(),
  refused: z.object({ commit: commitId, reason: z.string() }).optional(),
});
export type ReleaseStatus = z.infer<typeof releaseStatus>;

/** The type of the message a follower sends its workers with its ReleaseStatus, each time it changes and to each new one. */
export const STATUS_MESSAGE = "release-status";

/** /healthz's body as JSON, as the site writes it and the editing screens read it. */
export const healthBody = releaseStatus.extend({ status: z.literal("ok") });
export type HealthBody = z.infer<typeof healthBody>;
