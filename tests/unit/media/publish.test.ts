import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

import {
  GetBucketCorsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { corsRules, setCors } from "#media-publish/cors.ts";
import { CACHE_CONTROL } from "#media-publish/headers.ts";
import { type PublishOptions, publishMedia } from "#media-publish/publish.ts";
import { staticFiles } from "#server/static-files.ts";
import { type CommandHook, s3rverClient } from "#tests/support/s3rver-client.ts";

/**
 * `npm run media:publish` (media-publish/, scripts/cli/media-publish.ts) against s3rver, an
 * S3 stand-in on a loopback port with its store in a temp folder, publishing a small temp project:
 * a still, its WebP, a seek-bar index, an icon, an HLS folder (master, a rung's playlist, two
 * segments) and an 11 MB film sent in 5 MB parts.
 */

const REPO = path.join(import.meta.dirname, "../../..");
const BUCKET = "media";
const PREFIX = "site/";
const MiB = 1024 * 1024;
const PART = 5 * MiB;

// ---------------------------------------------------------------------------------------------
// s3rver, and the multipart listing it lacks

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
  type: string;
}
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
interface S3rverServer {
  middleware: KoaMiddleware[];
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
// s3rver ships no types.
const S3rver = createRequire(import.meta.url)("s3rver") as new (options: Record<string, unknown>) => S3rverServer;

/** Whether the middleware below answers; off, the store is s3rver as it is. */
let emulateListing = true;

const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * s3rver 3.7.1 answers ListMultipartUploads with 501 NotImplemented, and ListParts and
 * AbortMultipartUpload with 405 MethodNotAllowed. This middleware, put in front of s3rver's own,
 * answers those three from the folders s3rver keeps per unfinished upload
 * (`{bucket}/._S3rver_uploads/{uploadId}/`: `key`, each part as `{n}` with its MD5 in `{n}.md5`),
 * in S3's XML. CreateMultipartUpload, UploadPart and CompleteMultipartUpload stay s3rver's.
 */
function multipartListing(directory: string): KoaMiddleware {
  return async (ctx, next) => {
    const [bucket = "", ...rest] = ctx.path.slice(1).split("/");
    const key = rest.map(decodeURIComponent).join("/");
    const uploadId = typeof ctx.query.uploadId === "string" ? ctx.query.uploadId : undefined;
    const listUploads = ctx.method === "GET" && key === "" && "uploads" in ctx.query;
    if (
      !emulateListing ||
      !(listUploads || (key !== "" && uploadId && (ctx.method === "GET" || ctx.method === "DELETE")))
    )
      return next();
    const uploads = path.join(directory, bucket, "._S3rver_uploads");
    const answer = (body: string) => {
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
      ctx.type = "application/xml";
    };
    if (listUploads) {
      const prefix = typeof ctx.query.prefix === "string" ? ctx.query.prefix : "";
      const found = [];
      for (const id of await readdir(uploads).catch(() => [])) {
        const upload = path.join(uploads, id);
        const uploadKey = await readFile(path.join(upload, "key"), "utf8");
        if (uploadKey.startsWith(prefix)) found.push({ id, key: uploadKey, initiated: (await stat(upload)).mtime });
      }
      found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.initiated.getTime() - b.initiated.getTime()));
      const items = found.map(
        (upload) =>
          `<Upload><Key>${xml(upload.key)}</Key><UploadId>${
            upload.id
          }</UploadId><Initiated>${upload.initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`,
      );
      answer(
        `<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${xml(
          bucket,
        )}</Bucket><KeyMarker></KeyMarker><UploadIdMarker></UploadIdMarker><Prefix>${xml(
          prefix,
        )}</Prefix><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>${items.join(
          "",
        )}</ListMultipartUploadsResult>`,
      );
      return;
    }
    const upload = path.join(uploads, uploadId as string);
    if ((await readFile(path.join(upload, "key"), "utf8").catch(() => undefined)) !== key) {
      ctx.status = 404;
      answer(`<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`);
      return;
    }
    if (ctx.method === "DELETE") {
      await rm(upload, { recursive: true });
      ctx.status = 204;
      return;
    }
    const numbers = (await readdir(upload))
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = [];
    for (const number of numbers) {
      const info = await stat(path.join(upload, String(number)));
      const md5 = await readFile(path.join(upload, `${number}.md5`), "utf8");
      parts.push(
        `<Part><PartNumber>${number}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${
          info.size
        }</Size></Part>`,
      );
    }
    answer(
      `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${xml(bucket)}</Bucket><Key>${xml(
        key,
      )}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>${
        numbers.at(-1) ?? 0
      }</NextPartNumberMarker><MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>${parts.join(
        "",
      )}</ListPartsResult>`,
    );
  };
}

// ---------------------------------------------------------------------------------------------
// The project, the store, the site

let root: string;
let store: string;
let s3rver: S3rverServer;
let endpoint: string;
let site: Server;
let siteOrigin: string;

/** Site path → the file's bytes as last written. */
const written = new Map<string, Buffer>();

async function put(sitePath: string, bytes: Buffer | string): Promise<Buffer> {
  const body = Buffer.from(bytes);
  const file = path.join(root, "public", sitePath);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, body);
  written.set(sitePath, body);
  return body;
}

const FILM = "/videos/reels/r.mp4";
const MANIFEST = {
  "/favicon.ico": { from: ["public/favicon.svg"], key: "0" },
  "/images/a.jpg": { from: ["media/agent/bio.png"], key: "1" },
  "/images/a.webp": { from: ["public/images/a.jpg"], key: "2" },
  "/images/reels/r-seek.vtt": { from: ["public/videos/reels/r.mp4"], key: "3" },
  [FILM]: { from: ["media/reels/r.mp4"], key: "4" },
  "/videos/reels/r/master.m3u8": { from: ["media/reels/r.mp4"], key: "5" },
};
/** Every file published: the manifest's, and those its HLS master names. */
const PUBLISHED = [
  "/favicon.ico",
  "/images/a.jpg",
  "/images/a.webp",
  "/images/reels/r-seek.vtt",
  FILM,
  "/videos/reels/r/360p/index.m3u8",
  "/videos/reels/r/360p/segment_000.ts",
  "/videos/reels/r/360p/segment_001.ts",
  "/videos/reels/r/master.m3u8",
];
const TYPES: Record<string, string> = {
  ".ico": "image/x-icon",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".vtt": "text/vtt; charset=utf-8",
  ".mp4": "video/mp4",
  ".m3u8": "application/vnd.apple.mpegurl",
  ".ts": "video/mp2t",
};

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const key = (sitePath: string) => `${PREFIX}${sitePath.slice(1)}`;

/** A client of the store; `hook` sees each command before it is sent, and may throw to make it fail. */
const client = (hook?: CommandHook): S3Client => s3rverClient(endpoint, hook);

/** A client that records each command (with its part number, for UploadPart). */
function recording(): { s3: S3Client; calls: string[] } {
  const calls: string[] = [];
  const s3 = client((command, input) => void calls.push(input.PartNumber ? `${command} ${input.PartNumber}` : command));
  return { s3, calls };
}

/** A client whose upload is cut off after its first part: parts 2 and on fail, as on a dropped connection. */
const interrupted = () =>
  client((command, input) => {
    if (command === "UploadPartCommand" && Number(input.PartNumber) >= 2) throw new Error("connection reset (test)");
  });

let lines: string[];
let statusLines: string[];
function options(extra: Partial<PublishOptions> = {}): PublishOptions {
  lines = [];
  statusLines = [];
  return { bucket: BUCKET, prefix: PREFIX, partSize: PART, log: (line) => lines.push(line), ...extra };
}

/** A client without hooks. */
let plain: S3Client;
const head = (objectKey: string) => plain.send(new HeadObjectCommand({ Bucket: BUCKET, Key: objectKey }));
const exists = (objectKey: string) =>
  head(objectKey).then(
    () => true,
    () => false,
  );
async function bytesOf(objectKey: string): Promise<Buffer> {
  const object = await plain.send(new GetObjectCommand({ Bucket: BUCKET, Key: objectKey }));
  return Buffer.from(await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
}
const unfinished = async () =>
  (await plain.send(new ListMultipartUploadsCommand({ Bucket: BUCKET, Prefix: PREFIX }))).Uploads ?? [];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "media-publish-"));
  store = path.join(root, "store");
  await mkdir(store);
  s3rver = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory: store,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  s3rver.middleware.unshift(multipartListing(store));
  endpoint = `http://127.0.0.1:${(await s3rver.run()).port}`;
  plain = client();

  await mkdir(path.join(root, "media"), { recursive: true });
  await writeFile(path.join(root, "media/manifest.json"), JSON.stringify(MANIFEST));
  await put("/favicon.ico", randomBytes(1150));
  await put("/images/a.jpg", randomBytes(3000));
  await put("/images/a.webp", randomBytes(2000));
  await put("/images/reels/r-seek.vtt", "WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nr-seek.webp#xywh=0,0,160,90\n");
  await put(
    "/videos/reels/r/master.m3u8",
    '#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-STREAM-INF:BANDWIDTH=573024,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"\n360p/index.m3u8\n',
  );
  await put(
    "/videos/reels/r/360p/index.m3u8",
    "#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.000000,\nsegment_000.ts\n#EXTINF:1.000000,\nsegment_001.ts\n#EXT-X-ENDLIST\n",
  );
  await put("/videos/reels/r/360p/segment_000.ts", randomBytes(20_000));
  await put("/videos/reels/r/360p/segment_001.ts", randomBytes(20_000));
  await put(FILM, randomBytes(11 * MiB));

  // The site's own static layer over the same public/, for the headers it gives each file.
  await mkdir(path.join(root, "public/build"));
  const app = express();
  app.use(await staticFiles(root, { assetsBuildDirectory: "public/build", publicPath: "/build/" }));
  site = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => site.once("listening", resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
  await s3rver?.close();
  await rm(root, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------

describe("media:publish", () => {
  it("publishes every file the outputs name, with the site's types and lifetime, byte for byte", async () => {
    const summary = await publishMedia(plain, root, options({ status: (status) => statusLines.push(...status) }));
    expect(summary).toMatchObject({
      files: 9,
      uploaded: 9,
      unchanged: 0,
      missing: [],
      failed: [],
      bytes: PUBLISHED.reduce((sum, file) => sum + (written.get(file)?.length ?? 0), 0),
    });
    expect(lines.filter((line) => line.startsWith("["))).toHaveLength(9);
    // Each line as its file is done (up to four at once): numbered in the order they end.
    expect(lines.some((line) => /^\[\d\/9\] site\/videos\/reels\/r\/master\.m3u8 1 KB$/.test(line))).toBe(true);
    expect(lines.some((line) => /^\[\d\/9\] site\/videos\/reels\/r\.mp4 11\.0 MB$/.test(line))).toBe(true);
    // The large file's progress, from lib-storage's httpUploadProgress (once per part in Node: the
    // three parts go up at once, so in any order).
    const progress = statusLines.filter((line) => line.startsWith("  site/videos/reels/r.mp4: "));
    expect(progress[0]).toBe("  site/videos/reels/r.mp4: 0% (0.0 MB of 11.0 MB)");
    expect(progress.at(-1)).toBe("  site/videos/reels/r.mp4: 100% (11.0 MB of 11.0 MB)");
    expect(progress.length).toBeGreaterThanOrEqual(4);

    for (const file of PUBLISHED) {
      const object = await head(key(file));
      const local = written.get(file) as Buffer;
      const served = await fetch(`${siteOrigin}${file}`);
      expect(served.status, file).toBe(200);
      expect(object.ContentType, file).toBe(TYPES[path.extname(file)]);
      expect(object.ContentType?.toLowerCase(), file).toBe(served.headers.get("content-type")?.toLowerCase());
      expect(object.CacheControl, file).toBe(CACHE_CONTROL);
      expect(object.CacheControl, file).toBe(served.headers.get("cache-control"));
      expect(object.Metadata?.sha256, file).toBe(sha256(local));
      // No gzip bodies: playlists and WebVTT go up as they are, served the same to every client.
      expect(object.ContentEncoding, file).toBeUndefined();
      expect((await bytesOf(key(file))).equals(local), file).toBe(true);
    }
  });

  it("uploads nothing on a second run", async () => {
    const { s3, calls } = recording();
    const summary = await publishMedia(s3, root, options());
    expect(summary).toMatchObject({ uploaded: 0, unchanged: 9, bytes: 0, failed: [] });
    expect(new Set(calls)).toEqual(new Set(["HeadObjectCommand"]));
    expect(lines).toEqual([]);
  });

  it("uploads only the file that changed", async () => {
    const webp = await put("/images/a.webp", randomBytes(2100));
    const { s3, calls } = recording();
    const summary = await publishMedia(s3, root, options());
    expect(summary).toMatchObject({ uploaded: 1, unchanged: 8, bytes: 2100 });
    expect(calls.filter((call) => call !== "HeadObjectCommand")).toEqual(["PutObjectCommand"]);
    expect(lines).toContain("[1/1] site/images/a.webp 3 KB");
    expect((await head(key("/images/a.webp"))).Metadata?.sha256).toBe(sha256(webp));
    expect((await bytesOf(key("/images/a.webp"))).equals(webp)).toBe(true);
  });

  it("uploads again an object whose bytes match but whose headers do not", async () => {
    const jpg = written.get("/images/a.jpg") as Buffer;
    await plain.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: key("/images/a.jpg"),
        Body: jpg,
        ContentType: "image/jpeg",
        CacheControl: "max-age=60",
        Metadata: { sha256: sha256(jpg) },
      }),
    );
    const summary = await publishMedia(plain, root, options());
    expect(summary).toMatchObject({ uploaded: 1, unchanged: 8 });
    expect((await head(key("/images/a.jpg"))).CacheControl).toBe(CACHE_CONTROL);
  });

  it("resumes an interrupted multipart upload, sending only the missing parts", async () => {
    const before = (await head(key(FILM))).Metadata?.sha256;
    const film = await put(FILM, randomBytes(11 * MiB));

    const cut = await publishMedia(interrupted(), root, options());
    expect(cut.uploaded).toBe(0);
    expect(cut.failed).toEqual([{ key: key(FILM), error: "connection reset (test)" }]);
    // The object is still the previous film, and the upload is left with its first part.
    expect((await head(key(FILM))).Metadata?.sha256).toBe(before);
    expect((await unfinished()).map((upload) => upload.Key)).toEqual([key(FILM)]);

    const { s3, calls } = recording();
    const summary = await publishMedia(s3, root, options());
    expect(summary).toMatchObject({ uploaded: 1, resumed: 1, unchanged: 8, bytes: 6 * MiB, failed: [] });
    // Found by listing, then its two missing parts (sent at once), completed, and read back (GetObject).
    const sent = calls.filter((call) => call !== "HeadObjectCommand");
    expect(sent.slice(0, 2)).toEqual(["ListMultipartUploadsCommand", "ListPartsCommand"]);
    expect(sent.slice(2, 4).sort()).toEqual(["UploadPartCommand 2", "UploadPartCommand 3"]);
    expect(sent.slice(4)).toEqual(["CompleteMultipartUploadCommand", "GetObjectCommand"]);
    expect(lines).toContain("[1/1] site/videos/reels/r.mp4 11.0 MB (resumed: sent parts 2, 3 of 3, 6.0 MB)");
    expect((await head(key(FILM))).Metadata?.sha256).toBe(sha256(film));
    expect(sha256(await bytesOf(key(FILM)))).toBe(sha256(film));
    expect(await unfinished()).toEqual([]);
  });

  it("logs a large upload's progress every progressEvery seconds when there is no terminal", async () => {
    const film = await put(FILM, randomBytes(11 * MiB));
    // Each part takes a quarter of a second, as on a slow link.
    const slow = client(async (command) => {
      if (command === "UploadPartCommand") await new Promise((resolve) => setTimeout(resolve, 250));
    });
    const summary = await publishMedia(slow, root, options({ progressEvery: 0.05 }));
    expect(summary).toMatchObject({ uploaded: 1, failed: [] });
    const progress = lines.filter((line) =>
      /^ {2}site\/videos\/reels\/r\.mp4: \d+% \(\d+\.\d MB of 11\.0 MB\)$/.test(line),
    );
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(lines.at(-1)).toBe("[1/1] site/videos/reels/r.mp4 11.0 MB");
    expect(sha256(await bytesOf(key(FILM)))).toBe(sha256(film));
  });

  it("does not resume an upload of bytes the file no longer holds, and leaves it for --prune", async () => {
    await put(FILM, randomBytes(11 * MiB));
    expect((await publishMedia(interrupted(), root, options())).failed).toHaveLength(1);
    const film = await put(FILM, randomBytes(11 * MiB));

    const { s3, calls } = recording();
    const summary = await publishMedia(s3, root, options());
    expect(summary).toMatchObject({ uploaded: 1, resumed: 0, bytes: 11 * MiB, failed: [] });
    expect(lines.some((line) => line.includes("holds other bytes (the file changed since); starting afresh"))).toBe(
      true,
    );
    expect(calls).toContain("CreateMultipartUploadCommand");
    expect(calls.filter((call) => call.startsWith("UploadPartCommand"))).toEqual(
      expect.arrayContaining(["UploadPartCommand 1", "UploadPartCommand 2", "UploadPartCommand 3"]),
    );
    expect(sha256(await bytesOf(key(FILM)))).toBe(sha256(film));
    expect(await unfinished()).toHaveLength(1);
  });

  it("starts over when the store cannot list unfinished uploads (s3rver as it is)", async () => {
    await put(FILM, randomBytes(11 * MiB));
    expect((await publishMedia(interrupted(), root, options())).failed).toHaveLength(1);
    const film = await put(FILM, randomBytes(11 * MiB));
    emulateListing = false;
    try {
      const { s3, calls } = recording();
      const summary = await publishMedia(s3, root, options());
      expect(summary).toMatchObject({ uploaded: 1, resumed: 0, failed: [] });
      expect(lines.some((line) => line.startsWith("note: this store cannot list unfinished multipart uploads"))).toBe(
        true,
      );
      expect(calls).toContain("CreateMultipartUploadCommand");
      expect(sha256(await bytesOf(key(FILM)))).toBe(sha256(film));
    } finally {
      emulateListing = true;
    }
  });

  it("--prune deletes what no output names (only under the prefix), and --dry-run only lists it", async () => {
    for (const extra of ["site/videos/old.mp4", "site/images/gone.jpg", "elsewhere/keep.jpg"]) {
      await plain.send(new PutObjectCommand({ Bucket: BUCKET, Key: extra, Body: "x" }));
    }
    const leftovers = (await unfinished()).length;
    expect(leftovers).toBe(2); // the two interrupted uploads the tests above left

    const dry = await publishMedia(plain, root, options({ prune: true, dryRun: true }));
    expect(dry.pruned).toEqual({
      objects: ["site/images/gone.jpg", "site/videos/old.mp4"],
      uploads: [key(FILM), key(FILM)],
    });
    expect(lines).toContain("prune: would delete 2 objects under s3://media/site/ that no output names:");
    expect(await exists("site/videos/old.mp4")).toBe(true);
    expect(await unfinished()).toHaveLength(2);

    const summary = await publishMedia(plain, root, options({ prune: true }));
    expect(summary.pruned?.objects).toEqual(["site/images/gone.jpg", "site/videos/old.mp4"]);
    expect(await exists("site/videos/old.mp4")).toBe(false);
    expect(await exists("site/images/gone.jpg")).toBe(false);
    expect(await exists("elsewhere/keep.jpg")).toBe(true);
    expect(await unfinished()).toEqual([]);
    for (const file of PUBLISHED) expect(await exists(key(file)), file).toBe(true);
  });

  it("reports files the manifest names that are missing, publishes the rest, and prunes none of them", async () => {
    const manifest = path.join(root, "media/manifest.json");
    const segment = path.join(root, "public/videos/reels/r/360p/segment_001.ts");
    await writeFile(manifest, JSON.stringify({ ...MANIFEST, "/images/nope.jpg": { from: [], key: "6" } }));
    await rm(segment);
    const jpg = await put("/images/a.jpg", randomBytes(3100));
    try {
      const summary = await publishMedia(plain, root, options({ prune: true }));
      expect(summary.missing).toEqual(["/images/nope.jpg", "/videos/reels/r/360p/segment_001.ts"]);
      expect(summary).toMatchObject({
        files: 8,
        uploaded: 1,
        unchanged: 7,
        failed: [],
        pruned: { objects: [], uploads: [] },
      });
      expect(lines).toContain(
        "missing: public/videos/reels/r/360p/segment_001.ts (named in media/manifest.json; run npm run media)",
      );
      expect((await bytesOf(key("/images/a.jpg"))).equals(jpg)).toBe(true);
      expect(await exists(key("/videos/reels/r/360p/segment_001.ts"))).toBe(true);
    } finally {
      await writeFile(manifest, JSON.stringify(MANIFEST));
      await put("/videos/reels/r/360p/segment_001.ts", written.get("/videos/reels/r/360p/segment_001.ts") as Buffer);
    }
  });

  it("sets the bucket's CORS rule for HLS from another origin", async () => {
    const log: string[] = [];
    expect(await setCors(plain, BUCKET, ["https://www.example.com"], (line) => log.push(line))).toBe(true);
    const { CORSRules } = await plain.send(new GetBucketCorsCommand({ Bucket: BUCKET }));
    expect(CORSRules).toEqual([
      {
        AllowedOrigins: ["https://www.example.com"],
        AllowedMethods: ["GET", "HEAD"],
        AllowedHeaders: ["Range"],
        ExposeHeaders: ["Content-Length", "Content-Range", "Accept-Ranges", "ETag"],
        MaxAgeSeconds: 86400,
      },
    ]);
    expect(CORSRules).toEqual(corsRules(["https://www.example.com"]));
    // Set already: nothing to change.
    expect(await setCors(plain, BUCKET, ["https://www.example.com"], (line) => log.push(line))).toBe(false);
    // s3rver applies the rule: a preflight for a Range request from the site passes, one from
    // elsewhere does not, and a GET from the site gets its origin and the exposed headers back.
    const master = `${endpoint}/${BUCKET}/${key("/videos/reels/r/master.m3u8")}`;
    const preflight = (origin: string) =>
      fetch(master, {
        method: "OPTIONS",
        headers: { Origin: origin, "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "range" },
      });
    const allowed = await preflight("https://www.example.com");
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-headers")).toBe("range");
    expect((await preflight("https://elsewhere.example")).status).toBe(403);
    const get = await fetch(master, { headers: { Origin: "https://www.example.com", Range: "bytes=0-6" } });
    expect(get.status).toBe(206);
    expect(await get.text()).toBe("#EXTM3U");
    expect(get.headers.get("access-control-allow-origin")).toBe("https://www.example.com");
    expect(get.headers.get("access-control-expose-headers")).toBe("Content-Length, Content-Range, Accept-Ranges, ETag");
  });
});

// ---------------------------------------------------------------------------------------------

describe("npm run media:publish (the command)", () => {
  /** Runs scripts/cli/media-publish.ts with these settings (and no AWS_ or MEDIA_ variables of the caller's). */
  function command(
    args: string[],
    env: Record<string, string>,
  ): Promise<{ code: number; stdout: string; stderr: string }> {
    const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(AWS_|MEDIA_)/.test(name)));
    return new Promise((resolve) => {
      execFile(
        path.join(REPO, "node_modules/.bin/tsx"),
        [path.join(REPO, "scripts/cli/media-publish.ts"), ...args],
        {
          env: { ...base, AWS_EC2_METADATA_DISABLED: "true", ...env } as unknown as NodeJS.ProcessEnv,
          encoding: "utf8",
        },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  }
  const settings = () => ({
    MEDIA_BUCKET: BUCKET,
    MEDIA_ENDPOINT: endpoint,
    AWS_ACCESS_KEY_ID: "S3RVER",
    AWS_SECRET_ACCESS_KEY: "S3RVER",
    MEDIA_PREFIX: "cli",
  });

  it("names a missing or malformed setting in one line and exits 1", { timeout: 30_000 }, async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ MEDIA_BUCKET: "" }, /^media:publish: MEDIA_BUCKET is not set/],
      [{ MEDIA_BUCKET: "s3://media/site" }, /^media:publish: MEDIA_BUCKET must be a bucket's name/],
      [{ MEDIA_ENDPOINT: "ftp://127.0.0.1" }, /^media:publish: MEDIA_ENDPOINT must be an http\(s\) URL/],
      [{ MEDIA_PREFIX: "/site" }, /^media:publish: MEDIA_PREFIX must be a folder inside the bucket/],
      [{ AWS_REGION: "US East" }, /^media:publish: AWS_REGION must be a region's name/],
      [{ AWS_SECRET_ACCESS_KEY: "" }, /^media:publish: AWS_SECRET_ACCESS_KEY is not set, while AWS_ACCESS_KEY_ID is/],
      [{ MEDIA_BUCKET: "no-such-bucket" }, /^media:publish: MEDIA_BUCKET: there is no bucket "no-such-bucket" at http/],
    ];
    // Two at a time, for a two-core machine.
    for (let index = 0; index < cases.length; index += 2) {
      const pair = cases.slice(index, index + 2);
      const results = await Promise.all(pair.map(([env]) => command(["--root", root], { ...settings(), ...env })));
      results.forEach(({ code, stdout, stderr }, which) => {
        expect(code, stderr).toBe(1);
        expect(stderr.trim().split("\n"), stderr).toHaveLength(1);
        expect(stderr.trim()).toMatch(pair[which][1]);
        expect(stdout).toBe("");
      });
    }
  });

  it(
    "publishes, prints a line per file and the counts, and a second run uploads nothing",
    { timeout: 30_000 },
    async () => {
      const first = await command(["--root", root, "--cors", "https://www.example.com/"], settings());
      expect(first.code, first.stderr).toBe(0);
      const out = first.stdout.split("\n");
      expect(out.filter((line) => /^\[\d\/9\] cli\//.test(line))).toHaveLength(9);
      expect(out.some((line) => /^\[\d\/9\] cli\/videos\/reels\/r\/master\.m3u8 1 KB$/.test(line))).toBe(true);
      expect(first.stdout).toMatch(/^9 uploaded, 0 unchanged \(11\.0 MB\) in \d+\.\d s$/m);
      expect(first.stdout).toContain("cors: s3://media already has the rule for https://www.example.com");
      expect(first.stdout).not.toContain("CORS rule for HLS");

      const second = await command(["--root", root], settings());
      expect(second.code, second.stderr).toBe(0);
      expect(second.stdout).toMatch(/^0 uploaded, 9 unchanged \(0\.0 MB\) in \d+\.\d s$/m);
      // Without --cors, the rule is printed for the store's console.
      expect(second.stdout).toContain('"AllowedOrigins": ["https://www.your-agency.example"]');
      expect(second.stdout).toContain('"ExposeHeaders": ["Content-Length", "Content-Range", "Accept-Ranges", "ETag"]');
    },
  );
});
