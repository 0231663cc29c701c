/**
 * A reel's captions in one language as WebVTT (`/reels/{slug}/captions/{lang}.vtt`), a
 * `<track kind="captions">` of its page, from the captions file beside the reel's content (an SRT
 * file is served as WebVTT too): each cue placed and marked up as the editor wrote it, the file's
 * STYLE and REGION blocks before them.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { captionsOf } from "#app/lib/catalog.server.ts";
import { vttResponse } from "#app/lib/http.server.ts";
import { numbered, writeWebVtt } from "#model/cues/webvtt.ts";

export function loader({ params, request }: LoaderFunctionArgs) {
  const lang = /^(.+)\.vtt$/.exec(params["*"] ?? "")?.[1];
  const track = captionsOf(params.slug ?? "").find((candidate) => candidate.lang === lang);
  return vttResponse(request, track && writeWebVtt(numbered(track.cues), track.blocks));
}
