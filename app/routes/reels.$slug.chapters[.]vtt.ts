/**
 * A reel's chapters as WebVTT (`/reels/{slug}/chapters.vtt`), the `<track kind="chapters">` of
 * its page: one cue per spot, made from the content, so it never disagrees with the credits.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { reelBySlug } from "#app/lib/catalog.server.ts";
import { vttResponse } from "#app/lib/http.server.ts";
import { chapterCues, chaptersOf } from "#app/reel/reel.server.ts";
import { numbered, writeWebVtt } from "#model/cues/webvtt.ts";

export function loader({ params, request }: LoaderFunctionArgs) {
  const reel = reelBySlug(params.slug ?? "");
  return vttResponse(request, reel && writeWebVtt(numbered(chapterCues(chaptersOf(reel)))));
}
