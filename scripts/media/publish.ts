/**
 * Publishing the media build's outputs to an S3-compatible bucket: the logic of
 * `npm run media:publish` (scripts/media-publish.ts reads the settings and prints). Every function
 * takes an S3Client, the root folder (holding media/manifest.json and public/) and options, so the
 * tests run them against s3rver.
 *
 * - What: every file an output in media/manifest.json names (its key is the site path:
 *   "/images/x.jpg" → public/images/x.jpg), an HLS playlist naming the files it lists (the master,
 *   each rung's index.m3u8, their segments). Object key = prefix + site path without its "/".
 * - Up to date: each object carries the SHA-256 of its bytes as metadata (x-amz-meta-sha256, set at
 *   upload) and is uploaded again only when the local file's hash (or its length, Content-Type or
 *   Cache-Control) differs, as HeadObject reads them; never timestamps, since a checkout sets
 *   every mtime.
 * - Large files (more than one part, PART_SIZE) go up in parts through lib-storage's Upload, which
 *   leaves its parts on an error; the next run finds that unfinished upload, sends only the parts
 *   it lacks and checks the object it makes (resumeUpload).
 * - Nothing is deleted unless asked: pruneBucket lists (and deletes) the objects under the prefix
 *   no output names, and aborts unfinished uploads nothing will resume.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  type CompletedPart,
  type CORSRule,
  DeleteObjectCommand,
  GetBucketCorsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  type MultipartUpload,
  type Part,
  PutBucketCorsCommand,
  PutObjectCommand,
  type S3Client,
  S3ServiceException,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";

import { MEDIA_MAX_AGE } from "../../server/static-files";
import { MANIFEST, type Manifest } from "./plan";

// ---------------------------------------------------------------------------------------------
// Headers

/**
 * Cache-Control of every object: the lifetime the site's own server gives media
 * (server/static-files.ts's MEDIA_MAX_AGE; scripts/static-server.mjs --media, the bucket's
 * stand-in in the cluster's tests, does the same), so a page behaves alike whether MEDIA_ORIGIN
 * points at the bucket or not.
 *
 * The media's names are stable, not content-addressed, and that holds for the HLS segments too
 * (segment_000.ts… keep their names when a reel is re-encoded). So playlists get the same 30 days
 * as the rest: a shorter lifetime for playlists alone would buy nothing, since a fresh playlist
 * over segments cached from the previous encode would mix two films. A replaced file is purged at
 * the CDN (docs/deploy.md), whatever the lifetime.
 */
export const CACHE_CONTROL = `public, max-age=${MEDIA_MAX_AGE}`;

/**
 * Content-Type by extension: the types the site's own server sends for the same files (text ones
 * with their charset, as it does), including HLS's, which `aws s3 sync` gets wrong or leaves out.
 *
 * No precompressed (gzip) bodies, for .m3u8 and .vtt either. A bucket does not negotiate: an object
 * stored with Content-Encoding: gzip goes gzipped to every client, whatever its Accept-Encoding.
 * Browsers, hence video.js's HLS engine and <track>, would decode it, but not every HLS reader
 * does: players and tools that send no Accept-Encoding (some TVs and set-top boxes, curl without
 * --compressed, an ffmpeg built without zlib), and a Range request would get a slice of the gzip
 * stream rather than of the text. For nothing much: the playlists are 440–640 bytes (185–280
 * gzipped) and a seek-bar index about 1.1 KB (230), each a single packet either way, beside
 * segments of hundreds of KB. The site's own server still compresses them for clients that ask.
 */
const CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".m3u8": "application/vnd.apple.mpegurl",
  ".ts": "video/mp2t",
  ".vtt": "text/vtt; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
};

/** The Content-Type of a file, by its extension; undefined when the table does not know it. */
export function contentTypeOf(file: string): string | undefined {
  return CONTENT_TYPES[path.extname(file).toLowerCase()];
}

// ---------------------------------------------------------------------------------------------
// What is published

/** One file an output names. */
export interface MediaFile {
  /** Its site path, "/videos/reels/x/540p/segment_000.ts". */
  site: string;
  /** public/… under the root. */
  file: string;
}

/** A site path's file under public/, or undefined when the path would leave public/. */
function localFile(root: string, site: string): string | undefined {
  if (!site.startsWith("/") || site.includes("\\")) return undefined;
  const parts = site.slice(1).split("/");
  if (parts.some((part) => part === "" || part === "." || part === "..")) return undefined;
  return path.join(root, "public", ...parts);
}

/** The URIs a playlist lists: its URI lines and the URI="…" attributes of its tags (EXT-X-MEDIA, EXT-X-MAP). */
export function playlistUris(text: string): string[] {
  const uris: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "") continue;
    if (line.startsWith("#")) {
      for (const [, uri] of line.matchAll(/URI="([^"]*)"/g)) uris.push(uri);
    } else uris.push(line);
  }
  return uris;
}

/** A playlist's URI as a site path; undefined for one on another host (absolute URL). */
function resolveUri(playlist: string, uri: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith("//")) return undefined;
  const site = uri.startsWith("/") ? uri : path.posix.join(path.posix.dirname(playlist), uri);
  return path.posix.normalize(site.split(/[?#]/)[0]);
}

/** media/manifest.json; an error (one line) when it is missing, unreadable or empty. */
export async function readManifest(root: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(path.join(root, MANIFEST), "utf8");
  } catch {
    throw new Error(`${MANIFEST} not found under ${root}: run npm run media first`);
  }
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch (error) {
    throw new Error(`${MANIFEST} is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (typeof manifest !== "object" || manifest === null || Array.isArray(manifest) || Object.keys(manifest).length === 0) {
    throw new Error(`${MANIFEST} names no outputs: nothing to publish`);
  }
  return manifest as Manifest;
}

/**
 * Every file the manifest's outputs name, sorted by site path, and those named but missing
 * locally (site paths; for a playlist that is missing, the files it would list are unknown).
 */
export async function mediaFiles(root: string): Promise<{ files: MediaFile[]; missing: string[] }> {
  const manifest = await readManifest(root);
  const files = new Map<string, MediaFile>();
  const missing = new Set<string>();
  const add = async (site: string): Promise<void> => {
    if (files.has(site) || missing.has(site)) return;
    const file = localFile(root, site);
    const found = file && (await stat(file).then((info) => info.isFile(), () => false));
    if (!file || !found) {
      missing.add(site);
      return;
    }
    files.set(site, { site, file });
    if (site.endsWith(".m3u8")) {
      for (const uri of playlistUris(await readFile(file, "utf8"))) {
        const named = resolveUri(site, uri);
        if (named) await add(named);
      }
    }
  };
  for (const site of Object.keys(manifest)) await add(site);
  const bySite = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return { files: [...files.values()].sort((a, b) => bySite(a.site, b.site)), missing: [...missing].sort(bySite) };
}

// ---------------------------------------------------------------------------------------------
// Small helpers

/** lib-storage's (and S3's) smallest part; every part but the last must be at least this. */
export const MIN_PART_SIZE = 5 * 1024 * 1024;
/** Files larger than one part go up in parts (multipart upload), each this size. */
export const PART_SIZE = 8 * 1024 * 1024;
/** S3's most parts in one upload. */
const MAX_PARTS = 10_000;
/** Seconds between two progress lines of a large upload in a log, as the media build's (scripts/media/run.ts). */
export const PROGRESS_EVERY = 10;

/** "12.4 MB" (MiB, as the media build prints sizes). */
export const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
/** A file's size: "12.4 MB", or "37 KB" below a megabyte. */
export const sizeText = (bytes: number): string => (bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : megabytes(bytes));

const hex = (data: Buffer, algorithm: "md5" | "sha256"): string => createHash(algorithm).update(data).digest("hex");

function hashStream(stream: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    const digest = createHash("sha256");
    stream
      .on("data", (chunk: Buffer) => digest.update(chunk))
      .on("error", reject)
      .on("end", () => resolve(digest.digest("hex")));
  });
}

/** A file's SHA-256 (hex), read as a stream. */
export const sha256File = (file: string): Promise<string> => hashStream(createReadStream(file));

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

/** Runs `work` on each item, at most `limit` at once, in order of the items. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const statusOf = (error: unknown): number | undefined =>
  error instanceof S3ServiceException ? error.$metadata?.httpStatusCode : undefined;

const isNotFound = (error: unknown): boolean =>
  error instanceof S3ServiceException && (error.name === "NotFound" || error.name === "NoSuchKey" || statusOf(error) === 404);

/** The store does not implement the request (s3rver has no ListMultipartUploads, ListParts or AbortMultipartUpload). */
const isUnsupported = (error: unknown): boolean =>
  error instanceof S3ServiceException &&
  (error.name === "NotImplemented" || error.name === "MethodNotAllowed" || statusOf(error) === 501 || statusOf(error) === 405);

/** An error as one line: the store's code and message, or the network error's. */
export function describeError(error: unknown): string {
  if (error instanceof S3ServiceException) {
    const message = error.message && error.message !== error.name && error.message !== "UnknownError" ? `: ${error.message}` : "";
    return `${error.name}${message} (HTTP ${statusOf(error) ?? "?"})`;
  }
  // Node gives an AggregateError with an empty message when every address of a host refuses.
  if (error instanceof AggregateError && error.errors.length > 0) return describeError(error.errors[0]);
  if (error instanceof Error) return (error.message || (error as NodeJS.ErrnoException).code || error.name).split("\n")[0];
  return String(error);
}

/** `sha256`, `Content-Type`, `Cache-Control` of an upload. */
function objectHeaders(file: MediaFile, sha256: string) {
  return {
    ContentType: contentTypeOf(file.file) ?? "application/octet-stream",
    CacheControl: CACHE_CONTROL,
    Metadata: { sha256 },
  };
}

// ---------------------------------------------------------------------------------------------
// Progress of large uploads

interface Progress {
  update(key: string, loaded: number, total: number): void;
  end(key: string): void;
  stop(): void;
}

/**
 * Shows the large uploads running: on a terminal (`status`) one line each, redrawn at every
 * report; in a log, a line per upload every `progressEvery` seconds, so a slow link is not taken for
 * a hung run. lib-storage reports once per part sent in Node (it has no finer progress there).
 */
function progressReporter(options: Pick<PublishOptions, "log" | "status" | "progressEvery">): Progress {
  const running = new Map<string, string>();
  const line = (key: string, loaded: number, total: number) =>
    `  ${key}: ${total > 0 ? Math.floor((loaded / total) * 100) : 0}% (${megabytes(loaded)} of ${megabytes(total)})`;
  const timer = options.status
    ? undefined
    : setInterval(() => running.forEach((text) => options.log(text)), (options.progressEvery ?? PROGRESS_EVERY) * 1000).unref();
  return {
    update(key, loaded, total) {
      running.set(key, line(key, loaded, total));
      options.status?.([...running.values()]);
    },
    end(key) {
      running.delete(key);
      options.status?.([...running.values()]);
    },
    stop() {
      if (timer) clearInterval(timer);
      running.clear();
      options.status?.([]);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Unfinished multipart uploads

/** The unfinished multipart uploads under a prefix, oldest first; "unsupported" when the store cannot list them. */
export async function unfinishedUploads(client: S3Client, bucket: string, prefix: string): Promise<MultipartUpload[] | "unsupported"> {
  const uploads: MultipartUpload[] = [];
  let KeyMarker: string | undefined;
  let UploadIdMarker: string | undefined;
  try {
    for (;;) {
      const page = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: prefix || undefined, KeyMarker, UploadIdMarker }));
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
  let PartNumberMarker: string | undefined;
  for (;;) {
    const page = await client.send(new ListPartsCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumberMarker }));
    parts.push(...(page.Parts ?? []));
    if (!page.IsTruncated) break;
    PartNumberMarker = page.NextPartNumberMarker;
  }
  return parts;
}

/** The checksums a part was sent with, which CompleteMultipartUpload must repeat when the upload has an algorithm. */
type Checksums = Pick<Part, "ChecksumCRC32" | "ChecksumCRC32C" | "ChecksumCRC64NVME" | "ChecksumSHA1" | "ChecksumSHA256">;
function checksums(part: Checksums): Checksums {
  const { ChecksumCRC32, ChecksumCRC32C, ChecksumCRC64NVME, ChecksumSHA1, ChecksumSHA256 } = part;
  return Object.fromEntries(
    Object.entries({ ChecksumCRC32, ChecksumCRC32C, ChecksumCRC64NVME, ChecksumSHA1, ChecksumSHA256 }).filter(([, value]) => value !== undefined),
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
      if (hex(await readRange(file, start, part.Size ?? 0), "md5") !== etag.toLowerCase()) {
        same = false;
        break;
      }
    }
    if (same) return candidate;
  }
  return undefined;
}

/** Whether the object under `key` is exactly the local file: its recorded hash and length, then its bytes read back. */
async function verifyObject(client: S3Client, bucket: string, key: string, size: number, sha256: string): Promise<boolean> {
  const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  if (head.Metadata?.sha256 !== sha256 || head.ContentLength !== size) return false;
  const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return (await hashStream(object.Body as Readable)) === sha256;
}

/**
 * Finishes an unfinished multipart upload of this file: lists its parts (ListParts), sends those it
 * lacks (UploadPart) and completes it (CompleteMultipartUpload), then reads the object back to check
 * it is the file. Written by hand since lib-storage's Upload cannot take over an upload another
 * process began. Returns the bytes sent, "stale" when that upload holds other bytes (the file
 * changed since; left for --prune), or "wrong" when the object made is not the file.
 */
async function resumeUpload(
  client: S3Client,
  bucket: string,
  upload: MultipartUpload,
  local: { file: string; size: number; sha256: string },
  partSize: number,
  progress: Progress,
): Promise<{ sent: number; parts: number[]; count: number } | "stale" | "wrong"> {
  const key = upload.Key as string;
  const uploadId = upload.UploadId as string;
  const listed = await listParts(client, bucket, key, uploadId);
  const layout = await partLayout(local.file, local.size, listed, partSize);
  if (layout === undefined) return "stale";
  const count = Math.ceil(local.size / layout);
  const have = new Set(listed.map((part) => part.PartNumber));
  const missing = Array.from({ length: count }, (_, index) => index + 1).filter((number) => !have.has(number));
  const completed: CompletedPart[] = listed.map((part) => ({ PartNumber: part.PartNumber, ETag: part.ETag, ...checksums(part) }));
  let loaded = listed.reduce((sum, part) => sum + (part.Size ?? 0), 0);
  let sent = 0;
  progress.update(key, loaded, local.size);
  await eachLimited(missing, 4, async (number) => {
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
    progress.update(key, loaded, local.size);
  });
  completed.sort((a, b) => (a.PartNumber ?? 0) - (b.PartNumber ?? 0));
  await client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: completed } }));
  if (!(await verifyObject(client, bucket, key, local.size, local.sha256))) return "wrong";
  return { sent, parts: missing, count };
}

// ---------------------------------------------------------------------------------------------
// Publishing

export interface PublishOptions {
  bucket: string;
  /** A folder inside the bucket, "" or ending in "/" ("site/"). */
  prefix: string;
  /** Part size of multipart uploads, and the size above which a file goes up in parts; PART_SIZE by default, at least MIN_PART_SIZE. */
  partSize?: number;
  /** Files sent at once (each large one sends up to 4 parts at once); 4 by default. */
  concurrency?: number;
  /** Says what it would upload (and prune), changes nothing. */
  dryRun?: boolean;
  /** Then deletes the objects under the prefix that no output names (pruneBucket). */
  prune?: boolean;
  log(line: string): void;
  /** On a terminal: the large uploads running, one line each (an empty list clears them). */
  status?(lines: string[]): void;
  /** Seconds between two progress lines of a large upload in a log; PROGRESS_EVERY by default. */
  progressEvery?: number;
}

export interface PublishSummary {
  /** Files the outputs name and that are here. */
  files: number;
  uploaded: number;
  /** Files that differed from their object (in a dry run, those it would upload). */
  toUpload: number;
  /** Of those uploaded, the ones whose unfinished upload was finished. */
  resumed: number;
  unchanged: number;
  /** Bytes sent (for a resumed upload, only its missing parts); in a dry run, the bytes it would send. */
  bytes: number;
  /** Site paths the outputs name that are not under public/. */
  missing: string[];
  /** Files that could not be checked or uploaded, and why. */
  failed: { key: string; error: string }[];
  /** What --prune deleted (or would delete in a dry run). */
  pruned: PruneSummary | undefined;
}

/** The object key of a site path. */
export const keyOf = (prefix: string, site: string): string => `${prefix}${site.slice(1)}`;

/**
 * Publishes every file the outputs in root/media/manifest.json name to the bucket: checks each
 * against its object's recorded hash (HeadObject), uploads the new and changed ones (resuming an
 * unfinished multipart upload where there is one), and with `prune` deletes what no output names.
 * Problems with single files (missing locally, a failed upload) do not stop the run: they are in
 * the summary. Fails (throws) only when the manifest cannot be read.
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
  await eachLimited(files, 16, async (file) => {
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
    log(`${options.dryRun ? "would upload" : "uploading"} ${pending.length} of ${files.length} files (${megabytes(toSend)}) to s3://${bucket}/${prefix}`);
  }

  // 2. Upload them: small files in one request, large ones in parts.
  let done = 0;
  let uploaded = 0;
  let resumed = 0;
  let bytes = 0;
  const progress = progressReporter(options);
  let unfinished: Promise<MultipartUpload[] | "unsupported"> | undefined;
  const unfinishedFor = async (key: string): Promise<MultipartUpload[]> => {
    unfinished ??= unfinishedUploads(client, bucket, prefix).then((uploads) => {
      if (uploads === "unsupported") log("note: this store cannot list unfinished multipart uploads (ListMultipartUploads), so an interrupted upload starts over");
      return uploads;
    });
    const uploads = await unfinished;
    return uploads === "unsupported" ? [] : uploads.filter((upload) => upload.Key === key).reverse();
  };

  await eachLimited(pending, options.concurrency ?? 4, async ({ file, key, size, sha256 }) => {
    const line = (note = "") => log(`[${++done}/${pending.length}] ${options.dryRun ? "would upload " : ""}${key} ${sizeText(size)}${note}`);
    if (options.dryRun) {
      bytes += size;
      line();
      return;
    }
    try {
      if (size <= partSize) {
        const body = await readFile(file.file);
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: body,
            ContentLength: body.length,
            ContentMD5: createHash("md5").update(body).digest("base64"),
            ...objectHeaders(file, hex(body, "sha256")),
          }),
        );
        bytes += body.length;
        uploaded += 1;
        line();
        return;
      }
      for (const upload of await unfinishedFor(key)) {
        const result = await resumeUpload(client, bucket, upload, { file: file.file, size, sha256 }, partSize, progress);
        if (result === "stale") {
          log(`  ${key}: an unfinished upload begun ${upload.Initiated?.toISOString() ?? "earlier"} holds other bytes (the file changed since); starting afresh (--prune aborts it)`);
          continue;
        }
        if (result === "wrong") {
          // This run's own object, and not the file: removed so that, should the upload below fail
          // too, no object carrying the file's hash is left looking published.
          log(`  ${key}: the resumed upload did not give the file back; uploading it whole`);
          await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
          break;
        }
        progress.end(key);
        bytes += result.sent;
        uploaded += 1;
        resumed += 1;
        line(` (resumed: sent part${result.parts.length === 1 ? "" : "s"} ${result.parts.join(", ")} of ${result.count}, ${megabytes(result.sent)})`);
        return;
      }
      const body = createReadStream(file.file);
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: body, ...objectHeaders(file, sha256) },
        partSize,
        queueSize: 4,
        // An interrupted upload keeps its parts, for the next run to finish (resumeUpload).
        leavePartsOnError: true,
      });
      upload.on("httpUploadProgress", ({ loaded }) => progress.update(key, loaded ?? 0, size));
      progress.update(key, 0, size);
      // lib-storage leaves the file open when a part fails.
      await upload.done().finally(() => body.destroy());
      progress.end(key);
      bytes += size;
      uploaded += 1;
      line();
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
    pruned = await pruneBucket(client, { bucket, prefix, keep, keepUploads: new Set(failed.map((item) => item.key)), dryRun: options.dryRun, log });
  }
  return { files: files.length, uploaded, toUpload: pending.length, resumed, unchanged, bytes: options.dryRun ? toSend : bytes, missing, failed, pruned };
}

// ---------------------------------------------------------------------------------------------
// Pruning

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
 * A dry run only lists them.
 */
export async function pruneBucket(
  client: S3Client,
  options: { bucket: string; prefix: string; keep: ReadonlySet<string>; keepUploads?: ReadonlySet<string>; dryRun?: boolean; log(line: string): void },
): Promise<PruneSummary> {
  const { bucket, prefix, keep, log } = options;
  const where = `s3://${bucket}/${prefix}`;
  const stale: string[] = [];
  let ContinuationToken: string | undefined;
  for (;;) {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken }));
    for (const object of page.Contents ?? []) if (object.Key !== undefined && !keep.has(object.Key)) stale.push(object.Key);
    if (!page.IsTruncated || !page.NextContinuationToken) break;
    ContinuationToken = page.NextContinuationToken;
  }
  stale.sort();
  const verb = options.dryRun ? "would delete" : "deleting";
  log(stale.length === 0 ? `prune: no object under ${where} is left over` : `prune: ${verb} ${stale.length} object${stale.length === 1 ? "" : "s"} under ${where} that no output names:`);
  for (const key of stale) log(`  ${key}`);
  if (!options.dryRun) await eachLimited(stale, 8, async (key) => void (await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))));

  const uploads = await unfinishedUploads(client, bucket, prefix);
  const aborted: string[] = [];
  if (uploads === "unsupported") {
    log("prune: this store cannot list unfinished multipart uploads; none aborted");
  } else {
    const leftover = uploads.filter((upload) => upload.Key !== undefined && !options.keepUploads?.has(upload.Key));
    if (leftover.length > 0) log(`prune: ${options.dryRun ? "would abort" : "aborting"} ${leftover.length} unfinished upload${leftover.length === 1 ? "" : "s"} nothing will resume:`);
    for (const upload of leftover) {
      log(`  ${upload.Key} (begun ${upload.Initiated?.toISOString() ?? "?"})`);
      if (!options.dryRun) await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }));
      aborted.push(upload.Key as string);
    }
  }
  return { objects: stale, uploads: aborted };
}

// ---------------------------------------------------------------------------------------------
// CORS

/**
 * The CORS rule a browser needs to play HLS from the bucket on the site's pages (docs/deploy.md):
 * video.js's engine fetches playlists and segments across origins, with Range, and reads their
 * lengths, ranges and tags.
 */
export function corsRules(origins: readonly string[]): CORSRule[] {
  return [
    {
      AllowedOrigins: [...origins],
      AllowedMethods: ["GET", "HEAD"],
      AllowedHeaders: ["Range"],
      ExposeHeaders: ["Content-Length", "Content-Range", "Accept-Ranges", "ETag"],
      MaxAgeSeconds: 86400,
    },
  ];
}

/** The rules as JSON for an operator to paste, in the layout of docs/deploy.md (lists on one line). */
export function corsJson(rules: CORSRule[]): string {
  return JSON.stringify(rules, null, 2).replace(/\[\s+([^[\]{}]*?)\s+\]/g, (_, items: string) => `[${items.split(/,\s+/).join(", ")}]`);
}

/**
 * Sets the bucket's CORS configuration to corsRules(origins) (PutBucketCors replaces the whole
 * configuration; the rules it replaces are logged, so nothing goes unseen). Returns whether it changed.
 */
export async function setCors(client: S3Client, bucket: string, origins: readonly string[], log: (line: string) => void): Promise<boolean> {
  const rules = corsRules(origins);
  const current = await client
    .send(new GetBucketCorsCommand({ Bucket: bucket }))
    .then((answer) => answer.CORSRules ?? [])
    .catch((error: unknown) => {
      if (error instanceof S3ServiceException && (error.name === "NoSuchCORSConfiguration" || statusOf(error) === 404)) return [];
      throw error;
    });
  // Stores give the rule's fields back in their own order.
  const comparable = (list: CORSRule[]) => JSON.stringify(list.map(({ ID: _id, ...rule }) => JSON.stringify(rule, Object.keys(rule).sort())));
  if (comparable(current) === comparable(rules)) {
    log(`cors: s3://${bucket} already has the rule for ${origins.join(", ")}`);
    return false;
  }
  await client.send(new PutBucketCorsCommand({ Bucket: bucket, CORSConfiguration: { CORSRules: rules } }));
  log(`cors: set on s3://${bucket} for ${origins.join(", ")}${current.length > 0 ? `, replacing ${JSON.stringify(current)}` : ""}`);
  return true;
}
