/**
 * The screen's uploads over HTTP, for one editor (`owner`): `POST /edit/api/uploads` asks for a token, which
 * upload-staging.ts mints or refuses in words; `PUT` and `HEAD /edit/api/uploads/{token}` send the file and ask how
 * much of it arrived (upload-stream.ts); `DELETE` discards it. A token not minted for `owner` is answered as one
 * never minted (404): an editor can neither learn of, write to nor remove another's upload.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

import { isUploadToken } from "#edit/upload-names.ts";
import { MAX_UPLOAD_BYTES, UPLOADS_PATH } from "#edit/upload-rules.ts";
import { bodyOf } from "#edit/http/request-body.ts";
import { readRecord, type UploadStaging } from "./upload-staging.ts";
import { answerUpload, receiveUpload, uploadOffset } from "./upload-stream.ts";

/** The most a request for a token may say: `{ "extension": "jpeg", "bytes": 21474836480 }` is 45 bytes. */
const ASK_BYTES = 1024;

function reply(response: ServerResponse, status: number, body: string, type = "text/plain; charset=utf-8") {
  // A body left unread (a refused PUT's gigabytes) is not waited for: the connection closes instead.
  if (!response.req.complete) response.setHeader("connection", "close");
  response.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  response.end(body);
}

/**
 * A request for a token's JSON, parsed; undefined unless its type is JSON, which a page elsewhere cannot send
 * without asking first (CORS), so none can spend an editor's quota through her browser.
 */
async function askedOf(request: IncomingMessage): Promise<unknown> {
  if (!/^application\/json(;|$)/.test(request.headers["content-type"] ?? "")) return undefined;
  const body = await bodyOf(request, ASK_BYTES);
  try {
    return body && (JSON.parse(body.toString("utf8")) as unknown);
  } catch {
    return undefined;
  }
}

/** Answers a request under UPLOADS_PATH for `owner`, the editor signed in. */
export async function serveUploads(
  staging: UploadStaging,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  owner: string,
): Promise<void> {
  if (url.pathname === UPLOADS_PATH) {
    if (request.method !== "POST") return reply(response, 405, "An upload is asked for with a POST.");
    // Not JSON, or too long: undefined, which the staging refuses as any malformed request.
    const minted = await staging.mint(owner, await askedOf(request));
    if (minted.status !== 201) return reply(response, minted.status, minted.message);
    return reply(response, 201, JSON.stringify({ token: minted.token }), "application/json");
  }
  const token = url.pathname.slice(`${UPLOADS_PATH}/`.length);
  const record = isUploadToken(token) ? await readRecord(staging.dir, token) : undefined;
  if (record?.owner !== owner) return reply(response, 404, "Not Found");
  const target = path.join(staging.dir, token);
  if (request.method === "HEAD") return answerUpload(response, { status: 200, bytes: await uploadOffset(target) });
  if (request.method === "DELETE") {
    const status = await staging.discard(token);
    return reply(response, status, status === 409 ? "This file is being uploaded by another request." : "");
  }
  answerUpload(
    response,
    await receiveUpload(request, target, { maxBytes: MAX_UPLOAD_BYTES, root: staging.dir, total: record.bytes }),
  );
}
