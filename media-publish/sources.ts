/**
 * The sources (media/'s films and photos, which git does not hold) kept in the bucket, so that losing
 * a disk loses no original: published under `{prefix}sources/`, which the site never names and the
 * bucket's public read leaves out (docs/deploy.md), their hashes listed in media/sources.json; and
 * fetched back, checked against that list, where a working copy lacks them.
 */
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

import { GetObjectCommand, HeadObjectCommand, type S3Client } from "@aws-sdk/client-s3";

import { mapLimited } from "#lib/pool.ts";
import { countedLog, type Output, progressLines } from "#lib/progress.ts";
import { sha256File } from "#lib/sha256.ts";
import { writeAtomically } from "#media-build/files.ts";
import { MIN_PART_SIZE, PART_SIZE } from "./multipart.ts";
import { megabytes, sizeText, uploadLine } from "./publish.ts";
import { describeError, isNotFound } from "./s3-errors.ts";
import { sendFile, unfinishedLookup } from "./send-file.ts";
import {
  baseOf,
  isSourcePath,
  readSourceList,
  serializeSourceList,
  type SourceList,
  sourceKey,
  sourcesPrefix,
  writeSourceList,
} from "./source-list.ts";

/**
 * A source's headers: bytes for whoever keeps them, never cached in public (a CDN in front of the
 * bucket must not keep an original it was never meant to serve).
 */
const SOURCE_HEADERS = { ContentType: "application/octet-stream", CacheControl: "private" };

export interface SourcesOptions extends Output {
  /** The sources' bucket (Settings' `sourcesBucket`). */
  bucket: string;
  /** The media's prefix; the sources go under its `sources/`. */
  prefix: string;
  partSize?: number;
  concurrency?: number;
  dryRun?: boolean;
  progressEvery?: number;
}

export interface SourcesSummary {
  /** Sources given that are here. */
  files: number;
  /** Those that differed from their object (in a dry run, those it would upload). */
  toUpload: number;
  uploaded: number;
  unchanged: number;
  /** Bytes sent; in a dry run, the bytes it would send. */
  bytes: number;
  /** Listed sources given that are no longer here (removed, or replaced by one of another type): taken off the list. */
  dropped: string[];
  failed: { file: string; key: string; error: string }[];
}

/**
 * Publishes `files` (root-relative sources; other paths are passed over) and records each in
 * media/sources.json: one whose object has its SHA-256 already is left; one that is gone is taken off
 * the list, as is any listed predecessor of its base. A dry run changes neither bucket nor list.
 */
export async function publishSources(
  client: S3Client,
  root: string,
  files: string[],
  options: SourcesOptions,
): Promise<SourcesSummary> {
  const { bucket, prefix, log } = options;
  const partSize = Math.max(options.partSize ?? PART_SIZE, MIN_PART_SIZE);
  const list = await readSourceList(root);
  const before = serializeSourceList(list);
  const summary: SourcesSummary = {
    files: 0,
    toUpload: 0,
    uploaded: 0,
    unchanged: 0,
    bytes: 0,
    dropped: [],
    failed: [],
  };
  const fail = (file: string, key: string, error: unknown) => {
    summary.failed.push({ file, key, error: describeError(error) });
    log(`failed: ${key}: ${describeError(error)}`);
  };
  const record = (file: string, sha256: string, bytes: number) => {
    for (const listed of Object.keys(list)) if (listed !== file && baseOf(listed) === baseOf(file)) delete list[listed];
    list[file] = { sha256, bytes };
  };

  // 1. Which differ from their object; a HEAD is mostly the round trip, so sixteen at a time.
  const pending: { file: string; key: string; size: number; sha256: string }[] = [];
  await mapLimited([...new Set(files.filter(isSourcePath))].sort(), 16, async (file) => {
    const key = sourceKey(prefix, file);
    const size = await stat(path.join(root, file)).then(
      (info) => (info.isFile() ? info.size : undefined),
      () => undefined,
    );
    if (size === undefined) {
      if (list[file]) summary.dropped.push(file);
      delete list[file];
      return;
    }
    summary.files += 1;
    try {
      const sha256 = await sha256File(path.join(root, file));
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).catch((error: unknown) => {
        if (isNotFound(error)) return undefined;
        throw error;
      });
      if (head?.Metadata?.sha256 !== sha256 || head.ContentLength !== size) {
        pending.push({ file, key, size, sha256 });
        return;
      }
      summary.unchanged += 1;
      record(file, sha256, size);
    } catch (error) {
      fail(file, key, error);
    }
  });
  pending.sort((a, b) => (a.key < b.key ? -1 : 1));
  const toSend = pending.reduce((sum, item) => sum + item.size, 0);
  summary.toUpload = pending.length;
  if (pending.length > 0)
    log(
      `${options.dryRun ? "would upload" : "uploading"} ${pending.length} source${pending.length === 1 ? "" : "s"} (${megabytes(toSend)}) to s3://${bucket}/${sourcesPrefix(prefix)}`,
    );

  // 2. Upload them, as the outputs go (send-file.ts), then list them.
  const done = countedLog(log, pending.length);
  const progress = progressLines(options);
  const unfinished = unfinishedLookup(client, bucket, sourcesPrefix(prefix), log);
  await mapLimited(pending, options.concurrency ?? 4, async ({ file, key, size, sha256 }) => {
    if (options.dryRun) return done(`would upload ${key} ${sizeText(size)}`);
    try {
      const { sent } = await sendFile(
        client,
        { key, file: path.join(root, file), size, sha256, headers: SOURCE_HEADERS },
        {
          bucket,
          partSize,
          unfinished,
          log,
          progress: (loaded) => progress.update(key, () => uploadLine(key, loaded, size)),
        },
      );
      progress.end(key);
      summary.bytes += sent;
      summary.uploaded += 1;
      record(file, sha256, size);
      done(`${key} ${sizeText(size)}`);
    } catch (error) {
      progress.end(key);
      fail(file, key, error);
    }
  });
  progress.stop();
  if (options.dryRun) summary.bytes = toSend;
  else if (serializeSourceList(list) !== before) await writeSourceList(root, list);
  summary.dropped.sort();
  return summary;
}

/**
 * Downloads `files` (listed in `list`) from the bucket into media/, each checked against its listed
 * SHA-256 and length on the way: a file whose bytes differ is not kept, and is named in `failed`.
 */
export async function fetchSources(
  client: S3Client,
  root: string,
  files: string[],
  list: SourceList,
  options: Omit<SourcesOptions, "partSize" | "concurrency" | "dryRun">,
): Promise<{ fetched: string[]; failed: { file: string; error: string }[] }> {
  const { bucket, prefix, log } = options;
  const fetched: string[] = [];
  const failed: { file: string; error: string }[] = [];
  const total = files.reduce((sum, file) => sum + list[file].bytes, 0);
  if (files.length > 0)
    log(
      `fetching ${files.length} source${files.length === 1 ? "" : "s"} (${megabytes(total)}) that this copy lacks from s3://${bucket}/${sourcesPrefix(prefix)}`,
    );
  const done = countedLog(log, files.length);
  const progress = progressLines(options);
  await mapLimited(files, 2, async (file) => {
    const key = sourceKey(prefix, file);
    const wanted = list[file];
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key })).catch((error: unknown) => {
        throw new Error(isNotFound(error) ? `not in the bucket (s3://${bucket}/${key})` : describeError(error));
      });
      await writeAtomically(path.join(root, file), false, async (temporary) => {
        const digest = createHash("sha256");
        let bytes = 0;
        let shown = 0;
        await pipeline(
          object.Body as Readable,
          async function* (chunks: AsyncIterable<Buffer>) {
            for await (const chunk of chunks) {
              digest.update(chunk);
              bytes += chunk.length;
              // A line per part's worth, not per chunk: a terminal redraws at each update.
              if (bytes - shown >= MIN_PART_SIZE) {
                shown = bytes;
                progress.update(key, () => uploadLine(key, bytes, wanted.bytes));
              }
              yield chunk;
            }
          },
          createWriteStream(temporary),
        );
        const sha256 = digest.digest("hex");
        if (sha256 !== wanted.sha256 || bytes !== wanted.bytes)
          throw new Error(
            `the bucket's copy (s3://${bucket}/${key}) is not the file media/sources.json lists: SHA-256 ${sha256}, ${bytes} bytes, where the list has ${wanted.sha256}, ${wanted.bytes} bytes; not kept`,
          );
      });
      progress.end(key);
      fetched.push(file);
      done(`fetched ${file} ${sizeText(wanted.bytes)}`);
    } catch (error) {
      progress.end(key);
      failed.push({ file, error: describeError(error) });
      log(`failed: ${file}: ${describeError(error)}`);
    }
  });
  progress.stop();
  return { fetched: fetched.sort(), failed };
}
