/**
 * A reel's chapters as WebVTT (`/reels/{slug}/chapters.vtt`), the `<track kind="chapters">` of
 * its page: one cue per spot, made from the content, so it never disagrees with the credits.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { reelBySlug } from "~/lib/catalog";
import { vttResponse } from "~/lib/http.server";
import { chaptersOf } from "~/lib/reelPage.server";
import { chaptersVtt } from "~/lib/reelParts";

export function loader({ params, request }: LoaderFunctionArgs) {
  const reel = reelBySlug(params.slug ?? "");
  return vttResponse(request, reel && chaptersVtt(chaptersOf(reel)));
}
