/**
 * The screen's uploads over HTTP, for one editor (`owner`), as the editing app's routes hand them on
 * (edit/app/routes/edit.api.uploads*.ts): `POST /edit/api/uploads` asks for a token, which upload-staging.ts
 * mints or refuses in words; `PUT` and `HEAD /edit/api/uploads/{token}` send the file and ask how much of it
 * arrived (upload-stream.ts); `DELETE` discards it. A token not minted for `owner` is answered as one never
 * minted (404): an editor can neither learn of, write to nor remove another's upload.
 */
import path from "node:path";

import { isUploadToken } from "#edit/upload-names.ts";
import { MAX_UPLOAD_BYTES, UPLOADS_PATH } from "#edit/upload-rules.ts";
import { textAnswer } from "#edit/http/answers.ts";
import { boundedBody } from "#edit/http/request-body.ts";
import { readRecord, type UploadStaging } from "./upload-staging.ts";
import { receiveUpload, uploadAnswer, uploadOffset } from "./upload-stream.ts";

/** The most a request for a token may say: `{ "extension": "jpeg", "bytes": 21474836480 }` is 45 bytes. */
const ASK_BYTES = 1024;

/**
 * A request for a token's JSON, parsed; undefined unless its type is JSON, which a page elsewhere cannot send
 * without asking first (CORS), so none can spend an editor's quota through her browser.
 */
async function askedOf(request: Request): Promise<unknown> {
  if (!/^application\/json(;|$)/.test(request.headers.get("content-type") ?? "")) return undefined;
  const body = await boundedBody(request, ASK_BYTES);
  try {
    return body && (JSON.parse(body.toString("utf8")) as unknown);
  } catch {
    return undefined;
  }
}

/** Answers a request under UPLOADS_PATH for `owner`, the editor signed in. */
export function uploadRoutes(staging: UploadStaging) {
  return async (request: Request, owner: string): Promise<Response> => {
    const { pathname } = new URL(request.url);
    if (pathname === UPLOADS_PATH) {
      if (request.method !== "POST") return textAnswer(405, "An upload is asked for with a POST.");
      // Not JSON, or too long: undefined, which the staging refuses as any malformed request.
      const minted = await staging.mint(owner, await askedOf(request));
      if (minted.status !== 201) return textAnswer(minted.status, minted.message);
      return Response.json({ token: minted.token }, { status: 201 });
    }
    const token = pathname.slice(`${UPLOADS_PATH}/`.length);
    const record = isUploadToken(token) ? await readRecord(staging.dir, token) : undefined;
    if (record?.owner !== owner) return textAnswer(404, "Not Found");
    const target = path.join(staging.dir, token);
    if (request.method === "HEAD") return uploadAnswer({ status: 200, bytes: await uploadOffset(target) });
    if (request.method === "DELETE") {
      const status = await staging.discard(token);
      if (status === 409) return textAnswer(status, "This file is being uploaded by another request.");
      // Discarded, or gone already: nothing to say (a 204 has no body).
      return new Response(null, { status });
    }
    const options = { maxBytes: MAX_UPLOAD_BYTES, root: staging.dir, total: record.bytes };
    return uploadAnswer(await receiveUpload(request, target, options));
  };
}
