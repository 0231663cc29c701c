/**
 * The public site's word on what it serves, asked at `{EDIT_SITE_URL}/healthz` by `npm run edit` and
 * the team's service to tell an editor when a save is live (site-watch.ts). The site, following its
 * git branch, answers `{"status":"ok","commit":<hex>|null}`: the commit it serves (40 hex digits, or
 * 64 in a SHA-256 repository). Asked with its status token (`Authorization: Bearer`, the site's
 * SITE_STATUS_TOKEN, the service's EDIT_SITE_TOKEN), it adds `"refused":{"commit","reason"}`: the
 * newest commit of the branch when it refused it (never served), with the content check's own
 * words; without the token, why is the site's own, in its log. Anything else, or no answer in time,
 * is a problem for the log, never a failed save: the site may be restarting, or not yet following a
 * branch.
 */
import { healthBody, type ReleaseStatus } from "#model/site-health.ts";

/** What the site says it serves, and refused: its /healthz, model/site-health.ts's contract. */
export type SiteHealth = ReleaseStatus;

/** What one ask gave: the site's health, or why there is none, for the log. */
export type SiteAnswer = { health: SiteHealth } | { problem: string };

/**
 * Short: the site answers this from memory, and a watch asks every 2 s; a site slower than this is
 * asked again at the next round rather than waited for.
 */
const ASK_TIMEOUT_MS = 1500;

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

/**
 * EDIT_SITE_URL as an origin ("https://www.calloway.example"), or an error naming the setting: the
 * links editors follow and the address asked, so https:// as the service's other addresses are
 * (http:// only on the loopback, a test's or a developer's site).
 */
export function siteOrigin(value: string): string {
  const refused = new Error(
    `EDIT_SITE_URL must be the public site's origin, https:// (http:// only on 127.0.0.1, ::1 or localhost), without a path: got ${JSON.stringify(value)}`,
  );
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw refused;
  }
  const secure = url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname));
  if (!secure || url.pathname !== "/" || url.username || url.password || url.search || url.hash) throw refused;
  return url.origin;
}

/** EDIT_SITE_URL from `env`, as an origin; undefined when unset (the site is not followed). */
export function siteOriginIfSet(env: NodeJS.ProcessEnv): string | undefined {
  const value = env.EDIT_SITE_URL?.trim();
  return value ? siteOrigin(value) : undefined;
}

/** Why a fetch got no answer: Node's "fetch failed" says little, its cause (ECONNREFUSED…) says what. */
function unanswered(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === "TimeoutError") return `nothing within ${timeoutMs} ms`;
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}

/** The JSON in `text`, or undefined: the shape's check then says it is not the site's health. */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export interface AskOptions {
  /** The site's status token (EDIT_SITE_TOKEN): sent, the site says why it refused a commit too. */
  token?: string;
  timeoutMs?: number;
}

/** Asks the site at `origin` what it serves; its health, or the problem in words for the log. */
export async function askSite(
  origin: string,
  { token, timeoutMs = ASK_TIMEOUT_MS }: AskOptions = {},
): Promise<SiteAnswer> {
  const address = new URL("/healthz", origin).href;
  let response: Response;
  let text: string;
  try {
    response = await fetch(address, {
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
      ...(token !== undefined && { headers: { Authorization: `Bearer ${token}` } }),
    });
    text = await response.text();
  } catch (error) {
    return { problem: `${address} did not answer: ${unanswered(error, timeoutMs)}` };
  }
  if (response.status !== 200) return { problem: `${address} answered ${response.status}` };
  const read = healthBody.safeParse(jsonOf(text));
  // The site's plain "ok" of a deploy that does not follow a branch lands here too.
  if (!read.success) return { problem: `${address} answered without the commit it serves: ${text.slice(0, 200)}` };
  const { commit, refused } = read.data;
  if (!refused) return { health: { commit } };
  // One line, as the contract says: a stray line break would break the screen's layout, not the meaning.
  return {
    health: { commit, refused: { commit: refused.commit, reason: refused.reason.replace(/\s+/g, " ").trim() } },
  };
}
