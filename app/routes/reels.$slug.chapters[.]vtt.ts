/**
 * A reel's chapters as WebVTT (`/reels/{slug}/chapters.vtt`), the `<track kind="chapters">` of
 * its page: one cue per spot, made from the content, so it never disagrees with the credits.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { reelBySlug } from "~/lib/catalog";
import { DOCUMENT_CACHE_CONTROL, ERROR_CACHE_CONTROL, matchesIfNoneMatch, strongETag } from "~/lib/http.server";
import { chaptersOf } from "~/lib/reelPage.server";
import { chaptersVtt } from "~/lib/reelParts";

export function loader({ params, request }: LoaderFunctionArgs) {
  const reel = reelBySlug(params.slug ?? "");
  if (!reel) {
    return new Response("Not Found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": ERROR_CACHE_CONTROL },
    });
  }
  const body = chaptersVtt(chaptersOf(reel));
  const etag = strongETag(body);
  const headers = { "Content-Type": "text/vtt; charset=utf-8", "Cache-Control": DOCUMENT_CACHE_CONTROL, ETag: etag };
  if (matchesIfNoneMatch(request, etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}
