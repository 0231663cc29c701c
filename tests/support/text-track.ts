/**
 * A WebVTT file as the browser's own parser reads it: the cues of a `<track>` on a `<video>` of
 * its own, never the site's reader. The site's served files and the editors' originals are
 * compared through it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { expect } from "@playwright/test";

import { captionsTrack } from "#model/tracks.ts";

/** A cue as the engine's VTTCue holds it, its text also as the engine renders it (getCueAsHTML). */
export interface EngineCue {
  startTime: number;
  endTime: number;
  text: string;
  /** The rendered cue as markup, and as the words it shows. */
  html: string;
  shown: string;
  line: number | string;
  snapToLines: boolean;
  position: number | string;
  size: number;
  align: string;
  vertical: string;
  /** Where the engine has them (Firefox and WebKit; Chromium leaves them out). */
  lineAlign?: string;
  positionAlign?: string;
  region?: string;
}

/**
 * In the page: the cues of a WebVTT file, from its URL, or from its text as a blob (the pages'
 * CSP lets media load from blob:). Self-contained, as it runs in the page.
 */
export function engineCues(source: { src: string } | { text: string }): Promise<EngineCue[]> {
  const src = "src" in source ? source.src : URL.createObjectURL(new Blob([source.text], { type: "text/vtt" }));
  const video = document.createElement("video");
  const track = Object.assign(document.createElement("track"), { kind: "captions", src, srclang: "en" });
  video.append(track);
  document.body.append(video);
  track.track.mode = "hidden";
  return new Promise((resolve, reject) => {
    track.addEventListener("error", () => reject(new Error(`${"src" in source ? src : "a file"} did not load`)));
    track.addEventListener("load", () => {
      const cues = [...(track.track.cues ?? [])].map((cue) => {
        const vtt = cue as VTTCue & { lineAlign?: string; positionAlign?: string };
        const html = document.createElement("div");
        html.append(vtt.getCueAsHTML());
        return {
          startTime: vtt.startTime,
          endTime: vtt.endTime,
          text: vtt.text,
          html: html.innerHTML,
          shown: html.textContent ?? "",
          line: vtt.line,
          snapToLines: vtt.snapToLines,
          position: vtt.position,
          size: vtt.size,
          align: vtt.align,
          vertical: vtt.vertical,
          ...(vtt.lineAlign !== undefined && { lineAlign: vtt.lineAlign, positionAlign: vtt.positionAlign }),
          ...(vtt.region && { region: vtt.region.id }),
        };
      });
      video.remove();
      resolve(cues);
    });
  });
}

/** The cues a film `duration` seconds long ever shows: browsers read, and never show, one that ends before it starts or starts after the end. */
export const everShown = (cues: EngineCue[], duration: number) =>
  cues.filter((cue) => cue.endTime > cue.startTime && cue.startTime < duration);

const REELS = join(import.meta.dirname, "../../app/content/reels");

/** The WebVTT captions files the editors wrote, by reel and language (SubRip has no browser parser to read it). */
export function originalCaptions(slug: string, lang: string): string | undefined {
  const name = readdirSync(REELS).find((file) => file.toLowerCase() === `${slug}.${lang}.vtt`.toLowerCase());
  return name && readFileSync(join(REELS, name), "utf8");
}

/**
 * Each captions file a reel serves, as the engine's own parser reads it (`read` runs `engineCues`
 * in a page), against the same engine's reading of the editors' original: the times, the text as
 * shown and every setting, cue by cue. A SubRip original has no parser in a browser: what it is
 * served as is in tests/fixtures/golden/captions/.
 */
export async function expectServedAsOriginals(
  reel: { slug: string; duration: number },
  langs: readonly string[],
  read: (source: { src: string } | { text: string }) => Promise<EngineCue[]>,
) {
  for (const lang of langs) {
    const original = originalCaptions(reel.slug, lang);
    if (original === undefined) continue;
    const served = await read({ src: captionsTrack(reel.slug, lang) });
    const shown = everShown(await read({ text: original }), reel.duration);
    expect(shown.length, `${lang}: the original has cues`).toBeGreaterThan(0);
    expect(
      served.map(({ text: _text, ...cue }) => cue),
      `${lang}: times, text as shown, settings`,
    ).toEqual(shown.map(({ text: _text, ...cue }) => cue));
  }
}
