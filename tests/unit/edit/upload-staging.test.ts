/**
 * The uploads' bounds (edit/server/upload-staging.ts, served by edit/server/upload-routes.ts): a token minted by
 * the service for one editor, whose upload no other editor can see or write; the size it was said to be, and no
 * other; quotas per editor, in all and of the disk, checked before a byte is sent; a day, then gone.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, test, vi } from "vitest";

import { startUpload } from "#edit/fields/upload-file.ts";
import { uploadRoutes } from "#edit/server/upload-routes.ts";
import { fetchServer } from "#tests/support/fetch-server.ts";
import { readRecord, type StagingLimits, uploadQuotas, uploadStaging } from "#edit/server/upload-staging.ts";
import { isUploadToken } from "#edit/upload-names.ts";
import { UPLOADS_PATH } from "#edit/upload-rules.ts";

const GiB = 1024 ** 3;
const ADA = "ada@agency.example";
const BOB = "bob@agency.example";
const NEVER_MINTED = "00000000-0000-4000-8000-000000000000.mp4";

const closing: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(closing.map((close) => close())));

/**
 * The routes on a folder of their own, the editor signed in named by the request's `x-editor` (none said: Ada,
 * as the screen's own requests through `startUpload` say none).
 */
async function served(limits: Partial<StagingLimits> = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), "upload-staging-"));
  const staging = uploadStaging(dir, { freeBytes: () => Promise.resolve(1000 * GiB), ...limits });
  const routes = uploadRoutes(staging);
  const server = await fetchServer((request) => routes(request, request.headers.get("x-editor") ?? ADA));
  const base = server.origin;
  closing.push(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  const at = (token: string) => `${base}${UPLOADS_PATH}/${token}`;
  const ask = (owner: string, body: string, type = "application/json") =>
    fetch(`${base}${UPLOADS_PATH}`, { method: "POST", headers: { "content-type": type, "x-editor": owner }, body });
  /** `owner`'s answer to asking for an upload of `bytes`: its status and its text. */
  const mint = async (owner: string, bytes: number, extension = "mp4") => {
    const answer = await ask(owner, JSON.stringify({ extension, bytes }));
    return { status: answer.status, text: await answer.text() };
  };
  const token = async (owner: string, bytes: number) =>
    (JSON.parse((await mint(owner, bytes)).text) as { token: string }).token;
  const send = (owner: string, method: string, name: string, body?: Buffer, headers: Record<string, string> = {}) =>
    fetch(at(name), { method, headers: { "x-editor": owner, ...headers }, body: body && new Uint8Array(body) });
  return { dir, staging, base, at, ask, mint, token, send };
}

describe("a token minted by the service for one editor", () => {
  test("201 with a token of the type asked for, its owner and size kept on disk beside it", async () => {
    const { dir, mint } = await served();
    const answer = await mint(ADA, 10, "mov");
    expect(answer.status).toBe(201);
    const { token } = JSON.parse(answer.text) as { token: string };
    expect(isUploadToken(token) && token.endsWith(".mov")).toBe(true);
    expect(JSON.parse(await readFile(path.join(dir, `${token}.json`), "utf8"))).toEqual({ owner: ADA, bytes: 10 });
    expect(await readRecord(dir, token)).toEqual({ owner: ADA, bytes: 10 });
  });

  test("refused in words: malformed (400), a type the screen does not send (400), too large (413)", async () => {
    const { dir, ask, mint } = await served();
    const asked = 'An upload is asked for with JSON like { "extension": "mp4", "bytes": 123 }.';
    for (const [body, type] of [
      ['{"extension":"mp4","bytes":10}', "text/plain"],
      ["{not json", "application/json"],
      ['{"extension":"mp4","bytes":-1}', "application/json"],
      ['{"extension":"mp4","bytes":1.5}', "application/json"],
      ['{"extension":"mp4"}', "application/json"],
    ])
      expect(await (await ask(ADA, body, type)).text(), body).toBe(asked);
    expect(await mint(ADA, 10, "exe")).toEqual({
      status: 400,
      text: "The screen takes films (mp4, mov, m4v, webm) and pictures (jpg, jpeg, png, webp, tif, tiff), not .exe files.",
    });
    expect((await mint(ADA, 10, "MP4")).status).toBe(400);
    expect(await mint(ADA, 21 * GiB)).toEqual({
      status: 413,
      text: "The file is 21.0 GB; the service takes files up to 20.0 GB.",
    });
    expect(await readdir(dir)).toEqual([]);
  });

  test("another editor's token, or one never minted: 404 to PUT, HEAD and DELETE, nothing written", async () => {
    const { dir, token, send } = await served();
    const adas = await token(ADA, 10);
    for (const [owner, name] of [
      [BOB, adas],
      [ADA, NEVER_MINTED],
    ])
      for (const method of ["PUT", "HEAD", "DELETE"]) {
        const answer = await send(owner, method, name, method === "PUT" ? Buffer.alloc(10) : undefined);
        expect(answer.status, `${method} ${name} by ${owner}`).toBe(404);
      }
    expect(await readdir(dir)).toEqual([`${adas}.json`]);

    const head = await send(ADA, "HEAD", adas);
    expect([head.status, head.headers.get("upload-offset")]).toEqual([200, "0"]);
    expect((await send(ADA, "PUT", adas, Buffer.from("ten bytes!"))).status).toBe(201);
    expect(await readFile(path.join(dir, adas), "utf8")).toBe("ten bytes!");
  });

  test("a PUT of another size than the one asked for: refused in words, nothing written", async () => {
    const { dir, token, send } = await served();
    const name = await token(ADA, 10);
    const longer = await send(ADA, "PUT", name, Buffer.alloc(11));
    expect([longer.status, await longer.text()]).toEqual([
      400,
      "The file sent is 11 bytes, not the 10 bytes it was said to be: choose it again.",
    ]);
    const ranged = await send(ADA, "PUT", name, Buffer.alloc(5), { "content-range": "bytes 0-4/20" });
    expect(ranged.status).toBe(400);
    expect(existsSync(path.join(dir, `${name}.part`))).toBe(false);
    expect((await send(ADA, "PUT", name, Buffer.alloc(5), { "content-range": "bytes 0-4/10" })).status).toBe(202);
  });

  test("discarded by its editor (DELETE): its bytes and record gone", async () => {
    const { dir, token, send } = await served();
    const name = await token(ADA, 10);
    await send(ADA, "PUT", name, Buffer.alloc(5), { "content-range": "bytes 0-4/10" });
    expect((await send(ADA, "DELETE", name)).status).toBe(204);
    expect(await readdir(dir)).toEqual([]);
    expect((await send(ADA, "HEAD", name)).status).toBe(404);
  });
});

describe("quotas, checked when an upload is asked for", () => {
  test("per editor and in all: 507 in words; room again once one is discarded", async () => {
    const { mint, token, send } = await served({ perOwner: 100, total: 150 });
    const first = await token(ADA, 60);
    expect(await mint(ADA, 50)).toEqual({
      status: 507,
      text: "This file is 50 bytes, and you have 60 bytes of uploads waiting to be saved; the service keeps up to 100 bytes per editor. Save them first: those never saved are deleted a day after they were sent.",
    });
    expect((await mint(ADA, 40)).status).toBe(201);
    expect((await mint(BOB, 50)).status).toBe(201);
    expect(await mint(BOB, 1)).toEqual({
      status: 507,
      text: "This file is 1 bytes, and the editors have 150 bytes of uploads waiting to be saved; the service keeps up to 150 bytes in all. Try again once some are saved.",
    });
    await send(ADA, "DELETE", first);
    expect((await mint(BOB, 1)).status).toBe(201);
  });

  test("never past the free disk less the reserve, counting what the uploads under way will still write", async () => {
    const { mint, token, send } = await served({ reserve: 100, freeBytes: () => Promise.resolve(1000) });
    const first = await token(ADA, 600);
    expect(await mint(BOB, 400)).toEqual({
      status: 507,
      text: "This file is 400 bytes, and the service's disk has room for 300 bytes more (it keeps 100 bytes free). Try again once uploads waiting are saved, or tell whoever runs the service.",
    });
    expect((await mint(BOB, 300)).status).toBe(201);
    // Ada's 600 bytes in: they are on the disk (its free bytes would say so), no longer to come.
    await send(ADA, "PUT", first, Buffer.alloc(600));
    expect((await mint(BOB, 600)).status).toBe(201);
  });

  test("an upload already whole, sent again from its first byte: answered whole, unread, its bytes on disk once", async () => {
    const { dir, mint, token, send } = await served({ perOwner: 1000 });
    const film = await token(ADA, 600);
    expect((await send(ADA, "PUT", film, Buffer.alloc(600, 1))).status).toBe(201);
    const again = await send(ADA, "PUT", film, Buffer.alloc(300, 2), { "content-range": "bytes 0-299/600" });
    expect(again.status).toBe(201);
    expect(again.headers.get("upload-offset")).toBe("600");
    expect(existsSync(path.join(dir, `${film}.part`))).toBe(false);
    expect(await readFile(path.join(dir, film))).toEqual(Buffer.alloc(600, 1));
    expect((await mint(ADA, 400)).status).toBe(201);
  });

  test("bytes on disk past the size said count against the quota: a whole file with a .part beside it, counted both", async () => {
    const { dir, mint, token, send } = await served({ perOwner: 1000 });
    const film = await token(ADA, 400);
    expect((await send(ADA, "PUT", film, Buffer.alloc(400))).status).toBe(201);
    // As a service before this one left a resend from byte 0 of a file already whole.
    await writeFile(path.join(dir, `${film}.part`), Buffer.alloc(400));
    expect(await mint(ADA, 300)).toEqual({
      status: 507,
      text: "This file is 300 bytes, and you have 800 bytes of uploads waiting to be saved; the service keeps up to 1000 bytes per editor. Save them first: those never saved are deleted a day after they were sent.",
    });
  });

  test("the screen asking (startUpload): the token, or the service's refusal in its words", async () => {
    const { base } = await served({ perOwner: 100 });
    const film = (bytes: number) => new File([Buffer.alloc(bytes)], "film.mp4");
    expect(isUploadToken(await startUpload(`${base}${UPLOADS_PATH}`, film(100), "mp4"))).toBe(true);
    await expect(startUpload(`${base}${UPLOADS_PATH}`, film(1), "mp4")).rejects.toThrow(
      "film.mp4 was not uploaded: This file is 1 bytes, and you have 100 bytes of uploads waiting to be saved; the service keeps up to 100 bytes per editor. Save them first: those never saved are deleted a day after they were sent.",
    );
  });

  test("EDIT_UPLOAD_QUOTA and EDIT_UPLOAD_TOTAL, in GiB; the defaults when unset; a malformed one named", () => {
    expect(uploadQuotas({})).toEqual({ perOwner: 25 * GiB, total: 60 * GiB });
    expect(uploadQuotas({ EDIT_UPLOAD_QUOTA: "10", EDIT_UPLOAD_TOTAL: "0.5" })).toEqual({
      perOwner: 10 * GiB,
      total: GiB / 2,
    });
    expect(() => uploadQuotas({ EDIT_UPLOAD_QUOTA: "10GB" })).toThrow(
      'EDIT_UPLOAD_QUOTA must be a number of GiB above 0, like 25; it is "10GB".',
    );
    expect(() => uploadQuotas({ EDIT_UPLOAD_TOTAL: "0" })).toThrow(/^EDIT_UPLOAD_TOTAL /);
  });
});

describe("a day, then gone", () => {
  test("an upload no save took for a day is deleted with its record, finished or not; one being written is kept", async () => {
    const { dir, staging, at, token, send } = await served();
    const finished = await token(ADA, 5);
    await send(ADA, "PUT", finished, Buffer.alloc(5));
    const unfinished = await token(ADA, 10);
    await send(ADA, "PUT", unfinished, Buffer.alloc(5), { "content-range": "bytes 0-4/10" });
    const fresh = await token(BOB, 5);
    const writing = await token(BOB, 1000);
    const request = http.request(at(writing), { method: "PUT", headers: { "x-editor": BOB, "content-length": 1000 } });
    request.on("error", () => undefined);
    request.write(Buffer.alloc(10));
    await vi.waitFor(() => expect(existsSync(path.join(dir, `${writing}.part`))).toBe(true));
    // A .part left without a record (a service from before tokens were minted).
    const orphan = "11111111-1111-4111-8111-111111111111.jpg";
    await writeFile(path.join(dir, `${orphan}.part`), "bytes");

    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    for (const name of await readdir(dir))
      if (!name.startsWith(fresh)) await utimes(path.join(dir, name), twoDaysAgo, twoDaysAgo);
    expect(await staging.sweep()).toEqual([finished, unfinished, orphan].sort());
    expect((await readdir(dir)).sort()).toEqual([`${fresh}.json`, `${writing}.json`, `${writing}.part`].sort());
    expect((await send(ADA, "HEAD", finished)).status).toBe(404);
    request.destroy();
  });
});
