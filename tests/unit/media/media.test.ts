import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";

import { Picture } from "#app/components/picture.tsx";
import { MediaOriginContext } from "#app/components/use-media-url.ts";
import {
  ladderFiles,
  listImageLoading,
  loadingAttributes,
  LOGOS_PER_SPRITE,
  logoCell,
  logoSprites,
  logoTiles,
  responsiveImage,
  videoPoster,
} from "#model/media.ts";
import { isLadderKind, type LadderKind, MEDIA_KINDS } from "#model/media-kinds.ts";
import { parseMediaOrigin } from "#app/lib/media-origin.server.ts";

const LADDER_KINDS = Object.keys(MEDIA_KINDS).filter((kind): kind is LadderKind => isLadderKind(kind));

describe("ladders", () => {
  it.each(LADDER_KINDS)("%s: widths rise up to the source's own width, never past it", (kind) => {
    const { widths } = MEDIA_KINDS[kind].ladder;
    expect([...widths].sort((a, b) => a - b)).toEqual(widths);
    expect(widths[widths.length - 1]).toBe(MEDIA_KINDS[kind].size.width);
  });

  it.each(LADDER_KINDS)("%s: every file keeps the source's aspect ratio in whole pixels", (kind) => {
    const { width, height } = MEDIA_KINDS[kind].size;
    for (const file of ladderFiles(kind, "/images/x/still.jpg")) {
      expect(Number.isInteger((file.width * height) / width), `${file.path}`).toBe(true);
      expect(file.height).toBe((file.width * height) / width);
    }
  });

  it("names each file after the still, its width and its format", () => {
    const paths = ladderFiles("directorStill", "/images/directors/jane.jpg").map((file) => file.path);
    expect(paths).toEqual([
      "/images/directors/jane-480w.avif",
      "/images/directors/jane-720w.avif",
      "/images/directors/jane-960w.avif",
      "/images/directors/jane-480w.webp",
      "/images/directors/jane-720w.webp",
      "/images/directors/jane-960w.webp",
      "/images/directors/jane-480w.jpg",
      "/images/directors/jane-720w.jpg",
      "/images/directors/jane-960w.jpg",
    ]);
  });

  it("offers AVIF, then WebP, then the still's own format", () => {
    const image = responsiveImage("directorWorkStill", "/images/work/jane/1.jpg");
    expect(image.sources).toEqual([
      { type: "image/avif", srcSet: "/images/work/jane/1-320w.avif 320w, /images/work/jane/1-480w.avif 480w" },
      { type: "image/webp", srcSet: "/images/work/jane/1-320w.webp 320w, /images/work/jane/1-480w.webp 480w" },
    ]);
    expect(image.srcSet).toBe("/images/work/jane/1-320w.jpg 320w, /images/work/jane/1-480w.jpg 480w");
    expect(image.src).toBe("/images/work/jane/1-480w.jpg");
    expect([image.width, image.height]).toEqual([480, 270]);
  });

  it("rejects a still that is neither JPEG nor PNG", () => {
    expect(() => responsiveImage("bioPhoto", "/images/bio/jane.webp")).toThrow(/\.jpg or \.png/);
  });

  it("gives a video the widest WebP of its poster", () => {
    expect(videoPoster("/images/reels/reel-2021.jpg")).toBe("/images/reels/reel-2021-1280w.webp");
  });
});

describe("logo strips", () => {
  const logos = (count: number, from = 0) =>
    Array.from({ length: count }, (_, i) => ({ logo: `/images/clients/brand-${from + i}.png` }));

  it("groups the logos in content order, LOGOS_PER_SPRITE to a strip, the rest in the last", () => {
    const sprites = logoSprites(logos(2 * LOGOS_PER_SPRITE + 5));
    expect(sprites.map((sprite) => sprite.logos.length)).toEqual([LOGOS_PER_SPRITE, LOGOS_PER_SPRITE, 5]);
    expect(sprites.flatMap((sprite) => sprite.logos)).toEqual(logos(2 * LOGOS_PER_SPRITE + 5));
    for (const sprite of sprites) {
      expect(sprite.webp).toMatch(/^\/images\/clients\/logos-[0-9a-f]{8}\.webp$/);
      expect(sprite.png).toBe(sprite.webp.replace(/webp$/, "png"));
    }
    expect(logoSprites([])).toEqual([]);
  });

  it("names a strip after its logos, so a changed list never reuses a cached strip", () => {
    const [sprite] = logoSprites(logos(3));
    expect(logoSprites(logos(3))[0].webp).toBe(sprite.webp);
    expect(logoSprites(logos(4))[0].webp).not.toBe(sprite.webp);
    expect(logoSprites(logos(3).reverse())[0].webp).not.toBe(sprite.webp);
    expect(logoSprites(logos(3, 1))[0].webp).not.toBe(sprite.webp);
  });

  it("places each cell by the share of the strip's overflow above it", () => {
    expect([0, 1, 2, 3, 4].map((cell) => logoCell(cell, 5))).toEqual([
      "object-[50%_0%]",
      "object-[50%_25%]",
      "object-[50%_50%]",
      "object-[50%_75%]",
      "object-[50%_100%]",
    ]);
    expect(logoCell(1, 12)).toBe("object-[50%_9.0909%]");
    expect(logoCell(0, 1)).toBe("object-[50%_0%]");
  });

  it("gives every logo, in order, its strip and its cell's class", () => {
    const sprites = logoSprites(logos(LOGOS_PER_SPRITE + 2));
    const tiles = logoTiles(sprites);
    expect(tiles.map((tile) => tile.logo)).toEqual(logos(LOGOS_PER_SPRITE + 2));
    expect(tiles[LOGOS_PER_SPRITE - 1]).toMatchObject({ sprite: sprites[0], cell: "object-[50%_100%]" });
    expect(tiles[LOGOS_PER_SPRITE]).toMatchObject({ sprite: sprites[1], cell: "object-[50%_0%]" });
  });
});

describe("loading", () => {
  afterEach(() => vi.restoreAllMocks());

  it("loads a list's first image as the hero, the first screen eagerly, the rest lazily", () => {
    expect([0, 1, 2, 3].map((index) => listImageLoading(index, 3))).toEqual(["hero", "eager", "eager", "lazy"]);
    expect(loadingAttributes("hero")).toEqual({ loading: "eager", fetchpriority: "high" });
    expect(loadingAttributes("lazy")).toEqual({ loading: "lazy" });
  });

  it("renders the hero's fetchpriority in lowercase, and React does not warn", () => {
    const warn = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const html = renderToString(
      createElement(Picture, {
        kind: "bioPhoto",
        src: "/images/bio/jane.jpg",
        alt: "",
        sizes: "100vw",
        loading: "hero",
      }),
    );
    expect(html).toContain(' fetchpriority="high"');
    expect(html).not.toContain("fetchPriority");
    expect(warn).not.toHaveBeenCalled();
  });
});

describe("MEDIA_ORIGIN", () => {
  it("is the site itself when unset, else an http(s) URL without its trailing slash", () => {
    expect(parseMediaOrigin(undefined)).toBe("");
    expect(parseMediaOrigin("")).toBe("");
    expect(parseMediaOrigin("https://media.example.com/")).toBe("https://media.example.com");
    expect(parseMediaOrigin("https://bucket.example.com/agency/")).toBe("https://bucket.example.com/agency");
    for (const bad of ["media.example.com", "ftp://media.example.com", "https://media.example.com/?v=1"]) {
      expect(() => parseMediaOrigin(bad), bad).toThrow(/MEDIA_ORIGIN/);
    }
  });

  it("prefixes every candidate of a picture", () => {
    const html = renderToString(
      createElement(
        MediaOriginContext.Provider,
        { value: "https://media.example.com" },
        createElement(Picture, {
          kind: "bioPhoto",
          src: "/images/bio/jane.jpg",
          alt: "",
          sizes: "100vw",
          loading: "lazy",
        }),
      ),
    );
    const urls = [...html.matchAll(/(?:src|srcSet|srcset)="([^"]+)"/g)].flatMap(([, value]) =>
      value.split(",").map((candidate) => candidate.trim().split(" ")[0]),
    );
    expect(urls.length).toBeGreaterThan(3);
    for (const url of urls) expect(url).toMatch(/^https:\/\/media\.example\.com\/images\/bio\/jane-/);
  });
});
