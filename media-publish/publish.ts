/**
 * `npm run media:publish`'s work, on an S3Client the tests point at s3rver. An object is uploaded
 * again only when its recorded SHA-256 (x-amz-meta-sha256), length or headers differ from the
 * file's; never by timestamps, since a checkout sets every mtime.
 */
import { stat } from "node:fs/promises";

import { HeadObjectCommand, type S3Client } from "@aws-sdk/client-s3";

import { mapLimited } from "#lib/pool.ts";
import { countedLog, type Output, progressLines } from "#lib/progress.ts";
import { sha256File } from "#lib/sha256.ts";
import { MANIFEST } from "#media-build/manifest.ts";
import { objectHeaders } from "./headers.ts";
import { keyOf, type MediaFile, mediaFiles } from "./media-files.ts";
import { MIN_PART_SIZE, PART_SIZE } from "./multipart.ts";
import { pruneBucket, type PruneSummary } from "./prune.ts";
import { describeError, isNotFound } from "./s3-errors.ts";
import { sendFile, unfinishedLookup } from "./send-file.ts";
import { sourcesPrefix } from "./source-list.ts";

/** "12.4 MB" (MiB, as the media build prints sizes). */
export const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
/** A file's size: "12.4 MB", or "37 KB" below a megabyte. */
export const sizeText = (bytes: number): string =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : megabytes(bytes);

/** A large upload's progress line: `  site/videos/x.mp4: 42% (4.7 MB of 11.0 MB)`. */
export const uploadLine = (key: string, loaded: number, total: number): string =>
  `  ${key}: ${total > 0 ? Math.floor((loaded / total) * 100) : 0}% (${megabytes(loaded)} of ${megabytes(total)})`;

export interface PublishOptions extends Output {
  bucket: string;
  /** A folder inside the bucket, "" or ending in "/" ("site/"). */
  prefix: string;
  /** The part size, and the size above which a file goes up in parts; PART_SIZE by default, at least MIN_PART_SIZE. */
  partSize?: number;
  /** Files sent at once (each large one sends up to 4 parts at once); 4 by default. */
  concurrency?: number;
  dryRun?: boolean;
  prune?: boolean;
  progressEvery?: number;
}

export interface PublishSummary {
  /** Files the outputs name and that are here. */
  files: number;
  uploaded: number;
  /** Files that differed from their object (in a dry run, those it would upload). */
  toUpload: number;
  resumed: number;
  unchanged: number;
  /** Bytes sent (of a resumed upload, its missing parts); in a dry run, the bytes it would send. */
  bytes: number;
  /** Site paths the outputs name that are not under public/. */
  missing: string[];
  failed: { key: string; error: string }[];
  pruned: PruneSummary | undefined;
}

/**
 * Publishes every file the outputs of media/manifest.json (under `root`) name: uploads the new and changed ones
 * (resuming an unfinished multipart upload where there is one) and with `prune` deletes what no
 * output names, but the sources (sources.ts). A single file's problem goes in the summary; only an
 * unreadable manifest throws.
 */
export async function publishMedia(client: S3Client, root: string, options: PublishOptions): Promise<PublishSummary> {
  const { bucket, prefix, log } = options;
  const partSize = Math.max(options.partSize ?? PART_SIZE, MIN_PART_SIZE);
  const { files, missing } = await mediaFiles(root);
  for (const site of missing) log(`missing: public${site} (named in ${MANIFEST}; run npm run media)`);
  const failed: PublishSummary["failed"] = [];
  const fail = (key: string, error: unknown) => {
    failed.push({ key, error: describeError(error) });
    log(`failed: ${key}: ${describeError(error)}`);
  };

  // 1. Which files differ from their object (hash recorded at upload); sixteen at a time, since a
  // HEAD is mostly the round trip.
  const pending: { file: MediaFile; key: string; size: number; sha256: string }[] = [];
  let unchanged = 0;
  await mapLimited(files, 16, async (file) => {
    const key = keyOf(prefix, file.site);
    try {
      const [size, sha256] = await Promise.all([stat(file.file).then((info) => info.size), sha256File(file.file)]);
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).catch((error: unknown) => {
        if (isNotFound(error)) return undefined;
        throw error;
      });
      // Up to date: the same bytes (hash and length) with the same headers, so a change of type or
      // lifetime here reaches objects already published.
      const wanted = objectHeaders(file, sha256);
      const same =
        head?.Metadata?.sha256 === sha256 &&
        head.ContentLength === size &&
        head.ContentType?.toLowerCase() === wanted.ContentType.toLowerCase() &&
        head.CacheControl === wanted.CacheControl;
      if (same) unchanged += 1;
      else pending.push({ file, key, size, sha256 });
    } catch (error) {
      fail(key, error);
    }
  });
  pending.sort((a, b) => (a.key < b.key ? -1 : 1));
  const toSend = pending.reduce((sum, item) => sum + item.size, 0);
  if (pending.length > 0) {
    log(
      `${options.dryRun ? "would upload" : "uploading"} ${pending.length} of ${files.length} files (${megabytes(toSend)}) to s3://${bucket}/${prefix}`,
    );
  }

  // 2. Upload them: small files in one request, large ones in parts.
  const done = countedLog(log, pending.length);
  let uploaded = 0;
  let resumed = 0;
  let bytes = 0;
  const progress = progressLines(options);
  const shown = (key: string, loaded: number, size: number) =>
    progress.update(key, () => uploadLine(key, loaded, size));
  const unfinished = unfinishedLookup(client, bucket, prefix, log);

  await mapLimited(pending, options.concurrency ?? 4, async ({ file, key, size, sha256 }) => {
    const line = (note = "") => done(`${options.dryRun ? "would upload " : ""}${key} ${sizeText(size)}${note}`);
    if (options.dryRun) {
      bytes += size;
      line();
      return;
    }
    try {
      const { sent, resumed: parts } = await sendFile(
        client,
        { key, file: file.file, size, sha256, headers: objectHeaders(file, sha256) },
        { bucket, partSize, unfinished, log, progress: (loaded) => shown(key, loaded, size) },
      );
      progress.end(key);
      bytes += sent;
      uploaded += 1;
      if (!parts) return line();
      resumed += 1;
      line(
        ` (resumed: sent part${parts.parts.length === 1 ? "" : "s"} ${parts.parts.join(", ")} of ${parts.count}, ${megabytes(sent)})`,
      );
    } catch (error) {
      progress.end(key);
      fail(key, error);
    }
  });
  progress.stop();

  // 3. Prune what no output names (the missing files' keys are still named).
  let pruned: PruneSummary | undefined;
  if (options.prune) {
    const keep = new Set([...files.map((file) => file.site), ...missing].map((site) => keyOf(prefix, site)));
    pruned = await pruneBucket(client, {
      bucket,
      prefix,
      keep,
      keepUploads: new Set(failed.map((item) => item.key)),
      leave: sourcesPrefix(prefix),
      dryRun: options.dryRun,
      log,
    });
  }
  return {
    files: files.length,
    uploaded,
    toUpload: pending.length,
    resumed,
    unchanged,
    bytes: options.dryRun ? toSend : bytes,
    missing,
    failed,
    pruned,
  };
}
