/** fresh 0.5.2, the check Express's `req.fresh` makes (it ships no types). */
declare module "fresh" {
  import type { IncomingHttpHeaders } from "node:http";

  /** Whether a conditional request's validators (If-None-Match, If-Modified-Since) match the answer's. */
  export default function fresh(
    requestHeaders: IncomingHttpHeaders,
    responseHeaders: { etag?: string; "last-modified"?: string },
  ): boolean;
}
