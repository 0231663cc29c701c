/**
 * A reel's described picture as WebVTT (`/reels/{slug}/descriptions.vtt`), the
 * `<track kind="descriptions">` of its page: one cue per spot, made from the content.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { reelBySlug } from "~/lib/catalog";
import { vttResponse } from "~/lib/http.server";
import { chaptersOf, describedCues } from "~/reel/reel.server";
import { numbered, writeWebVtt } from "~/reel/webvtt";

export function loader({ params, request }: LoaderFunctionArgs) {
  const reel = reelBySlug(params.slug ?? "");
  return vttResponse(request, reel && writeWebVtt(numbered(describedCues(chaptersOf(reel)))));
}
