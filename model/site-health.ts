/**
 * What a site's /healthz says (server/healthz.ts answers it, the follower's workers fill it from
 * release/follower.ts's status) and what the editing screens read of it (edit/server/site-health.ts,
 * whose schema checks it): one contract across the processes. `{"status":"ok","commit":<hex>|null}`,
 * and for the holder of the site's status token `"refused":{"commit","reason"}`: the branch's newest
 * commit, never served, and why in the site's own words. No zod here: the site's server imports this,
 * and its production install has no dev packages.
 */

/** A commit's id as git names it, in lowercase hex: SHA-1's 40 digits, or 64 in a SHA-256 repository. */
export const COMMIT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** What the site says of its releases: the commit it serves (null while none), and the newest it refused. */
export interface ReleaseStatus {
  commit: string | null;
  refused?: { commit: string; reason: string };
}
