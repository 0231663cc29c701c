/**
 * A request's body read whole, for the editing servers' small requests (a save, an upload's id, a
 * link), and the servers' bounds on how long a request may take to arrive.
 */
import { createServer, type IncomingMessage, type Server, ServerResponse } from "node:http";

/**
 * A Fetch request's body (the editing app's: a save, a link's request, a form), or undefined once
 * past `limit` bytes: refused unread when its Content-Length says so, else as soon as it goes past.
 * Given up, never cancelled: cancelling would destroy the connection the refusal is still to be
 * answered on (ClosingResponse below closes it after the answer).
 */
export async function boundedBody(request: Request, limit: number): Promise<Buffer | undefined> {
  if (Number(request.headers.get("content-length") ?? 0) > limit) return undefined;
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > limit) {
      reader.releaseLock();
      return undefined;
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks);
}

/**
 * How long a request may take to arrive whole: a 32 MiB slice of a film (edit/fields/upload-file.ts)
 * takes about 9 minutes on a 0.5 Mbit/s upload, twice that at 0.25. Past it, Node answers 408 and
 * closes the connection, so a body trickled forever holds nothing for good.
 */
export const REQUEST_TIMEOUT_MS = 20 * 60_000;

/**
 * Connections kept idle longer than a reverse proxy keeps its own to the server (nginx's 60 s), so the
 * server never closes one just as the proxy sends on it (a 502 at the editor's screen); the headers'
 * bound just above it.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
const HEADERS_TIMEOUT_MS = 66_000;

/** Whether the request has a body not yet all read: an answer now leaves the rest unread. */
function bodyUnread(request: IncomingMessage): boolean {
  if (request.complete) return false;
  return request.headers["transfer-encoding"] !== undefined || Number(request.headers["content-length"] ?? 0) > 0;
}

/**
 * An answer given before its request's body is read (a 401, a 413) closes the connection after it:
 * Node would otherwise read and drop the rest to keep the connection, for as long as it is trickled.
 */
class ClosingResponse extends ServerResponse {
  override writeHead(...args: unknown[]): this {
    if (bodyUnread(this.req)) this.setHeader("connection", "close");
    // The arguments are writeHead's own, passed on as they came, whichever of its forms they are.
    return super.writeHead(...(args as Parameters<ServerResponse["writeHead"]>));
  }
}

export interface RequestTimeouts {
  /** The most a request may take to arrive, headers and body. */
  requestMs?: number;
  /** The most its headers may take. */
  headersMs?: number;
  /** How often Node looks for requests past those bounds (its default: 30 s). */
  checkEveryMs?: number;
}

/**
 * The HTTP server of `npm run edit` and of the team's service: each request bounded in time, and a
 * connection whose request is answered before its body is read closed after the answer.
 */
export function editingServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  { requestMs = REQUEST_TIMEOUT_MS, headersMs = HEADERS_TIMEOUT_MS, checkEveryMs = 30_000 }: RequestTimeouts = {},
): Server {
  return createServer(
    {
      ServerResponse: ClosingResponse,
      requestTimeout: requestMs,
      headersTimeout: headersMs,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: checkEveryMs,
    },
    handler,
  );
}
