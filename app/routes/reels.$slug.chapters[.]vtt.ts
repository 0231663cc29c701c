/**
 * A reel's chapters as WebVTT (`/reels/{slug}/chapters.vtt`), the `<track kind="chapters">` of
 * its page: one cue per spot, made from the content, so it never disagrees with the credits.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { REEL_SLUGS, type Reel } from "~/content/types";
import { reelBySlug } from "~/lib/catalog";
import { DOCUMENT_CACHE_CONTROL, ERROR_CACHE_CONTROL, matchesIfNoneMatch, strongETag } from "~/lib/http.server";
import { chaptersOf } from "~/lib/reelPage.server";
import { chaptersVtt } from "~/lib/reelParts";

const isReelSlug = (slug: string | undefined): slug is Reel["slug"] => REEL_SLUGS.some((reel) => reel === slug);

export function loader({ params, request }: LoaderFunctionArgs) {
  const reel = isReelSlug(params.slug) ? reelBySlug(params.slug) : undefined;
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
