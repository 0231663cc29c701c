/** A request's body read whole, for the editing servers' small JSON requests (a save, an upload's id). */
import type { IncomingMessage } from "node:http";

/**
 * The body, or undefined once it is past `limit` bytes: refused unread when its Content-Length says
 * so, else as soon as it goes past. The request is not destroyed on an early return: the refusal is
 * still to be answered on it.
 */
export async function bodyOf(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  if (Number(request.headers["content-length"] ?? 0) > limit) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
