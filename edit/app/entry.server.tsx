/**
 * The editing app's pages, rendered whole with `renderToString` (as the site's app/entry.server.tsx,
 * which says why not a stream). The screen that mounts the app (edit/http/editing-app.ts) adds
 * its own headers: never cached, never framed.
 */
import type { EntryContext, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";

export default function handleRequest(request: Request, status: number, headers: Headers, remixContext: EntryContext) {
  const html = "<!DOCTYPE html>" + renderToString(<RemixServer context={remixContext} url={request.url} />);
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(html, { headers, status });
}

/** Logs real failures only: a 404 or 405 is an answer, and an aborted request is the client leaving. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  console.error(error);
};
