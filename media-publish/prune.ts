/** --prune: deleting the objects no output names, and the unfinished uploads nothing will resume. */
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  paginateListObjectsV2,
  type S3Client,
} from "@aws-sdk/client-s3";

import { mapLimited } from "#lib/pool.ts";
import { unfinishedUploads } from "./multipart.ts";

export interface PruneSummary {
  /** Objects deleted (or that a dry run would delete). */
  objects: string[];
  /** Unfinished uploads aborted (or that a dry run would abort), as their keys. */
  uploads: string[];
}

/**
 * Deletes the objects under the prefix whose key is not in `keep`, one DeleteObject each (every
 * store takes it, unlike DeleteObjects' checksum), and aborts the unfinished multipart uploads
 * under it but those of `keepUploads` (this run's failed uploads, which the next run resumes).
 * Keys under `leave` (the sources', which no output names) are neither. A dry run only lists them.
 */
export async function pruneBucket(
  client: S3Client,
  options: {
    bucket: string;
    prefix: string;
    keep: ReadonlySet<string>;
    keepUploads?: ReadonlySet<string>;
    leave: string;
    dryRun?: boolean;
    log(line: string): void;
  },
): Promise<PruneSummary> {
  const { bucket, prefix, keep, log } = options;
  const left = (key: string) => key.startsWith(options.leave);
  const where = `s3://${bucket}/${prefix}`;
  const stale: string[] = [];
  for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix || undefined })) {
    for (const object of page.Contents ?? [])
      if (object.Key !== undefined && !keep.has(object.Key) && !left(object.Key)) stale.push(object.Key);
  }
  stale.sort();
  const verb = options.dryRun ? "would delete" : "deleting";
  log(
    stale.length === 0
      ? `prune: no object under ${where} is left over`
      : `prune: ${verb} ${stale.length} object${stale.length === 1 ? "" : "s"} under ${where} that no output names:`,
  );
  for (const key of stale) log(`  ${key}`);
  if (!options.dryRun)
    await mapLimited(
      stale,
      8,
      async (key) => void (await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))),
    );

  const uploads = await unfinishedUploads(client, bucket, prefix);
  const aborted: string[] = [];
  if (uploads === "unsupported") {
    log("prune: this store cannot list unfinished multipart uploads; none aborted");
  } else {
    const leftover = uploads.filter(
      (upload) => upload.Key !== undefined && !options.keepUploads?.has(upload.Key) && !left(upload.Key),
    );
    if (leftover.length > 0)
      log(
        `prune: ${options.dryRun ? "would abort" : "aborting"} ${leftover.length} unfinished upload${leftover.length === 1 ? "" : "s"} nothing will resume:`,
      );
    for (const upload of leftover) {
      log(`  ${upload.Key} (begun ${upload.Initiated?.toISOString() ?? "?"})`);
      if (!options.dryRun)
        await client.send(
          new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }),
        );
      aborted.push(upload.Key as string);
    }
  }
  return { objects: stale, uploads: aborted };
}
