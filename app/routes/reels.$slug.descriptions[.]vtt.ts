/**
 * A reel's described picture as WebVTT (`/reels/{slug}/descriptions.vtt`), the
 * `<track kind="descriptions">` of its page: one cue per spot, made from the content.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { reelBySlug } from "#app/lib/catalog.server.ts";
import { vttResponse } from "#app/lib/http.server.ts";
import { chaptersOf, describedCues } from "#app/reel/reel.server.ts";
import { numbered, writeWebVtt } from "#model/cues/webvtt.ts";

export function loader({ params, request }: LoaderFunctionArgs) {
  const reel = reelBySlug(params.slug ?? "");
  return vttResponse(request, reel && writeWebVtt(numbered(describedCues(chaptersOf(reel)))));
}
