import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";

import type { EntryContext, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";

import {
  contentSecurityPolicy,
  documentCacheControl,
  matchesIfNoneMatch,
  strongETag,
} from "~/lib/http.server";
import { deferHydration, skipNeedlessScrollRead } from "~/lib/hydration.server";
import { MEDIA_ORIGIN } from "~/lib/mediaOrigin.server";

const ABORT_DELAY_MS = 5_000;

/**
 * Renders the whole document before sending it. The content is static data, so there is nothing
 * to stream while waiting, and the finished HTML is what the CSP hashes its inline scripts from and
 * the ETag is computed over. Crawlers and people get the same complete page, so a CDN may share it.
 * Its scripts wait for the first screen to paint, and a first visit skips a needless storage read
 * (see hydration.server.ts).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const rendered = await new Promise<string>((resolve, reject) => {
    let shellRendered = false;
    // Cleared once rendering ends, so a finished page is not held in memory until the delay passes.
    let abortTimer: NodeJS.Timeout | undefined;
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} />,
      {
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          clearTimeout(abortTimer);
          const body = new PassThrough();
          pipe(body);
          resolve(text(body));
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject above and are logged by Remix; log the later ones here.
          if (shellRendered) console.error(error);
        },
      },
    );
    abortTimer = setTimeout(abort, ABORT_DELAY_MS);
  });

  const development = process.env.NODE_ENV === "development";
  const html = development ? rendered : skipNeedlessScrollRead(deferHydration(rendered));
  const etag = strongETag(html);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy(html, { development, mediaOrigin: MEDIA_ORIGIN }),
  );
  responseHeaders.set("ETag", etag);
  responseHeaders.set("Cache-Control", documentCacheControl(responseStatusCode));
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
