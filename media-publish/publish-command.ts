/**
 * `npm run media:publish`, the command (scripts/cli/media-publish.ts calls it): copies every output
 * of the media build to an S3-compatible bucket, and the sources in media/ to its private folder
 * (sources.ts), then prints what it did, the CORS rule the site's pages need, and each file it could
 * not publish. What it does and its settings: docs/deploy.md,
 * "Media on a CDN or object storage".
 */
import path from "node:path";

import { commandOutput, progressEvery } from "#lib/progress.ts";
import { readArgs, readSettings, SettingError } from "./settings.ts";
import { localSources, SOURCES, sourcesPrefix } from "./source-list.ts";

/**
 * Runs the command with `args`, publishing `defaultRoot` unless `--root` names another project. Each
 * failure is printed as one line and sets the exit code to 1.
 */
export async function publishCommand(args: string[], defaultRoot: string): Promise<void> {
  try {
    await publish(args, defaultRoot);
  } catch (error) {
    if (error instanceof SettingError) console.error(`media:publish: ${error.message}`);
    else console.error(`media:publish failed: ${(await import("./s3-errors.ts")).describeError(error)}`);
    process.exitCode = 1;
  }
}

async function publish(argv: string[], defaultRoot: string): Promise<void> {
  const started = Date.now();
  const args = readArgs(argv, defaultRoot);
  const settings = readSettings(process.env);
  // The AWS SDK is loaded only now that the arguments and settings are known good (settings.ts).
  const { openBucket } = await import("./bucket.ts");
  const { corsJson, corsRules, setCors } = await import("./cors.ts");
  const { megabytes, publishMedia } = await import("./publish.ts");
  const { publishSources } = await import("./sources.ts");
  const client = await openBucket(settings);

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
  // The originals too, those here (docs/deploy.md): the bucket keeps them where no clone does.
  const sources = await publishSources(client, args.root, args.outputsOnly ? [] : await localSources(args.root), {
    bucket: settings.sourcesBucket,
    prefix: settings.prefix,
    dryRun: args.dryRun,
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
  if (sources.files > 0)
    console.log(
      `sources: ${args.dryRun ? `${sources.toUpload} to upload` : `${sources.uploaded} uploaded`}, ${sources.unchanged} unchanged (${megabytes(sources.bytes)}) to s3://${settings.sourcesBucket}/${sourcesPrefix(settings.prefix)}, listed in ${SOURCES}`,
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
    ...sources.failed.map(({ key, error }) => `  ${key}: ${error}`),
  ];
  if (problems.length > 0) {
    console.error(
      `\n${problems.length} file${problems.length === 1 ? "" : "s"} not published; fix and run npm run media:publish again:\n${problems.join("\n")}`,
    );
    process.exitCode = 1;
  }
}
