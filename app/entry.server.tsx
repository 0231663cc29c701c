import type { EntryContext, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";

import { contentSecurityPolicy, documentCacheControl, matchesIfNoneMatch, strongETag } from "#app/lib/http.server.ts";
import { MEDIA_ORIGIN } from "#app/lib/media-origin.server.ts";

/**
 * Renders the whole document before sending it, with `renderToString`. The content is static data
 * and no route defers any, so there is nothing to stream while waiting, and the finished HTML is
 * what the CSP hashes its inline scripts from and the ETag is computed over. Crawlers and people
 * get the same complete page, so a CDN may share it. Its scripts wait for the first screen to paint
 * (see app/components/deferred-scripts.tsx).
 *
 * Not `renderToPipeableStream`: React 18.3's stream writes stray NUL bytes where a multi-byte
 * character meets the end of its 2 KiB buffer (facebook/react#31134), and a page with one is not
 * valid HTML. A rendering error propagates, and Remix renders the root ErrorBoundary instead.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const html = "<!DOCTYPE html>" + renderToString(<RemixServer context={remixContext} url={request.url} />);
  const development = process.env.NODE_ENV === "development";
  const etag = strongETag(html);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy(html, { development, mediaOrigin: MEDIA_ORIGIN }),
  );
  responseHeaders.set("ETag", etag);
  // A route may say how its page is kept (a recipient link's selects page: by no cache); a server
  // error is never kept, whatever its route said.
  if (responseStatusCode >= 500 || !responseHeaders.has("Cache-Control")) {
    responseHeaders.set("Cache-Control", documentCacheControl(responseStatusCode));
  }
  if (responseStatusCode === 200 && matchesIfNoneMatch(request, etag)) {
    return new Response(null, { headers: responseHeaders, status: 304 });
  }
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}

/** Logs real failures only: a 404 or 405 is an answer, and an aborted request is the client leaving. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  console.error(error);
};
