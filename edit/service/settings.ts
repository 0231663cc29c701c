/**
 * The editing service's settings, all from the environment under the names issue 50 fixed (so an operator's
 * configuration survives upgrades). Every problem is found before the service starts, and all of them are
 * reported at once, one line each naming the setting: an operator fixes them in one pass, not one per restart.
 */
import { isIP } from "node:net";
import path from "node:path";

import { siteOriginIfSet } from "#edit/server/site-health.ts";
import { statusTokenProblem } from "#model/status-token.ts";

export interface ServiceSettings {
  /** The service's own origin as the browser sees it, without a trailing slash: "https://edit.agency.example". */
  publicUrl: string;
  /** `{publicUrl}/auth/callback`: the address to register at the identity provider. */
  redirectUri: string;
  /** The OpenID provider's issuer identifier, as the operator wrote it (discovery compares it with the provider's). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Lower-cased: whole addresses ("ada@agency.example") and domains with their "@" ("@agency.example"). */
  allowed: readonly string[];
  sessionSecret: string;
  /** The site's git remote, as git takes it: a URL, an scp-like address or a path. */
  repo: string;
  branch: string;
  /** The service's working folder, absolute. */
  data: string;
  host: string;
  port: number;
  /** The public site's origin (EDIT_SITE_URL), asked which commit it serves; unset: saves are not followed there. */
  siteUrl?: string;
  /** EDIT_SITE_TOKEN, the site's SITE_STATUS_TOKEN: sent to EDIT_SITE_URL, which then says why it refused a commit. */
  siteToken?: string;
}

/** One line per setting that is missing or malformed, each naming it. */
export class SettingsError extends Error {}

export const MIN_SESSION_SECRET_LENGTH = 32;
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);
const DOMAIN = "[a-z0-9-]+(?:\\.[a-z0-9-]+)+";
const ALLOWED_DOMAIN = new RegExp(`^@${DOMAIN}$`);
const ALLOWED_EMAIL = new RegExp(`^[^\\s@]+@${DOMAIN}$`);
const HOST_NAME = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*$/i;

/**
 * `git check-ref-format --branch`'s rules, checked here rather than by spawning git, which the settings
 * would otherwise need before anything else runs: no component starting with "." or ending in ".lock",
 * no "..", "@{", "//", control characters, space or any of ~^:?*[\, no "/" or "." at either end, not "@",
 * not starting with "-" (git would read it as an option), and not HEAD.
 */
export function isBranchName(name: string): boolean {
  if (name === "" || name === "@" || name === "HEAD" || name.startsWith("-")) return false;
  if (name.startsWith("/") || name.endsWith("/") || name.endsWith(".")) return false;
  if (name.includes("..") || name.includes("@{") || name.includes("//")) return false;
  // eslint-disable-next-line no-control-regex -- the control characters are exactly what git refuses
  if (/[\x00-\x20\x7f~^:?*[\\]/.test(name)) return false;
  return name.split("/").every((part) => !part.startsWith(".") && !part.endsWith(".lock"));
}

/** An http:// address is a test's or a developer's: only on the loopback, where nothing crosses a network. */
function webAddress(name: string, value: string, problems: string[], pathAllowed: boolean): URL | undefined {
  const expected = `${name} must be an https:// address (http:// only on 127.0.0.1, ::1 or localhost)`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push(`${expected}: got ${JSON.stringify(value)}`);
    return undefined;
  }
  const secure = url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname));
  if (!secure) {
    problems.push(`${expected}: got ${JSON.stringify(value)}`);
    return undefined;
  }
  if (url.username || url.password || url.search || url.hash) {
    problems.push(`${name} must not carry a user, a query or a fragment: got ${JSON.stringify(value)}`);
    return undefined;
  }
  // The service answers at its root (Keystatic's own paths are absolute) and its `__Host-` cookies need Path=/.
  if (!pathAllowed && url.pathname !== "/") {
    problems.push(`${name} must be the service's own origin, without a path: got ${JSON.stringify(value)}`);
    return undefined;
  }
  return url;
}

function allowedList(value: string, problems: string[]): string[] {
  const entries = value
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== "");
  const wrong = entries.filter((entry) => !ALLOWED_DOMAIN.test(entry) && !ALLOWED_EMAIL.test(entry));
  if (entries.length === 0)
    problems.push(
      'EDIT_ALLOWED must list at least one email or @domain, comma-separated (e.g. "ada@agency.example,@agency.example"): got nothing',
    );
  for (const entry of wrong)
    problems.push(`EDIT_ALLOWED must list emails and @domains, comma-separated: ${JSON.stringify(entry)} is neither`);
  return entries;
}

export function readSettings(env: NodeJS.ProcessEnv): ServiceSettings {
  const problems: string[] = [];
  /** A setting with surrounding spaces trimmed (secrets are taken as they are: a space may be part of one). */
  const read = (name: string, trim = true) => {
    const raw = env[name] ?? "";
    return trim ? raw.trim() : raw;
  };
  const required = (name: string, what: string, trim = true) => {
    const value = read(name, trim);
    if (value.trim() === "") problems.push(`${name} must be set: ${what}`);
    return value;
  };

  const publicText = required(
    "EDIT_PUBLIC_URL",
    "the service's own https:// address, e.g. https://edit.agency.example",
  );
  const publicUrl = publicText ? webAddress("EDIT_PUBLIC_URL", publicText, problems, false) : undefined;
  const issuerText = required("EDIT_OIDC_ISSUER", "the identity provider's issuer, e.g. https://accounts.google.com");
  const issuer = issuerText ? webAddress("EDIT_OIDC_ISSUER", issuerText, problems, true) : undefined;
  const clientId = required("EDIT_OIDC_CLIENT_ID", "the client id the identity provider gave this service");
  const clientSecret = required(
    "EDIT_OIDC_CLIENT_SECRET",
    "the client secret the identity provider gave this service",
    false,
  );

  const allowedText = read("EDIT_ALLOWED");
  const allowed = allowedList(allowedText, problems);

  const sessionSecret = read("EDIT_SESSION_SECRET", false);
  // Its length only: a secret is never echoed into a log.
  if (sessionSecret.length < MIN_SESSION_SECRET_LENGTH)
    problems.push(
      `EDIT_SESSION_SECRET must be at least ${MIN_SESSION_SECRET_LENGTH} characters (e.g. \`openssl rand -base64 48\`): got ${sessionSecret.length}`,
    );

  const repo = required("EDIT_REPO", "the site's git remote, e.g. git@github.com:agency/site.git");

  const branch = read("EDIT_BRANCH") || "main";
  if (!isBranchName(branch))
    problems.push(
      `EDIT_BRANCH must be a git branch name (git check-ref-format --branch): got ${JSON.stringify(branch)}`,
    );

  const dataText = required("EDIT_DATA", "the service's working folder, e.g. /var/lib/edit-service");

  const host = read("EDIT_HOST") || "127.0.0.1";
  if (isIP(host) === 0 && !HOST_NAME.test(host))
    problems.push(`EDIT_HOST must be an IP address or a host name to listen on: got ${JSON.stringify(host)}`);

  const portText = read("EDIT_PORT") || "4000";
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535)
    problems.push(`EDIT_PORT must be a port number from 1 to 65535: got ${JSON.stringify(portText)}`);

  let siteUrl: string | undefined;
  try {
    siteUrl = siteOriginIfSet(env);
  } catch (error) {
    problems.push((error as Error).message);
  }
  const siteToken = read("EDIT_SITE_TOKEN", false) || undefined;
  if (siteToken !== undefined) {
    const problem = statusTokenProblem("EDIT_SITE_TOKEN", siteToken);
    if (problem) problems.push(`${problem}; it is the public site's SITE_STATUS_TOKEN`);
    if (!read("EDIT_SITE_URL")) problems.push("EDIT_SITE_TOKEN is set but EDIT_SITE_URL is not: set both, or neither");
  }

  if (problems.length > 0 || !publicUrl || !issuer) throw new SettingsError(problems.join("\n"));
  return {
    publicUrl: publicUrl.origin,
    redirectUri: `${publicUrl.origin}/auth/callback`,
    issuer: issuerText,
    clientId,
    clientSecret,
    allowed,
    sessionSecret,
    repo,
    branch,
    data: path.resolve(dataText),
    host,
    port,
    ...(siteUrl && { siteUrl }),
    ...(siteToken && { siteToken }),
  };
}
