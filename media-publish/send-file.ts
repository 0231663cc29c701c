/**
 * One file sent to its object, for the outputs (publish.ts) and the sources (sources.ts) alike: a
 * small one in one request, a large one in parts, finishing the unfinished upload an interrupted
 * run left of the same bytes where there is one.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";

import { DeleteObjectCommand, type MultipartUpload, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";

import { resumeUpload, unfinishedUploads } from "./multipart.ts";

/** A file to send: where it goes, its bytes as hashed before, and the headers its object carries. */
export interface Outgoing {
  key: string;
  /** The local file. */
  file: string;
  size: number;
  sha256: string;
  headers: { ContentType: string; CacheControl: string };
}

export interface SendOptions {
  bucket: string;
  /** The part size, and the size above which a file goes up in parts. */
  partSize: number;
  /** The unfinished uploads of `key`, newest first (unfinishedLookup). */
  unfinished(key: string): Promise<MultipartUpload[]>;
  log(line: string): void;
  /** Bytes of a large file sent so far. */
  progress(loaded: number): void;
}

/** What was sent: the bytes, and of a resumed upload the parts it lacked. */
export interface Sent {
  sent: number;
  resumed?: { parts: number[]; count: number };
}

/**
 * The unfinished multipart uploads of a key under `prefix`, listed once per run, on first need: a
 * store that cannot list them (s3rver) is said once, and its uploads start over.
 */
export function unfinishedLookup(
  client: S3Client,
  bucket: string,
  prefix: string,
  log: (line: string) => void,
): (key: string) => Promise<MultipartUpload[]> {
  let listed: Promise<MultipartUpload[] | "unsupported"> | undefined;
  return async (key) => {
    listed ??= unfinishedUploads(client, bucket, prefix).then((uploads) => {
      if (uploads === "unsupported")
        log(
          "note: this store cannot list unfinished multipart uploads (ListMultipartUploads), so an interrupted upload starts over",
        );
      return uploads;
    });
    const uploads = await listed;
    return uploads === "unsupported" ? [] : uploads.filter((upload) => upload.Key === key).reverse();
  };
}

/** Sends `item` to its key; throws what the store answered. The object records the SHA-256 of its bytes. */
export async function sendFile(client: S3Client, item: Outgoing, options: SendOptions): Promise<Sent> {
  const { bucket, partSize, log } = options;
  const { key, file, size, sha256 } = item;
  if (size <= partSize) {
    const body = await readFile(file);
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: body,
        ContentLength: body.length,
        ContentMD5: createHash("md5").update(body).digest("base64"),
        ...item.headers,
        // The bytes read now, should the file have changed since it was hashed.
        Metadata: { sha256: createHash("sha256").update(body).digest("hex") },
      }),
    );
    return { sent: body.length };
  }
  for (const upload of await options.unfinished(key)) {
    const result = await resumeUpload(client, bucket, upload, { file, size, sha256 }, partSize, options.progress);
    if (result === "stale") {
      log(
        `  ${key}: an unfinished upload begun ${upload.Initiated?.toISOString() ?? "earlier"} holds other bytes (the file changed since); starting afresh (--prune aborts it)`,
      );
      continue;
    }
    if (result === "wrong") {
      // This run's own object, and not the file: removed so that, should the upload below fail
      // too, no object carrying the file's hash is left looking published.
      log(`  ${key}: the resumed upload did not give the file back; uploading it whole`);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      break;
    }
    return { sent: result.sent, resumed: { parts: result.parts, count: result.count } };
  }
  const body = createReadStream(file);
  const upload = new Upload({
    client,
    params: { Bucket: bucket, Key: key, Body: body, ...item.headers, Metadata: { sha256 } },
    partSize,
    // Parts in flight, each held in memory: with publish.ts's four files at once, at most 4 × 2 × 8 MiB
    // (64 MiB) of a film's bytes, where 4 a file held 128 and the editing service's save went past its
    // memory bound. Two keep a link busy while the next part is read.
    queueSize: 2,
    // An interrupted upload keeps its parts, for the next run to finish (resumeUpload).
    leavePartsOnError: true,
  });
  upload.on("httpUploadProgress", ({ loaded }) => options.progress(loaded ?? 0));
  options.progress(0);
  // lib-storage leaves the file open when a part fails.
  await upload.done().finally(() => body.destroy());
  return { sent: size };
}
