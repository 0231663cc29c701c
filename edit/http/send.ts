/**
 * An answer of the editing servers' own, never cached: plain text unless `type` names another. Any
 * other header is set on `response` before. Here, below the pages' routes and the servers alike, so
 * every one of them answers the same way without importing the folder above it.
 */
import type { ServerResponse } from "node:http";

export function send(
  response: ServerResponse,
  status: number,
  body: string | Uint8Array,
  type = "text/plain; charset=utf-8",
) {
  response.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  response.end(body);
}
