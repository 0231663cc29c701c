/**
 * `npm run media:publish`'s arguments and settings, each checked before the AWS SDK is loaded: a
 * mistyped one is answered at once, not after a second of loading. Free of the SDK for that reason.
 */
import path from "node:path";
import { parseArgs } from "node:util";

const USAGE =
  "npm run media:publish [-- --dry-run] [-- --prune] [-- --cors <origin>]… [-- --root <dir>] [-- --outputs-only]";

/** A problem with a setting or an argument: printed as its message alone. */
export class SettingError extends Error {}

/** A browser origin, "https://www.example.com", from what was given (a trailing "/" is dropped). */
function origin(value: string): string {
  if (value === "*") return value;
  const url = URL.parse(value);
  if (!url || !/^https?:$/.test(url.protocol) || url.origin !== value.replace(/\/$/, "")) {
    throw new SettingError(
      `--cors takes a site's origin, e.g. --cors https://www.your-agency.example (scheme and host, no path): got "${value}"`,
    );
  }
  return url.origin;
}

export interface PublishArgs {
  dryRun: boolean;
  prune: boolean;
  /** The origins the bucket's CORS rule is set for. */
  cors: string[];
  /** The project whose media/manifest.json's outputs are published. */
  root: string;
  /** The outputs only, not the sources in media/ (a test publishing a checkout's media for a site of its own). */
  outputsOnly: boolean;
}

/** The command's arguments; `--root` is `defaultRoot` when not given. */
export function readArgs(args: string[], defaultRoot: string): PublishArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        "dry-run": { type: "boolean", default: false },
        prune: { type: "boolean", default: false },
        cors: { type: "string", multiple: true, default: [] },
        root: { type: "string", default: defaultRoot },
        "outputs-only": { type: "boolean", default: false },
      },
    }));
  } catch (error) {
    throw new SettingError(`${(error as Error).message}; usage: ${USAGE}`);
  }
  if (values.root === "") throw new SettingError(`--root needs a value; usage: ${USAGE}`);
  return {
    dryRun: values["dry-run"],
    prune: values.prune,
    cors: values.cors.map(origin),
    root: path.resolve(values.root),
    outputsOnly: values["outputs-only"],
  };
}

export interface Settings {
  bucket: string;
  /** Where the sources go (MEDIA_SOURCES_BUCKET, on the same store): `bucket` unless set. */
  sourcesBucket: string;
  endpoint?: string;
  region: string;
  prefix: string;
}

/** A bucket's name from the setting `name`, checked. */
function bucketName(name: string, value: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{1,253}[A-Za-z0-9]$/.test(value)) {
    throw new SettingError(
      `${name} must be a bucket's name (letters, digits, ".", "-"), not a URL or path: got "${value}"`,
    );
  }
  return value;
}

/** The settings from the environment, each checked; a SettingError names the one at fault. */
export function readSettings(env: NodeJS.ProcessEnv): Settings {
  const given = env.MEDIA_BUCKET?.trim();
  if (!given) throw new SettingError("MEDIA_BUCKET is not set: the bucket's name, e.g. MEDIA_BUCKET=agency-media");
  const bucket = bucketName("MEDIA_BUCKET", given);
  const sources = env.MEDIA_SOURCES_BUCKET?.trim();
  const sourcesBucket = sources ? bucketName("MEDIA_SOURCES_BUCKET", sources) : bucket;

  let endpoint: string | undefined;
  if (env.MEDIA_ENDPOINT?.trim()) {
    const given = env.MEDIA_ENDPOINT.trim();
    const url = URL.parse(given);
    if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash) {
      throw new SettingError(
        `MEDIA_ENDPOINT must be an http(s) URL of the store, e.g. https://<account>.r2.cloudflarestorage.com: got "${given}"`,
      );
    }
    endpoint = given.replace(/\/+$/, "");
  }

  const region = env.AWS_REGION?.trim() || "us-east-1";
  if (!/^[a-z]{2,}(-[a-z0-9]+)*$/.test(region))
    throw new SettingError(`AWS_REGION must be a region's name, e.g. us-east-1 (or "auto" for R2): got "${region}"`);

  let prefix = env.MEDIA_PREFIX?.trim() ?? "";
  if (prefix !== "") {
    if (!prefix.endsWith("/")) prefix += "/";
    const parts = prefix.slice(0, -1).split("/");
    if (
      prefix.startsWith("/") ||
      prefix.includes("\\") ||
      parts.some((part) => part === "" || part === "." || part === "..")
    ) {
      throw new SettingError(
        `MEDIA_PREFIX must be a folder inside the bucket, e.g. MEDIA_PREFIX=site/ (no leading "/", no empty, "." or ".." parts): got "${env.MEDIA_PREFIX}"`,
      );
    }
  }

  const id = Boolean(env.AWS_ACCESS_KEY_ID),
    secret = Boolean(env.AWS_SECRET_ACCESS_KEY);
  if (id !== secret)
    throw new SettingError(
      `${id ? "AWS_SECRET_ACCESS_KEY" : "AWS_ACCESS_KEY_ID"} is not set, while ${id ? "AWS_ACCESS_KEY_ID" : "AWS_SECRET_ACCESS_KEY"} is: set both`,
    );
  return { bucket, sourcesBucket, endpoint, region, prefix };
}

/** The settings when MEDIA_BUCKET is set (each checked as readSettings does), else undefined: no bucket. */
export const settingsIfSet = (env: NodeJS.ProcessEnv): Settings | undefined =>
  env.MEDIA_BUCKET?.trim() ? readSettings(env) : undefined;
