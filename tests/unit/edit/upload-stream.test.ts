/**
 * Uploads streamed to the editing service (edit/server/upload-stream.ts) and sent from the screen
 * (edit/fields/upload-file.ts): a film far larger than memory should hold goes to disk byte for byte with
 * the process's memory bounded, a request cut short keeps its bytes and is continued, and the refusals
 * are answered before a byte of the body is read.
 */
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import http, { type IncomingMessage, type OutgoingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";

import { UPLOAD_OFFSET, uploadFile } from "#edit/fields/upload-file.ts";
import { receiveUpload, type UploadResult, uploadAnswer, uploadOffset } from "#edit/server/upload-stream.ts";
import { fetchServer } from "#tests/support/fetch-server.ts";

const MiB = 1024 * 1024;
const BLOCK = 64 * 1024;
const BASE = randomBytes(BLOCK);

/**
 * Bytes `from`–`to` of a test film, made as they are sent: 64 KiB random blocks, each with its number in its
 * first bytes, so a block lost, doubled or out of place changes the file's hash.
 */
function* film(from: number, to: number): Generator<Buffer<ArrayBuffer>> {
  for (let block = Math.floor(from / BLOCK); block * BLOCK < to; block++) {
    const bytes = Buffer.from(BASE);
    bytes.writeBigUInt64LE(BigInt(block));
    yield bytes.subarray(Math.max(from - block * BLOCK, 0), Math.min(to - block * BLOCK, BLOCK));
  }
}

async function sha256(source: Iterable<Buffer> | AsyncIterable<Buffer>): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of source) hash.update(chunk);
  return hash.digest("hex");
}

interface Served {
  url: (name: string) => string;
  /** Each PUT's result, in the order the requests came. */
  puts: Promise<UploadResult>[];
  heads: number;
  close: () => Promise<void>;
}

let dir: string;
const servers: Served[] = [];

/** The service's side as the editing service will have it: a PUT is `receiveUpload`, a HEAD `uploadOffset`. */
async function serve(maxBytes: number, idleMs?: number): Promise<Served> {
  const puts: Promise<UploadResult>[] = [];
  const served = { puts, heads: 0 } as Served;
  const server = await fetchServer(async (request) => {
    const target = path.join(dir, decodeURIComponent(new URL(request.url).pathname));
    if (request.method === "HEAD") {
      served.heads += 1;
      return uploadAnswer({ status: 200, bytes: await uploadOffset(target) });
    }
    const result = receiveUpload(request, target, { maxBytes, root: dir, idleMs });
    puts.push(result);
    return uploadAnswer(await result);
  });
  served.url = (name) => `${server.origin}/${name}`;
  served.close = server.close;
  servers.push(served);
  return served;
}

interface Answer {
  status: number;
  offset: number | undefined;
  text: string;
}

async function answerOf(response: IncomingMessage): Promise<Answer> {
  const offset = response.headers[UPLOAD_OFFSET];
  const text = await textOf(response);
  return { status: response.statusCode ?? 0, offset: offset === undefined ? undefined : Number(offset), text };
}

async function textOf(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** A PUT of `body`, sent as it is made; the answer. */
function put(url: string, headers: OutgoingHttpHeaders, body: Iterable<Buffer> = []): Promise<Answer> {
  const request = http.request(url, { method: "PUT", headers });
  const answered = new Promise<Answer>((resolve, reject) => {
    request.on("response", (response) => void answerOf(response).then(resolve, reject));
    request.on("error", reject);
  });
  // A refusal closes the connection while the body may still be going: the answer is what is tested.
  pipeline(Readable.from(body), request).catch(() => undefined);
  return answered;
}

/** Sends the first `bytes` of `body` in a PUT whose headers promise more, then drops the connection. */
async function cutShort(url: string, headers: OutgoingHttpHeaders, body: Iterable<Buffer>, bytes: number) {
  const request = http.request(url, { method: "PUT", headers });
  request.on("error", () => undefined);
  let sent = 0;
  for (const chunk of body) {
    const part = chunk.subarray(0, bytes - sent);
    sent += part.length;
    if (!request.write(part)) await new Promise((resolve) => request.once("drain", resolve));
    if (sent === bytes) break;
  }
  request.destroy();
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "upload-stream-"));
});

afterAll(async () => {
  await Promise.all(servers.map((served) => served.close()));
  await rm(dir, { recursive: true, force: true });
});

// git, and hundreds of megabytes through a socket: seconds each on a quiet machine, more on a loaded CI one.
describe("receiveUpload: a PUT whose body is the file", { timeout: 60_000 }, () => {
  test("a 256 MiB film goes to disk byte for byte, the process's memory bounded", async () => {
    const size = 256 * MiB;
    const { url } = await serve(size);
    const before = process.memoryUsage();
    const peak = { rss: before.rss, arrayBuffers: before.arrayBuffers };
    const sample = setInterval(() => {
      const now = process.memoryUsage();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
    }, 20);
    const answer = await put(url("films/large.mp4"), { "content-length": size }, film(0, size)).finally(() =>
      clearInterval(sample),
    );
    const growth = {
      rss: (peak.rss - before.rss) / MiB,
      arrayBuffers: (peak.arrayBuffers - before.arrayBuffers) / MiB,
    };
    console.info(
      `256 MiB upload: peak growth rss ${growth.rss.toFixed(1)} MiB, arrayBuffers ${growth.arrayBuffers.toFixed(1)} MiB`,
    );

    expect(answer).toMatchObject({ status: 201, offset: size });
    const file = path.join(dir, "films/large.mp4");
    expect((await stat(file)).size).toBe(size);
    expect(existsSync(`${file}.part`)).toBe(false);
    expect(await sha256(createReadStream(file))).toBe(await sha256(film(0, size)));
    // Client and service share this process, so both sides' buffers count. Held whole, the body alone would add
    // 256 MiB. Streamed, a few 64 KiB chunks are in flight; the rest of the growth is spent chunks V8 collects once
    // enough of them pile up: on Node 20 31–37 MiB, on Node 24 66–75 MiB, alike for 64, 256 and 512 MiB films.
    // Half the film is the line: below it, the body cannot have been held whole.
    expect(growth.rss).toBeLessThan(128);
    expect(growth.arrayBuffers).toBeLessThan(128);
    await rm(file);
  });

  test("without Content-Length: 411, nothing written", async () => {
    const { url } = await serve(MiB);
    const answer = await put(url("chunked.mp4"), { "transfer-encoding": "chunked" }, film(0, 1000));
    expect(answer.status).toBe(411);
    expect(existsSync(path.join(dir, "chunked.mp4.part"))).toBe(false);
  });

  test("above maxBytes: 413 before a byte of the body is sent", async () => {
    const { url } = await serve(MiB);
    const request = http.request(url("huge.mp4"), { method: "PUT", headers: { "content-length": 5 * 1024 * MiB } });
    request.on("error", () => undefined);
    request.flushHeaders();
    const response = await new Promise<IncomingMessage>((resolve) => request.once("response", resolve));
    const answer = await answerOf(response);
    request.destroy();
    expect(answer).toMatchObject({ status: 413, text: "The file is 5.0 GB; the service takes files up to 1.0 MB." });

    const ranged = await put(url("huge.mp4"), { "content-length": 10, "content-range": `bytes 0-9/${MiB + 1}` }, [
      Buffer.alloc(10),
    ]);
    expect(ranged.status).toBe(413);
    expect(existsSync(path.join(dir, "huge.mp4.part"))).toBe(false);
  });

  test("a malformed range or a name outside the folder: 400", async () => {
    const { url } = await serve(MiB);
    const body = () => [Buffer.alloc(10)];
    expect((await put(url("a.mp4"), { "content-length": 10, "content-range": "bytes 0-19/100" }, body())).status).toBe(
      400,
    );
    expect((await put(url("a.mp4"), { "content-length": 10, "content-range": "bytes 5-14/10" }, body())).status).toBe(
      400,
    );
    expect((await put(url("..%2Fescape.mp4"), { "content-length": 10 }, body())).status).toBe(400);
    expect(existsSync(path.join(dir, "../escape.mp4.part"))).toBe(false);
  });

  test("a connection dropped half-way keeps its bytes, and a PUT with Content-Range completes the same file", async () => {
    const size = 24 * MiB;
    const served = await serve(size);
    const target = path.join(dir, "resumed/film.mp4");
    await cutShort(served.url("resumed/film.mp4"), { "content-length": size }, film(0, size), 10 * MiB);
    const cut = await served.puts[0];

    expect(cut.status).toBe(400);
    expect(cut.bytes).toBeGreaterThan(0);
    expect(cut.bytes).toBeLessThanOrEqual(10 * MiB);
    expect((await stat(`${target}.part`)).size).toBe(cut.bytes);
    expect(await uploadOffset(target)).toBe(cut.bytes);
    const head = await fetch(served.url("resumed/film.mp4"), { method: "HEAD" });
    expect(head.headers.get(UPLOAD_OFFSET)).toBe(String(cut.bytes));
    expect(existsSync(target)).toBe(false);

    // A range that does not start where the .part ends is refused, the .part untouched, the offset told.
    const wrong = await put(
      served.url("resumed/film.mp4"),
      { "content-length": size - cut.bytes - 1, "content-range": `bytes ${cut.bytes + 1}-${size - 1}/${size}` },
      film(cut.bytes + 1, size),
    );
    expect(wrong).toMatchObject({ status: 416, offset: cut.bytes });
    expect(await uploadOffset(target)).toBe(cut.bytes);

    const rest = await put(
      served.url("resumed/film.mp4"),
      { "content-length": size - cut.bytes, "content-range": `bytes ${cut.bytes}-${size - 1}/${size}` },
      film(cut.bytes, size),
    );
    expect(rest).toMatchObject({ status: 201, offset: size });
    expect(existsSync(`${target}.part`)).toBe(false);
    expect(await sha256(createReadStream(target))).toBe(await sha256(film(0, size)));
  });

  test("a second request for a target being written: 409; a body that pauses too long is cut, its bytes kept", async () => {
    const served = await serve(MiB, 300);
    const first = http.request(served.url("busy.mp4"), { method: "PUT", headers: { "content-length": MiB } });
    first.on("error", () => undefined);
    first.write(Buffer.alloc(1000));
    await vi.waitFor(() => expect(served.puts).toHaveLength(1));

    const second = await put(served.url("busy.mp4"), { "content-length": 10 }, [Buffer.alloc(10)]);
    expect(second.status).toBe(409);

    // The first sends nothing more: cut after the idle time, what it sent on disk for a resume.
    expect(await served.puts[0]).toMatchObject({ status: 400, bytes: 1000 });
    expect(await uploadOffset(path.join(dir, "busy.mp4"))).toBe(1000);
    first.destroy();
  });

  test("an empty file is a PUT of no bytes", async () => {
    const { url } = await serve(MiB);
    expect(await put(url("empty.jpg"), { "content-length": 0 })).toMatchObject({ status: 201, offset: 0 });
    expect(await readFile(path.join(dir, "empty.jpg"))).toHaveLength(0);
  });
});

/**
 * XMLHttpRequest as far as uploadFile uses it, over node:http (Node has none): `cuts` drops the connection of
 * the nth request after that many bytes, as a network failing mid-upload would.
 */
class NodeXhr {
  static cuts: (number | undefined)[] = [];
  status = 0;
  responseText = "";
  upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  #method = "";
  #url = "";
  #headers: Record<string, string> = {};
  #response: IncomingMessage | undefined;
  #request: http.ClientRequest | undefined;
  #settled = false;

  open(method: string, url: string) {
    this.#method = method;
    this.#url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.#headers[name] = value;
  }

  getResponseHeader(name: string): string | null {
    const value = this.#response?.headers[name.toLowerCase()];
    return typeof value === "string" ? value : null;
  }

  #settle(handler: (() => void) | null) {
    if (this.#settled) return;
    this.#settled = true;
    handler?.();
  }

  send(body: Blob) {
    const cut = NodeXhr.cuts.shift();
    const request = http.request(this.#url, {
      method: this.#method,
      headers: { ...this.#headers, "content-length": body.size },
    });
    this.#request = request;
    request.on("response", (response) => {
      this.#response = response;
      void answerOf(response).then(({ status, text }) => {
        this.status = status;
        this.responseText = text;
        this.#settle(this.onload);
      });
    });
    request.on("error", () => this.#settle(this.onerror));
    let sent = 0;
    const upload = this.upload;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        sent += chunk.length;
        // The network failing: the browser reports an error, whatever part of the body got through.
        if (cut !== undefined && sent >= cut) return request.destroy(new Error("connection lost"));
        upload.onprogress?.({ loaded: sent });
        done(null, chunk);
      },
    });
    const source = Readable.fromWeb(body.stream() as unknown as NodeReadableStream<Uint8Array>);
    pipeline(source, counted, request).catch(() => this.#settle(this.onerror));
  }

  abort() {
    this.#request?.destroy();
    this.#settle(this.onabort);
  }
}

describe("uploadFile: the screen's side", { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const fileOf = (size: number, name = "film.mp4") => new File([...film(0, size)], name);

  test("sends a file in ranges, asks how much arrived when the connection drops, and completes it", async () => {
    vi.stubGlobal("XMLHttpRequest", NodeXhr);
    const size = 40 * MiB;
    const served = await serve(size);
    // The first range (0–32 MiB) drops after 8 MiB; the next (32 MiB from where the service got to), after 20.
    NodeXhr.cuts = [8 * MiB, 20 * MiB];
    const progress: [number, number][] = [];

    await uploadFile(fileOf(size), served.url("screen/film.mp4"), (sent, total) => progress.push([sent, total]));

    const target = path.join(dir, "screen/film.mp4");
    expect(await sha256(createReadStream(target))).toBe(await sha256(film(0, size)));
    expect(existsSync(`${target}.part`)).toBe(false);
    expect(served.heads).toBe(2);
    expect((await Promise.all(served.puts)).map(({ status }) => status)).toEqual([400, 400, 201]);
    expect(progress.at(-1)).toEqual([size, size]);
    expect(progress.every(([sent, total]) => sent <= total && total === size)).toBe(true);
  });

  test("a file the service refuses: rejected in the service's words, not tried again", async () => {
    vi.stubGlobal("XMLHttpRequest", NodeXhr);
    const served = await serve(1000);
    NodeXhr.cuts = [];
    await expect(uploadFile(fileOf(4000), served.url("small.jpg"), () => undefined)).rejects.toThrow(
      "film.mp4 was not uploaded: The file is 4000 bytes; the service takes files up to 1000 bytes.",
    );
    expect(served.puts).toHaveLength(1);
  });

  test("stopped by its signal: rejected with the signal's reason", async () => {
    vi.stubGlobal("XMLHttpRequest", NodeXhr);
    const served = await serve(8 * MiB);
    NodeXhr.cuts = [];
    const controller = new AbortController();
    const upload = uploadFile(
      fileOf(8 * MiB),
      served.url("stopped.mp4"),
      (sent) => {
        if (sent > MiB) controller.abort();
      },
      controller.signal,
    );
    await expect(upload).rejects.toMatchObject({ name: "AbortError" });
    expect(existsSync(path.join(dir, "stopped.mp4"))).toBe(false);
  });

  test("the last range's answer lost, the whole file at the service: done, with no range past its end", async () => {
    const size = 3 * MiB;
    const served = await serve(size);
    const ranges: (string | undefined)[] = [];
    vi.stubGlobal(
      "XMLHttpRequest",
      class extends NodeXhr {
        #range: string | undefined;
        override setRequestHeader(name: string, value: string) {
          if (name.toLowerCase() === "content-range") this.#range = value;
          super.setRequestHeader(name, value);
        }
        override send(body: Blob) {
          ranges.push(this.#range);
          // The service receives the whole body and answers; the browser reports the connection's loss instead.
          const lost = ranges.length === 1;
          if (lost) this.onload = this.onerror;
          super.send(body);
        }
      },
    );

    await uploadFile(fileOf(size), served.url("lost-answer.mp4"), () => undefined);

    expect(await sha256(createReadStream(path.join(dir, "lost-answer.mp4")))).toBe(await sha256(film(0, size)));
    expect(served.heads).toBe(1);
    expect(ranges).toEqual([`bytes 0-${size - 1}/${size}`]);
  });

  test("a network that keeps failing: given up after a few attempts, saying how far it got", async () => {
    vi.useFakeTimers();
    let attempts = 0;
    vi.stubGlobal(
      "XMLHttpRequest",
      class extends NodeXhr {
        override send() {
          attempts += 1;
          queueMicrotask(() => this.onerror?.());
        }
      },
    );
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("fetch failed")));
    const upload = uploadFile(fileOf(3 * MiB), "http://127.0.0.1:9/film.mp4", () => undefined);
    const rejected = expect(upload).rejects.toThrow(
      "film.mp4 was not uploaded: it stopped at 0 bytes of 3.0 MB after 6 attempts (the connection to the service failed).",
    );
    await vi.runAllTimersAsync();
    await rejected;
    expect(attempts).toBe(6);
  });
});
