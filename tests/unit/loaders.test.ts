import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";

import { artists, reels } from "~/content";
import { loader as collectiveReelLoader } from "~/routes/collective-reel";
import { loader as artistLoader } from "~/routes/artists.$type.$";
import { loader as fallbackLoader } from "~/routes/$";
import { loader as chaptersLoader } from "~/routes/reels.$slug.chapters[.]vtt";

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
  const film = artists.film[0];
  const photographer = artists.photographers[0];

  it("returns the artist for a known type and id", () => {
    expect(artistLoader(args(film.url, { type: "film", "*": film.id })).artist).toBe(film);
    expect(
      artistLoader(args(photographer.url, { type: "photography", "*": photographer.id })).artist,
    ).toBe(photographer);
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

describe("fallback loader", () => {
  it("redirects unknown pages to the directors' grid with a 302", () => {
    for (const path of ["/", "/about", "/artists", "/artists/film"]) {
      const response = fallbackLoader(args(path));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/artists/directors");
    }
  });

  it("answers 404 for missing assets instead of redirecting", () => {
    for (const path of ["/images/missing.jpg", "/videos/none", "/build/x.js", "/robots.txt", "/a/b.png"]) {
      expect(thrown(() => fallbackLoader(args(path))).status).toBe(404);
    }
  });
});

describe("reel loaders", () => {
  it("return their own reel, its spots as chapters with their directors", () => {
    const { reel, chapters, start } = collectiveReelLoader(args("/collective-reel"));
    expect(reel.slug).toBe("collective-reel");
    expect(chapters.map((chapter) => chapter.start)).toEqual(reel.spots.map((spot) => spot.start));
    for (const [index, chapter] of chapters.entries()) {
      const director = artists.film.find((artist) => artist.id === reel.spots[index].artist);
      expect(chapter.director).toEqual({ name: director?.name, url: director?.url });
    }
    expect(start).toBe(0);
  });

  it("start the reel at ?t=, or at 0 for a t that is not a moment of it", () => {
    const startOf = (query: string) => collectiveReelLoader(args(`/collective-reel?${query}`)).start;
    const { duration } = collectiveReelLoader(args("/collective-reel")).reel;
    expect(startOf("t=12")).toBe(12);
    expect(startOf("t=12.5")).toBe(12.5);
    for (const bad of ["t=-5", `t=${duration}`, "t=abc", "t=1e400", "t=99999999999999999999999", "t=", "t=NaN", "t=Infinity"]) {
      expect(startOf(bad), bad).toBe(0);
    }
  });
});

describe("chapters route", () => {
  it("serves a reel's chapters as WebVTT, one cue per spot", async () => {
    const response = chaptersLoader(args("/reels/reel-2021/chapters.vtt", { slug: "reel-2021" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/vtt; charset=utf-8");
    const body = await response.text();
    expect(body.startsWith("WEBVTT\n\n")).toBe(true);
    expect(body.match(/-->/g)).toHaveLength(reels.find((reel) => reel.slug === "reel-2021")?.spots.length ?? -1);
  });

  it("answers 404 for a slug that is not a reel", () => {
    for (const slug of ["nope", "__proto__", "constructor"]) {
      expect(chaptersLoader(args(`/reels/${slug}/chapters.vtt`, { slug })).status).toBe(404);
    }
  });
});
