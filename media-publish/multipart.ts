/** Resuming the multipart upload an interrupted run left (lib-storage's Upload leaves its parts on an error). */
import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import type { Readable } from "node:stream";

import {
  CompleteMultipartUploadCommand,
  type CompletedPart,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  type MultipartUpload,
  type Part,
  paginateListParts,
  type S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";

import { mapLimited } from "#lib/pool.ts";
import { sha256Stream } from "#lib/sha256.ts";
import { isUnsupported } from "./s3-errors.ts";

/** lib-storage's (and S3's) smallest part; every part but the last must be at least this. */
export const MIN_PART_SIZE = 5 * 1024 * 1024;
/** Files larger than one part go up in parts (multipart upload), each this size. */
export const PART_SIZE = 8 * 1024 * 1024;
/** S3's most parts in one upload. */
const MAX_PARTS = 10_000;

const md5 = (data: Buffer): string => createHash("md5").update(data).digest("hex");

/** `length` bytes of a file from `start`. */
async function readRange(file: string, start: number, length: number): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, start);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The unfinished multipart uploads under a prefix, oldest first; "unsupported" when the store
 * cannot list them. Paged by hand: @aws-sdk/client-s3 ships paginators for ListObjectsV2 and
 * ListParts, none for ListMultipartUploads.
 */
export async function unfinishedUploads(
  client: S3Client,
  bucket: string,
  prefix: string,
): Promise<MultipartUpload[] | "unsupported"> {
  const uploads: MultipartUpload[] = [];
  let KeyMarker: string | undefined;
  let UploadIdMarker: string | undefined;
  try {
    for (;;) {
      const page = await client.send(
        new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: prefix || undefined, KeyMarker, UploadIdMarker }),
      );
      uploads.push(...(page.Uploads ?? []));
      if (!page.IsTruncated) break;
      KeyMarker = page.NextKeyMarker;
      UploadIdMarker = page.NextUploadIdMarker;
    }
  } catch (error) {
    if (isUnsupported(error)) return "unsupported";
    throw error;
  }
  return uploads.sort((a, b) => (a.Initiated?.getTime() ?? 0) - (b.Initiated?.getTime() ?? 0));
}

async function listParts(client: S3Client, bucket: string, key: string, uploadId: string): Promise<Part[]> {
  const parts: Part[] = [];
  for await (const page of paginateListParts({ client }, { Bucket: bucket, Key: key, UploadId: uploadId })) {
    parts.push(...(page.Parts ?? []));
    // The paginator follows NextPartNumberMarker alone, which S3 gives on the last page too (and
    // "0" after it, starting over): IsTruncated says when the list is whole.
    if (!page.IsTruncated) break;
  }
  return parts;
}

/** The checksums a part was sent with, which CompleteMultipartUpload must repeat when the upload has an algorithm. */
type Checksums = Pick<
  Part,
  "ChecksumCRC32" | "ChecksumCRC32C" | "ChecksumCRC64NVME" | "ChecksumSHA1" | "ChecksumSHA256"
>;
function checksums(part: Checksums): Checksums {
  const { ChecksumCRC32, ChecksumCRC32C, ChecksumCRC64NVME, ChecksumSHA1, ChecksumSHA256 } = part;
  return Object.fromEntries(
    Object.entries({ ChecksumCRC32, ChecksumCRC32C, ChecksumCRC64NVME, ChecksumSHA1, ChecksumSHA256 }).filter(
      ([, value]) => value !== undefined,
    ),
  );
}

/**
 * The part size an unfinished upload of a `size`-byte file used, when its parts fit one: each
 * listed part n must hold bytes (n-1)·partSize… of the file, and, where its ETag looks like an MD5
 * (S3, MinIO, s3rver), those very bytes. Undefined when the upload was of other bytes (the file
 * changed since) or cut otherwise; also, harmlessly, where a part's ETag is 32 hex digits but no
 * MD5 (S3 with SSE-KMS): that upload then starts over. Where ETags say nothing, the object is read
 * back once complete (verifyObject).
 */
async function partLayout(file: string, size: number, parts: Part[], partSize: number): Promise<number | undefined> {
  const sizes = [partSize, ...parts.map((part) => part.Size ?? 0)];
  for (const candidate of [...new Set(sizes)]) {
    if (candidate < MIN_PART_SIZE || Math.ceil(size / candidate) > MAX_PARTS) continue;
    const count = Math.ceil(size / candidate);
    const fits = parts.every((part) => {
      const number = part.PartNumber ?? 0;
      return number >= 1 && number <= count && part.Size === Math.min(candidate, size - (number - 1) * candidate);
    });
    if (!fits) continue;
    let same = true;
    for (const part of parts) {
      const etag = (part.ETag ?? "").replaceAll('"', "");
      if (!/^[0-9a-f]{32}$/i.test(etag)) continue;
      const start = ((part.PartNumber ?? 1) - 1) * candidate;
      if (md5(await readRange(file, start, part.Size ?? 0)) !== etag.toLowerCase()) {
        same = false;
        break;
      }
    }
    if (same) return candidate;
  }
  return undefined;
}

/** Whether the object under `key` is exactly the local file: its recorded hash and length, then its bytes read back. */
async function verifyObject(
  client: S3Client,
  bucket: string,
  key: string,
  size: number,
  sha256: string,
): Promise<boolean> {
  const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  if (head.Metadata?.sha256 !== sha256 || head.ContentLength !== size) return false;
  const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return (await sha256Stream(object.Body as Readable)) === sha256;
}

/**
 * Finishes an unfinished multipart upload of this file, sending the parts it lacks, then reads the
 * object back. By hand, as lib-storage cannot take over an upload another process began. "stale":
 * that upload holds other bytes (left for --prune); "wrong": the object made is not the file.
 */
export async function resumeUpload(
  client: S3Client,
  bucket: string,
  upload: MultipartUpload,
  local: { file: string; size: number; sha256: string },
  partSize: number,
  progress: (loaded: number) => void,
): Promise<{ sent: number; parts: number[]; count: number } | "stale" | "wrong"> {
  const key = upload.Key as string;
  const uploadId = upload.UploadId as string;
  const listed = await listParts(client, bucket, key, uploadId);
  const layout = await partLayout(local.file, local.size, listed, partSize);
  if (layout === undefined) return "stale";
  const count = Math.ceil(local.size / layout);
  const have = new Set(listed.map((part) => part.PartNumber));
  const missing = Array.from({ length: count }, (_, index) => index + 1).filter((number) => !have.has(number));
  const completed: CompletedPart[] = listed.map((part) => ({
    PartNumber: part.PartNumber,
    ETag: part.ETag,
    ...checksums(part),
  }));
  let loaded = listed.reduce((sum, part) => sum + (part.Size ?? 0), 0);
  let sent = 0;
  progress(loaded);
  await mapLimited(missing, 4, async (number) => {
    const start = (number - 1) * layout;
    const body = await readRange(local.file, start, Math.min(layout, local.size - start));
    const result = await client.send(
      new UploadPartCommand({
        Bucket: bucket,
        Key: key,
        UploadId: uploadId,
        PartNumber: number,
        Body: body,
        ContentLength: body.length,
        ContentMD5: createHash("md5").update(body).digest("base64"),
        ChecksumAlgorithm: upload.ChecksumAlgorithm,
      }),
    );
    completed.push({ PartNumber: number, ETag: result.ETag, ...checksums(result) });
    loaded += body.length;
    sent += body.length;
    progress(loaded);
  });
  completed.sort((a, b) => (a.PartNumber ?? 0) - (b.PartNumber ?? 0));
  await client.send(
    new CompleteMultipartUploadCommand({
      Bucket: bucket,
      Key: key,
      UploadId: uploadId,
      MultipartUpload: { Parts: completed },
    }),
  );
  if (!(await verifyObject(client, bucket, key, local.size, local.sha256))) return "wrong";
  return { sent, parts: missing, count };
}
