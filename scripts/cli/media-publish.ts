/**
 * `npm run media:publish [-- --dry-run] [-- --prune] [-- --cors <origin>]… [-- --root <dir>]`: copies
 * every output of the media build to an S3-compatible bucket, for a site whose MEDIA_ORIGIN points
 * there. What it does and its settings: docs/deploy.md, "Media on a CDN or object storage".
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

import type { S3Client } from "@aws-sdk/client-s3";

import { commandOutput, progressEvery } from "#lib/progress.ts";

// The AWS SDK (and media-publish/, which uses it) is loaded once the arguments and
// settings are known good: a mistyped setting is answered at once, not after a second of loading.
type Sdk = typeof import("@aws-sdk/client-s3");

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "../..");
const USAGE = "npm run media:publish [-- --dry-run] [-- --prune] [-- --cors <origin>]… [-- --root <dir>]";

/** A problem with a setting or an argument: printed as its message alone. */
class SettingError extends Error {}

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

function readArgs(args: string[]) {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        "dry-run": { type: "boolean", default: false },
        prune: { type: "boolean", default: false },
        cors: { type: "string", multiple: true, default: [] },
        root: { type: "string", default: ROOT },
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
  };
}

interface Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  prefix: string;
}

/** The settings from the environment, each checked; a SettingError names the one at fault. */
function readSettings(env: NodeJS.ProcessEnv): Settings {
  const bucket = env.MEDIA_BUCKET?.trim();
  if (!bucket) throw new SettingError("MEDIA_BUCKET is not set: the bucket's name, e.g. MEDIA_BUCKET=agency-media");
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{1,253}[A-Za-z0-9]$/.test(bucket)) {
    throw new SettingError(
      `MEDIA_BUCKET must be a bucket's name (letters, digits, ".", "-"), not a URL or path: got "${bucket}"`,
    );
  }

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
  return { bucket, endpoint, region, prefix };
}

function makeClient({ S3Client }: Sdk, { endpoint, region }: Settings): S3Client {
  return new S3Client({
    region,
    ...(endpoint
      ? {
          endpoint,
          forcePathStyle: true,
          // The SDK's default since 2025 adds CRC32 checksums to every upload, which several
          // S3-compatible stores reject; a store's own setting (AWS_REQUEST_CHECKSUM_CALCULATION)
          // still wins. Uploads carry Content-MD5 either way (media-publish/).
          requestChecksumCalculation: process.env.AWS_REQUEST_CHECKSUM_CALCULATION ? undefined : "WHEN_REQUIRED",
          responseChecksumValidation: process.env.AWS_RESPONSE_CHECKSUM_VALIDATION ? undefined : "WHEN_REQUIRED",
        }
      : {}),
  });
}

/** The store, the bucket and the keys, tried once (HeadBucket) before anything: each failure as one line naming its setting. */
async function checkBucket(
  { HeadBucketCommand, S3ServiceException }: Sdk,
  describeError: (error: unknown) => string,
  client: S3Client,
  settings: Settings,
): Promise<void> {
  const where = settings.endpoint ?? `AWS S3 (${settings.region})`;
  try {
    await client.config.credentials();
  } catch {
    throw new SettingError("no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or AWS_PROFILE)");
  }
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
  } catch (error) {
    if (!(error instanceof S3ServiceException)) {
      throw new SettingError(
        `${settings.endpoint ? "MEDIA_ENDPOINT: cannot reach" : "cannot reach"} ${where}: ${describeError(error)}`,
      );
    }
    // A HEAD answer has no body, so the status says what is wrong.
    const status = error.$metadata?.httpStatusCode;
    if (status === 404) throw new SettingError(`MEDIA_BUCKET: there is no bucket "${settings.bucket}" at ${where}`);
    if (status === 403 || status === 400) {
      throw new SettingError(
        `AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY: ${where} refused them for bucket "${settings.bucket}" (HTTP ${status}; they need s3:ListBucket, GetObject and PutObject on it)`,
      );
    }
    if (status === 301) {
      const region = (error.$response?.headers ?? {})["x-amz-bucket-region"];
      throw new SettingError(
        `AWS_REGION: bucket "${settings.bucket}" is not in ${settings.region}${region ? ` but in ${region}` : ""}`,
      );
    }
    throw new SettingError(`s3://${settings.bucket} at ${where}: ${describeError(error)}`);
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const args = readArgs(process.argv.slice(2));
  const settings = readSettings(process.env);
  // The SDK warns on Node 20 that its releases after January 2027 will need Node 22; the version
  // pinned in package.json runs on 20, which this project targets. One warning per run would only be noise.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const sdk = await import("@aws-sdk/client-s3");
  const { describeError } = await import("#media-publish/s3-errors.ts");
  const { corsJson, corsRules, setCors } = await import("#media-publish/cors.ts");
  const { megabytes, publishMedia } = await import("#media-publish/publish.ts");
  const client = makeClient(sdk, settings);
  await checkBucket(sdk, describeError, client, settings);

  const output = commandOutput();
  const target = `s3://${settings.bucket}/${settings.prefix}${settings.endpoint ? ` at ${settings.endpoint}` : ""}`;
  const manifest = path.join(args.root, "media/manifest.json");
  const shown = path.relative(process.cwd(), manifest).startsWith("..")
    ? manifest
    : path.relative(process.cwd(), manifest);
  output.log(`publishing the outputs of ${shown} to ${target}${args.dryRun ? " (dry run: nothing changes)" : ""}`);
  if (args.cors.length > 0) {
    if (args.dryRun) output.log(`cors: would set ${JSON.stringify(corsRules(args.cors))}`);
    else await setCors(client, settings.bucket, args.cors, output.log);
  }
  const summary = await publishMedia(client, args.root, {
    bucket: settings.bucket,
    prefix: settings.prefix,
    dryRun: args.dryRun,
    prune: args.prune,
    progressEvery: progressEvery(),
    ...output,
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const resumed = summary.resumed > 0 ? ` (${summary.resumed} resumed)` : "";
  console.log(
    args.dryRun
      ? `dry run: ${summary.toUpload} to upload, ${summary.unchanged} unchanged (${megabytes(summary.bytes)}) in ${seconds} s`
      : `${summary.uploaded} uploaded${resumed}, ${summary.unchanged} unchanged (${megabytes(summary.bytes)}) in ${seconds} s`,
  );
  if (args.cors.length === 0) {
    const site = URL.canParse(process.env.SITE_URL ?? "")
      ? new URL(process.env.SITE_URL as string).origin
      : "https://www.your-agency.example";
    console.log(
      `\nCORS rule for HLS on the site's pages (set it with --cors ${site}, or in the store's console):\n${corsJson(corsRules([site]))}`,
    );
  }
  const problems = [
    ...summary.missing.map(
      (site) => `  public${site}: missing (the manifest names it; run npm run media, or git checkout -- public/)`,
    ),
    ...summary.failed.map(({ key, error }) => `  ${key}: ${error}`),
  ];
  if (problems.length > 0) {
    console.error(
      `\n${problems.length} file${problems.length === 1 ? "" : "s"} not published; fix and run npm run media:publish again:\n${problems.join("\n")}`,
    );
    process.exitCode = 1;
  }
}

main().catch(async (error: unknown) => {
  if (error instanceof SettingError) console.error(`media:publish: ${error.message}`);
  else console.error(`media:publish failed: ${(await import("#media-publish/s3-errors.ts")).describeError(error)}`);
  process.exitCode = 1;
});
