/**
 * A full disk under the editing servers (edit/server/disk-full.ts): a save, an upload's bytes and an
 * upload's record that cannot be written are a 507 in the editor's words, nothing of them half-written,
 * and the server goes on. The disk is never filled: node:fs's writeFile is replaced by one that writes
 * half of what it is given under `full.under`, then fails as a full disk does (ENOSPC); the .part of an
 * upload is written through a file that does the same past a number of bytes.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, open, readFile, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

import { afterAll, afterEach, describe, expect, test, vi } from "vitest";

import { applySave } from "#edit/server/apply-save.ts";
import { SAVE_DISK_FULL, unlessDiskFull, UPLOAD_DISK_FULL } from "#edit/server/disk-full.ts";
import { uploadStaging } from "#edit/server/upload-staging.ts";
import { type PartFile, receiveUpload, type UploadResult } from "#edit/server/upload-stream.ts";
import { fetchServer } from "#tests/support/fetch-server.ts";
import { scratchProject } from "#tests/support/project-copy.ts";

const full = vi.hoisted(() => ({ under: undefined as string | undefined }));

const noRoom = () => Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });

vi.mock("node:fs/promises", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs/promises")>();
  const writeFile = async (...[file, data, options]: Parameters<typeof fs.writeFile>) => {
    if (full.under === undefined || typeof file !== "string" || !file.startsWith(full.under))
      return fs.writeFile(file, data, options);
    const bytes = typeof data === "string" ? Buffer.from(data) : Buffer.from(data as Uint8Array);
    await fs.writeFile(file, bytes.subarray(0, Math.floor(bytes.length / 2)), options);
    throw noRoom();
  };
  return { ...fs, default: { ...fs, writeFile }, writeFile };
});

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));
afterEach(() => {
  full.under = undefined;
});

describe("a save the disk has no room for", () => {
  test("507 in words; the content file as it was, no scrap beside it", async () => {
    const root = await scratchProject("disk-full-save-", ["app/content", "media/manifest.json"]);
    folders.push(root);
    const folder = "app/content/artists/directors";
    const name = readdirSync(path.join(root, folder)).find((entry) => entry.endsWith(".md"))!;
    const entry = path.join(root, folder, name);
    const before = readFileSync(entry);
    const save = {
      additions: [{ path: `${folder}/${name}`, contents: before.toString("base64url") }],
      deletions: [],
    };

    full.under = path.join(root, "app/content");
    const saved = vi.fn();
    const outcome = await unlessDiskFull(applySave(root, save, { saved }), SAVE_DISK_FULL);
    expect(outcome).toEqual({ status: 507, message: SAVE_DISK_FULL });
    expect(readFileSync(entry)).toEqual(before);
    expect(readdirSync(path.join(root, folder)).filter((file) => file.startsWith("."))).toEqual([]);
    expect(saved).not.toHaveBeenCalled();

    full.under = undefined;
    expect(await applySave(root, save, { saved })).toMatchObject({ status: 200 });
  });

  test("any other failure is not taken for a full disk", async () => {
    const denied = Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
    await expect(unlessDiskFull(Promise.reject(denied), SAVE_DISK_FULL)).rejects.toBe(denied);
  });
});

describe("an upload the disk has no room for", () => {
  test("asked for: 507 in words, no record left", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "disk-full-staging-"));
    folders.push(dir);
    const staging = uploadStaging(dir, { freeBytes: () => Promise.resolve(1024 ** 4) });
    full.under = dir;
    const minted = await staging.mint("ada@agency.example", { extension: "mp4", bytes: 1000 });
    expect(minted).toEqual({
      status: 507,
      message:
        "This file is 1000 bytes, and the disk the uploads are written to is full. Try again once room is made (whoever runs the service can make it).",
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  test("its bytes: 507 in words, what reached the disk kept whole, and the upload goes on from there", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "disk-full-upload-"));
    folders.push(dir);
    const target = path.join(dir, "film.mp4");
    const size = 4096;
    const film = Buffer.alloc(size, 7);
    /** A disk with room for `room` more bytes of the .part. */
    let room = 1500;
    const openPart = async (file: string, flags: "w" | "a"): Promise<PartFile> => {
      const handle = await open(file, flags);
      return {
        async write(buffer, offset, length) {
          if (room === 0) throw noRoom();
          const fits = Math.min(length, room);
          room -= fits;
          return handle.write(buffer, offset, fits);
        },
        close: () => handle.close(),
      };
    };
    const results: UploadResult[] = [];
    const server = await fetchServer(async (request) => {
      const result = await receiveUpload(request, target, { maxBytes: size, root: dir, openPart });
      results.push(result);
      return new Response(result.message ?? "", { status: result.status });
    });
    const url = `${server.origin}/`;
    const put = (from: number) =>
      new Promise<number>((resolve) => {
        const request = http.request(url, {
          method: "PUT",
          headers: { "content-length": size - from, "content-range": `bytes ${from}-${size - 1}/${size}` },
        });
        request.on("response", (response) => resolve(response.statusCode ?? 0));
        request.on("error", () => undefined);
        pipeline(Readable.from([film.subarray(from, from + 1000), film.subarray(from + 1000)]), request).catch(
          () => undefined,
        );
      });

    expect(await put(0)).toBe(507);
    expect(results[0]).toEqual({ status: 507, bytes: 1500, message: UPLOAD_DISK_FULL });
    expect((await readFile(`${target}.part`)).length).toBe(1500);

    room = Infinity;
    expect(await put(1500)).toBe(201);
    expect(await readFile(target)).toEqual(film);
    expect(existsSync(`${target}.part`)).toBe(false);
    await server.close();
  });
});
