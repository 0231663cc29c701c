/**
 * A reel's chapters as WebVTT (`/reels/{slug}/chapters.vtt`), the `<track kind="chapters">` of
 * its page: one cue per spot, made from the content, so it never disagrees with the credits.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { reelBySlug } from "~/lib/catalog";
import { vttResponse } from "~/lib/http.server";
import { chapterCues, chaptersOf } from "~/reel/reel.server";
import { numbered, writeWebVtt } from "~/reel/webvtt";

export function loader({ params, request }: LoaderFunctionArgs) {
  const reel = reelBySlug(params.slug ?? "");
  return vttResponse(request, reel && writeWebVtt(numbered(chapterCues(chaptersOf(reel)))));
}
