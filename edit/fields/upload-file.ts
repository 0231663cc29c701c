/**
 * Sends a film or a picture from the editing screen to the service: first asks for its upload's token (a POST
 * saying its type and size, which the service may refuse), then sends it as the raw body of PUTs, which
 * edit/server/upload-stream.ts writes to disk as it arrives. XMLHttpRequest, because fetch reports no
 * upload progress; `file.slice` hands the browser a range of the file to stream from disk, never read
 * whole into memory. A connection that fails is asked (HEAD) how much arrived, and the upload goes on
 * from there.
 */

import { isUploadToken } from "#edit/upload-names.ts";

/** The header in which the service says how many bytes of an upload it holds. */
export const UPLOAD_OFFSET = "upload-offset";

/**
 * Bytes per request: a dropped connection costs at most this much again, and a proxy in front of the
 * service with a body limit of 100 MB (Cloudflare's, for one) lets each request through.
 */
const CHUNK_BYTES = 32 * 1024 * 1024;

/** The waits before each new attempt after a failure with no progress; the upload is given up after the last. */
const RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000];

interface Answer {
  status: number;
  offset: number | undefined;
  text: string;
}

function offsetIn(header: string | null): number | undefined {
  return header !== null && /^\d+$/.test(header) ? Number(header) : undefined;
}

function put(
  url: string,
  body: Blob,
  range: string | undefined,
  onSent: (bytes: number) => void,
  signal: AbortSignal | undefined,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    const settle = () => signal?.removeEventListener("abort", abort);
    request.open("PUT", url);
    if (range !== undefined) request.setRequestHeader("content-range", range);
    request.setRequestHeader("content-type", "application/octet-stream");
    request.upload.onprogress = (event) => onSent(event.loaded);
    request.onload = () => {
      settle();
      resolve({
        status: request.status,
        offset: offsetIn(request.getResponseHeader(UPLOAD_OFFSET)),
        text: request.responseText,
      });
    };
    request.onerror = () => {
      settle();
      reject(new Error("the connection to the service failed"));
    };
    request.onabort = () => {
      settle();
      reject(signal?.reason ?? new DOMException("The upload was stopped.", "AbortError"));
    };
    signal?.addEventListener("abort", abort, { once: true });
    request.send(body);
  });
}

async function offsetAt(url: string, signal: AbortSignal | undefined): Promise<number> {
  const response = await fetch(url, { method: "HEAD", cache: "no-store", signal });
  const offset = offsetIn(response.headers.get(UPLOAD_OFFSET));
  if (!response.ok || offset === undefined) throw new Error(`the service answered ${response.status} to "how much?"`);
  return offset;
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      signal?.removeEventListener("abort", stop);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", stop, { once: true });
  });
}

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

/** A size as an editor reads it: "512 bytes", "3.2 MB", "24.0 GB". */
export const inWords = (bytes: number) =>
  bytes < MiB ? `${bytes} bytes` : bytes < GiB ? `${(bytes / MiB).toFixed(1)} MB` : `${(bytes / GiB).toFixed(1)} GB`;

/**
 * Asks the service at `url` (POST, answered by server/upload-routes.ts) for the token to upload `file` under,
 * saying its type (`extension`) and size. Rejects with the service's words if it refuses the file: too large,
 * a type it does not take, or no room for it.
 */
export async function startUpload(url: string, file: File, extension: string, signal?: AbortSignal): Promise<string> {
  const answer = await fetch(url, {
    method: "POST",
    cache: "no-store",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ extension, bytes: file.size }),
    signal,
  }).catch((error: unknown) => {
    if (signal?.aborted) throw error;
    throw new Error(`${file.name} was not uploaded: the connection to the service failed.`);
  });
  const text = await answer.text();
  if (answer.status !== 201)
    throw new Error(`${file.name} was not uploaded: ${text || `the service answered ${answer.status}`}`);
  const token = tokenIn(text);
  if (token === undefined) throw new Error(`${file.name} was not uploaded: the service's answer named no upload.`);
  return token;
}

/**
 * Asks the service to delete the upload at `url`, not wanted any more, so that it counts against the editor's
 * quota no longer; one the service keeps after all is deleted a day later.
 */
export function discardUpload(url: string): void {
  fetch(url, { method: "DELETE", cache: "no-store" }).catch(() => undefined);
}

/** The token in the service's `{ "token": "…" }`, if it is one. */
function tokenIn(text: string): string | undefined {
  try {
    const { token } = JSON.parse(text) as { token?: unknown };
    return typeof token === "string" && isUploadToken(token) ? token : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Uploads `file` to `url` (a PUT the service answers with `receiveUpload`, a HEAD with `uploadOffset`), telling
 * `onProgress` the bytes the service has or is being sent. Resolves once the whole file is at the service;
 * rejects with the service's words if it refuses the file, with the signal's reason if aborted, and after a few
 * failed attempts in a row with how far it got.
 */
export async function uploadFile(
  file: File,
  url: string,
  onProgress: (sent: number, total: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  const total = file.size;
  // Always from 0: a .part the service holds from an earlier upload may be of another file.
  let offset = 0;
  let failures = 0;
  let reason = "";
  onProgress(offset, total);
  for (;;) {
    signal?.throwIfAborted();
    const end = Math.min(offset + CHUNK_BYTES, total);
    // An empty file has no range to name: it goes whole, as a request of no bytes.
    const range = total === 0 ? undefined : `bytes ${offset}-${end - 1}/${total}`;
    const from = offset;
    const answer = await put(
      url,
      file.slice(offset, end),
      range,
      (sent) => onProgress(from + sent, total),
      signal,
    ).catch((error: unknown) => {
      if (signal?.aborted) throw error;
      reason = error instanceof Error ? error.message : String(error);
      return undefined;
    });
    if (answer && answer.status >= 200 && answer.status < 300) {
      offset = answer.offset ?? end;
      onProgress(offset, total);
      if (offset >= total) return;
      failures = 0;
      continue;
    }
    // Busy with the request that failed (409), a range the service does not hold (416), a service restarting
    // (5xx): asked again. Any other answer is the service's refusal of this file, in its words.
    if (answer && answer.status !== 409 && answer.status !== 416 && answer.status < 500)
      throw new Error(`${file.name} was not uploaded: ${answer.text || `the service answered ${answer.status}`}`);
    if (answer) reason = answer.text || `the service answered ${answer.status}`;
    failures += 1;
    if (failures > RETRY_DELAYS_MS.length)
      throw new Error(
        `${file.name} was not uploaded: it stopped at ${inWords(offset)} of ${inWords(total)} after ${failures} attempts (${reason}).`,
      );
    await wait(RETRY_DELAYS_MS[failures - 1], signal);
    const held = await offsetAt(url, signal).catch((error: unknown) => {
      if (signal?.aborted) throw error;
      // Unknown: the next PUT tries where the last one started, and a 416 says where the service is.
      return answer?.offset ?? from;
    });
    // Bytes arrived since the last failure: the attempts count again from none.
    if (held > offset && held <= total) failures = 0;
    // More than the file: another upload's bytes, so this one starts over.
    offset = held > total ? 0 : held;
    onProgress(offset, total);
    // All of it arrived and only the answer was lost: there is no range left to send.
    if (total > 0 && offset === total) return;
  }
}
