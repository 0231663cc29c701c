import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Job } from "#media-build/kinds.ts";
import { fetchLackingSources, readBy } from "#media-publish/lacking-sources.ts";
import { publishMedia } from "#media-publish/publish.ts";
import { readSettings, SettingError, type Settings } from "#media-publish/settings.ts";
import { SOURCES } from "#media-publish/source-list.ts";
import { publishSources, type SourcesOptions } from "#media-publish/sources.ts";
import { s3rverClient } from "#tests/support/s3rver-client.ts";

/**
 * The sources kept in the bucket (media-publish/sources.ts, issue 55): published under
 * `{prefix}sources/` with their SHA-256 and listed in media/sources.json, left alone by a second run
 * and by --prune, and fetched back into a copy that lacks them, checked against the list. Against
 * s3rver, as publish.test.ts; a film of 11 MB goes up in 5 MB parts.
 */

// openBucket (through fetchLackingSources) reads the keys from the SDK's default chain: s3rver's.
Object.assign(process.env, { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" });

const REPO = path.join(import.meta.dirname, "../../..");
const BUCKET = "media";
const ORIGINALS = "originals";
const PREFIX = "site/";
const MiB = 1024 * 1024;

// s3rver ships no types.
const S3rver = createRequire(import.meta.url)("s3rver") as new (options: Record<string, unknown>) => {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
};

const CLIP = "media/artists/ada-rowe/clip.mp4";
const BIO = "media/agent/bio.jpg";
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

let scratch: string;
let root: string;
let s3rver: InstanceType<typeof S3rver>;
let endpoint: string;
let plain: S3Client;
const bytes = new Map<string, Buffer>();
/** A source's bytes as last written to the project. */
const of = (file: string) => bytes.get(file) as Buffer;

/** A client of the store; the commands it sends are added to `record`. */
const client = (record?: string[]): S3Client => s3rverClient(endpoint, (command) => void record?.push(command));

async function put(at: string, file: string, body: Buffer): Promise<void> {
  await mkdir(path.dirname(path.join(at, file)), { recursive: true });
  await writeFile(path.join(at, file), body);
  if (at === root) bytes.set(file, body);
}

let lines: string[];
const options = (extra: Partial<SourcesOptions> = {}): SourcesOptions => {
  lines = [];
  return { bucket: BUCKET, prefix: PREFIX, partSize: 5 * MiB, log: (line) => lines.push(line), ...extra };
};
const settings = (extra: Partial<Settings> = {}): Settings => ({
  bucket: BUCKET,
  sourcesBucket: BUCKET,
  endpoint,
  region: "us-east-1",
  prefix: PREFIX,
  ...extra,
});
const head = (key: string, bucket = BUCKET) => plain.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
async function object(key: string, bucket = BUCKET): Promise<Buffer> {
  const got = await plain.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from(await (got.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
}
/** A copy as a fresh clone has it: the committed lists, no sources. */
async function freshCopy(): Promise<string> {
  const copy = await mkdtemp(path.join(scratch, "copy-"));
  await mkdir(path.join(copy, "media"));
  await writeFile(path.join(copy, SOURCES), await readFile(path.join(root, SOURCES)));
  return copy;
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "media-sources-"));
  root = path.join(scratch, "project");
  await mkdir(path.join(scratch, "store"));
  s3rver = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory: path.join(scratch, "store"),
    silent: true,
    configureBuckets: [{ name: BUCKET }, { name: ORIGINALS }],
  });
  endpoint = `http://127.0.0.1:${(await s3rver.run()).port}`;
  plain = client();
  await put(root, CLIP, randomBytes(11 * MiB));
  await put(root, BIO, randomBytes(3000));
  await put(root, "media/manifest.json", Buffer.from(JSON.stringify({ "/images/a.jpg": { from: [BIO], key: "1" } })));
  await put(root, "public/images/a.jpg", randomBytes(500));
});

afterAll(async () => {
  await s3rver?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe("the sources in the bucket", () => {
  it("publishes each under the prefix's sources/ with its SHA-256, never publicly cached, and lists it", async () => {
    const summary = await publishSources(client(), root, [BIO, CLIP, "media/manifest.json"], options());
    expect(summary).toMatchObject({ files: 2, uploaded: 2, unchanged: 0, bytes: 11 * MiB + 3000, failed: [] });
    expect(lines).toContain("[1/2] site/sources/agent/bio.jpg 3 KB");
    expect(lines).toContain("[2/2] site/sources/artists/ada-rowe/clip.mp4 11.0 MB");
    for (const [file, key] of [
      [BIO, "site/sources/agent/bio.jpg"],
      [CLIP, "site/sources/artists/ada-rowe/clip.mp4"],
    ]) {
      const found = await head(key);
      expect(found.Metadata?.sha256, file).toBe(sha256(of(file)));
      expect(found.ContentType, file).toBe("application/octet-stream");
      expect(found.CacheControl, file).toBe("private");
      expect((await object(key)).equals(of(file)), file).toBe(true);
    }
    // One source a line, sorted, as media/manifest.json is written.
    expect(await readFile(path.join(root, SOURCES), "utf8")).toBe(
      `{\n  "${BIO}": {"sha256":"${sha256(of(BIO))}","bytes":3000},\n` +
        `  "${CLIP}": {"sha256":"${sha256(of(CLIP))}","bytes":${11 * MiB}}\n}\n`,
    );
  });

  it("uploads nothing the second time, and --prune of the outputs leaves the sources", async () => {
    const calls: string[] = [];
    const list = await readFile(path.join(root, SOURCES), "utf8");
    const summary = await publishSources(client(calls), root, [BIO, CLIP], options());
    expect(summary).toMatchObject({ uploaded: 0, unchanged: 2, bytes: 0, failed: [] });
    expect(new Set(calls)).toEqual(new Set(["HeadObjectCommand"]));
    expect(lines).toEqual([]);
    expect(await readFile(path.join(root, SOURCES), "utf8")).toBe(list);

    const pruned = await publishMedia(plain, root, { bucket: BUCKET, prefix: PREFIX, prune: true, log: () => {} });
    expect(pruned.pruned?.objects).toEqual([]);
    expect((await head("site/sources/agent/bio.jpg")).Metadata?.sha256).toBe(sha256(of(BIO)));
  });

  it("fetches into a fresh copy what it lacks, byte for byte, a line a file", async () => {
    const copy = await freshCopy();
    lines = [];
    const fetched = await fetchLackingSources(copy, settings(), { log: (line) => lines.push(line) });
    expect(fetched).toEqual([BIO, CLIP]);
    for (const file of [BIO, CLIP]) expect((await readFile(path.join(copy, file))).equals(of(file))).toBe(true);
    // Two at a time, each line as its file is done.
    expect(
      lines
        .filter((line) => /^\[\d\/2\] /.test(line))
        .map((line) => line.slice(6))
        .sort(),
    ).toEqual([`fetched ${BIO} 3 KB`, `fetched ${CLIP} 11.0 MB`]);
    // Whole now: nothing more to fetch, and the bucket is not asked.
    expect(await fetchLackingSources(copy, settings({ endpoint: "http://127.0.0.1:9" }), { log: () => {} })).toEqual(
      [],
    );
  });

  it("fetches only the sources the jobs read, and without a bucket only says what is missing", async () => {
    const copy = await freshCopy();
    const bio = { source: { slot: { base: "media/agent/bio", type: "image" } } } as Job; // the one field readBy reads
    expect(await fetchLackingSources(copy, settings(), { only: readBy([bio]), log: () => {} })).toEqual([BIO]);
    expect(existsSync(path.join(copy, CLIP))).toBe(false);
    lines = [];
    expect(await fetchLackingSources(copy, undefined, { log: (line) => lines.push(line) })).toEqual([]);
    expect(lines).toEqual([
      `note: 1 source ${SOURCES} lists is not in media/ (set MEDIA_BUCKET, docs/deploy.md, to fetch them): ${CLIP}`,
    ]);
  });

  it("refuses an object whose bytes are not those listed, naming the file, and keeps nothing of it", async () => {
    // Other bytes of the same length, under the hash the list records.
    const bio = (body: Buffer) =>
      plain.send(
        new PutObjectCommand({
          Bucket: BUCKET,
          Key: "site/sources/agent/bio.jpg",
          Body: body,
          Metadata: { sha256: sha256(of(BIO)) },
        }),
      );
    await bio(randomBytes(3000));
    const copy = await freshCopy();
    const fetching = fetchLackingSources(copy, settings(), { log: () => {} });
    await expect(fetching).rejects.toThrow(
      new RegExp(
        `^1 source could not be fetched:\\n  ${BIO}: the bucket's copy \\(s3://media/site/sources/agent/bio\\.jpg\\) is not the file media/sources\\.json lists`,
      ),
    );
    expect(existsSync(path.join(copy, BIO))).toBe(false);
    expect(await readdir(path.join(copy, "media/agent"))).toEqual([]);
    // The other source came whole.
    expect((await readFile(path.join(copy, CLIP))).equals(of(CLIP))).toBe(true);
    await bio(of(BIO)); // back as published, for the tests below
  });

  it("takes a removed or replaced source off the list, and fetches no predecessor of a source here", async () => {
    const mov = "media/artists/ada-rowe/clip.mov";
    await put(root, mov, randomBytes(2000));
    await rm(path.join(root, CLIP));
    const summary = await publishSources(client(), root, [CLIP, mov], options());
    expect(summary).toMatchObject({ uploaded: 1, dropped: [CLIP] });
    const list = JSON.parse(await readFile(path.join(root, SOURCES), "utf8")) as Record<string, unknown>;
    expect(Object.keys(list)).toEqual([BIO, mov]);

    // A list from before the replacement, in a copy holding the new file: the old one is not fetched.
    const copy = await freshCopy();
    await writeFile(
      path.join(copy, SOURCES),
      JSON.stringify({ ...list, [CLIP]: { sha256: "0".repeat(64), bytes: 1 } }),
    );
    await put(copy, mov, of(mov));
    expect(await fetchLackingSources(copy, settings(), { log: () => {} })).toEqual([BIO]);
  });

  it("goes to MEDIA_SOURCES_BUCKET when set, the media bucket otherwise", async () => {
    const read = (sources?: string) =>
      readSettings({ MEDIA_BUCKET: BUCKET, MEDIA_SOURCES_BUCKET: sources } as unknown as NodeJS.ProcessEnv);
    expect(read().sourcesBucket).toBe(BUCKET);
    expect(read(ORIGINALS).sourcesBucket).toBe(ORIGINALS);
    expect(() => read("s3://x")).toThrow(SettingError);
    expect(() => read("s3://x")).toThrow(/^MEDIA_SOURCES_BUCKET must be a bucket's name/);

    await publishSources(client(), root, [BIO], options({ bucket: ORIGINALS }));
    expect((await object("site/sources/agent/bio.jpg", ORIGINALS)).equals(of(BIO))).toBe(true);
    const copy = await freshCopy();
    await writeFile(path.join(copy, SOURCES), JSON.stringify({ [BIO]: { sha256: sha256(of(BIO)), bytes: 3000 } }));
    expect(await fetchLackingSources(copy, settings({ sourcesBucket: ORIGINALS }), { log: () => {} })).toEqual([BIO]);
    await expect(
      fetchLackingSources(await freshCopy(), settings({ sourcesBucket: "no-such-bucket" }), { log: () => {} }),
    ).rejects.toThrow('MEDIA_SOURCES_BUCKET: there is no bucket "no-such-bucket"');
  });
});

describe("npm run media:publish", () => {
  it("publishes the sources in media/ too, and lists them", { timeout: 30_000 }, async () => {
    const env = {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(AWS_|MEDIA_)/.test(name))),
      ...{ AWS_EC2_METADATA_DISABLED: "true", AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" },
      ...{ MEDIA_BUCKET: BUCKET, MEDIA_ENDPOINT: endpoint, MEDIA_PREFIX: "cli" },
    } as unknown as NodeJS.ProcessEnv;
    const run = () =>
      new Promise<{ code: number; stdout: string }>((resolve) =>
        execFile(
          path.join(REPO, "node_modules/.bin/tsx"),
          [path.join(REPO, "scripts/cli/media-publish.ts"), "--root", root],
          { env, encoding: "utf8" },
          (error, stdout) => resolve({ code: error ? 1 : 0, stdout }),
        ),
      );
    await rm(path.join(root, SOURCES));
    const first = await run();
    expect(first.code, first.stdout).toBe(0);
    expect(first.stdout).toMatch(
      /^sources: 2 uploaded, 0 unchanged \(0\.0 MB\) to s3:\/\/media\/cli\/sources\/, listed in media\/sources\.json$/m,
    );
    expect((await head("cli/sources/agent/bio.jpg")).Metadata?.sha256).toBe(sha256(of(BIO)));
    expect(Object.keys(JSON.parse(await readFile(path.join(root, SOURCES), "utf8")))).toEqual([
      BIO,
      "media/artists/ada-rowe/clip.mov",
    ]);
    expect((await run()).stdout).toMatch(/^sources: 0 uploaded, 2 unchanged \(0\.0 MB\)/m);
  });
});
