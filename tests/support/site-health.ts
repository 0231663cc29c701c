/**
 * The site's /healthz as the specs read it: to the holder of its SITE_STATUS_TOKEN (the editing
 * service, an operator), which commit each instance serves and why a newer one was refused; to
 * anyone else, the commit alone.
 */

/** The SITE_STATUS_TOKEN the specs give the sites they start. */
export const STATUS_TOKEN = "the-operator's-status-token-for-this-site";

export interface SiteHealth {
  status: string;
  commit: string;
  refused?: { commit: string; reason: string };
}

/** What the site at `origin` says of its releases: to the token's holder, or to anyone with `asking: "public"`. */
export async function siteHealth(origin: string, asking: "holder" | "public" = "holder"): Promise<SiteHealth> {
  const headers = asking === "holder" ? { Authorization: `Bearer ${STATUS_TOKEN}` } : undefined;
  return (await fetch(`${origin}/healthz`, { headers })).json();
}
