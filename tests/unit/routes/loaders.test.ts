import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";

import { artists, captions, reels } from "#app/content/index.ts";
import { loader as reelLoader } from "#app/routes/$slug.tsx";
import { loader as artistLoader } from "#app/routes/artists.$type.$.tsx";
import { loader as fallbackLoader } from "#app/routes/$.tsx";
import { loader as chaptersLoader } from "#app/routes/reels.$slug.chapters[.]vtt.ts";

function args(path: string, params: LoaderFunctionArgs["params"] = {}): LoaderFunctionArgs {
  return { request: new Request(`http://localhost${path}`), params, context: {} };
}

/** Runs a loader and returns what it threw (a Response), failing if it returned instead. */
function thrown(run: () => unknown): Response {
  try {
    run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected the loader to throw a Response");
}

describe("artist detail loader", () => {
  const film = artists.directors[0];
  const photographer = artists.photographers[0];

  it("returns the artist for a known type and id", () => {
    expect(artistLoader(args(film.url, { type: "film", "*": film.id })).artist).toBe(film);
    expect(artistLoader(args(photographer.url, { type: "photography", "*": photographer.id })).artist).toBe(
      photographer,
    );
  });

  it("answers 404 for an unknown id", () => {
    expect(thrown(() => artistLoader(args("/", { type: "film", "*": "nobody" }))).status).toBe(404);
  });

  it("answers 404 for an unknown type, including the photographers list's own data key", () => {
    for (const type of ["directors", "photographers", "video", "__proto__"]) {
      expect(thrown(() => artistLoader(args("/", { type, "*": film.id }))).status).toBe(404);
    }
  });

  it("answers 404 for an artist filed under the other type", () => {
    expect(thrown(() => artistLoader(args("/", { type: "photography", "*": film.id }))).status).toBe(404);
  });

  it("redirects 301 to the canonical URL when segments follow the id", () => {
    const response = thrown(() => artistLoader(args("/", { type: "film", "*": `${film.id}/more/x` })));
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe(film.url);
  });
});

describe("fallback loaders", () => {
  /** A single-segment path reaches the reel route first, a longer one the splat route. */
  const loaderOf = (path: string) => {
    const segments = path.split("/").filter(Boolean);
    return segments.length === 1
      ? () => reelLoader(args(path, { slug: segments[0] }))
      : () => fallbackLoader(args(path));
  };

  it("redirect unknown pages to the directors' grid with a 302", () => {
    for (const path of ["/", "/about", "/artists", "/artists/film", "/reel-1999"]) {
      const response = thrown(loaderOf(path));
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location")).toBe("/artists/directors");
    }
  });

  it("answer 404 for missing assets instead of redirecting", () => {
    for (const path of ["/images/missing.jpg", "/videos/none", "/build/x.js", "/robots.txt", "/a/b.png", "/logo.png"]) {
      expect(thrown(loaderOf(path)).status, path).toBe(404);
    }
  });
});

describe("reel loader", () => {
  const reelArgs = (reel: (typeof reels)[number], query = "") => args(`/${reel.slug}${query}`, { slug: reel.slug });

  it("returns each reel at /{slug}, its spots as chapters with their directors", () => {
    for (const { slug } of reels) expect(reelLoader(args(`/${slug}`, { slug })).reel.slug).toBe(slug);
    const { reel } = reelLoader(reelArgs(reels[0]));
    const { chapters, captions: languages, transcripts, start, ...entry } = reel;
    expect(entry).toStrictEqual(reels[0]);
    expect(languages).toEqual((captions[reel.slug] ?? []).map(({ lang, label }) => ({ lang, label })));
    expect(transcripts.map((transcript) => transcript.lang).sort()).toEqual(
      languages.length > 0 ? languages.map(({ lang }) => lang).sort() : ["en"],
    );
    for (const transcript of transcripts) expect(transcript.lines.length).toBeGreaterThanOrEqual(chapters.length);
    expect(chapters.map((chapter) => chapter.start)).toEqual(reel.spots.map((spot) => spot.start));
    for (const [index, chapter] of chapters.entries()) {
      const director = artists.directors.find((artist) => artist.id === reel.spots[index].artist);
      expect(chapter.director).toEqual({ name: director?.name, url: director?.url });
    }
    expect(start).toBe(0);
  });

  it("starts the reel at ?t=, or at 0 for a t that is not a moment of it", () => {
    const startOf = (query: string) => reelLoader(reelArgs(reels[0], `?${query}`)).reel.start;
    const { duration } = reels[0];
    const middle = duration / 2;
    expect(startOf(`t=${middle}`)).toBe(middle);
    expect(startOf(`t=${Math.floor(middle)}`)).toBe(Math.floor(middle));
    for (const bad of [
      "t=-5",
      `t=${duration}`,
      "t=abc",
      "t=1e400",
      "t=99999999999999999999999",
      "t=",
      "t=NaN",
      "t=Infinity",
    ]) {
      expect(startOf(bad), bad).toBe(0);
    }
  });
});

describe("chapters route", () => {
  it("serves a reel's chapters as WebVTT, one cue per spot", async () => {
    const reel = reels[reels.length - 1];
    const response = chaptersLoader(args(`/reels/${reel.slug}/chapters.vtt`, { slug: reel.slug }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/vtt; charset=utf-8");
    const body = await response.text();
    expect(body.startsWith("WEBVTT\n\n")).toBe(true);
    expect(body.match(/-->/g)).toHaveLength(reel.spots.length);
  });

  it("answers 404 for a slug that is not a reel", () => {
    for (const slug of ["nope", "__proto__", "constructor"]) {
      expect(chaptersLoader(args(`/reels/${slug}/chapters.vtt`, { slug })).status).toBe(404);
    }
  });
});
