import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";

import { Picture } from "~/components/Picture";
import {
  LADDERS,
  type LadderKind,
  ladderFiles,
  listImageLoading,
  loadingAttributes,
  MEDIA_SIZES,
  responsiveImage,
  videoPoster,
} from "~/lib/media";

const KINDS = Object.keys(LADDERS) as LadderKind[];

describe("ladders", () => {
  it.each(KINDS)("%s: widths rise up to the source's own width, never past it", (kind) => {
    const { widths } = LADDERS[kind];
    expect([...widths].sort((a, b) => a - b)).toEqual(widths);
    expect(widths[widths.length - 1]).toBe(MEDIA_SIZES[kind].width);
  });

  it.each(KINDS)("%s: every file keeps the source's aspect ratio in whole pixels", (kind) => {
    const { width, height } = MEDIA_SIZES[kind];
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
    const image = responsiveImage("filmWork", "/images/work/jane/1.jpg");
    expect(image.sources).toEqual([
      { type: "image/avif", srcSet: "/images/work/jane/1-320w.avif 320w, /images/work/jane/1-480w.avif 480w" },
      { type: "image/webp", srcSet: "/images/work/jane/1-320w.webp 320w, /images/work/jane/1-480w.webp 480w" },
    ]);
    expect(image.srcSet).toBe("/images/work/jane/1-320w.jpg 320w, /images/work/jane/1-480w.jpg 480w");
    expect(image.src).toBe("/images/work/jane/1-480w.jpg");
    expect(image.sized).toBe(true);
    expect([image.width, image.height]).toEqual([480, 270]);
  });

  it("keeps a logo's PNG as its fallback, and names its one width without a descriptor", () => {
    const image = responsiveImage("clientLogo", "/images/clients/acme.png");
    expect(image.sources).toEqual([{ type: "image/webp", srcSet: "/images/clients/acme-320w.webp" }]);
    expect(image.src).toBe("/images/clients/acme-320w.png");
    expect(image.sized).toBe(false);
  });

  it("gives a one-width ladder's picture no sizes, which the browser would not use", () => {
    const html = renderToString(
      createElement(Picture, { kind: "clientLogo", src: "/images/clients/acme.png", alt: "Acme", sizes: "50vw", loading: "lazy" }),
    );
    expect(html).toBe(
      '<picture class="contents"><source type="image/webp" srcSet="/images/clients/acme-320w.webp" width="320" height="160"/>' +
        '<img loading="lazy" decoding="async" width="320" height="160" alt="Acme" src="/images/clients/acme-320w.png"/></picture>',
    );
  });

  it("rejects a still that is neither JPEG nor PNG", () => {
    expect(() => responsiveImage("bioPhoto", "/images/bio/jane.webp")).toThrow(/\.jpg or \.png/);
  });

  it("gives a video the widest WebP of its poster", () => {
    expect(videoPoster("/images/reels/reel-2021.jpg")).toBe("/images/reels/reel-2021-1280w.webp");
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
      createElement(Picture, { kind: "bioPhoto", src: "/images/bio/jane.jpg", alt: "", sizes: "100vw", loading: "hero" }),
    );
    expect(html).toContain(' fetchpriority="high"');
    expect(html).not.toContain("fetchPriority");
    expect(warn).not.toHaveBeenCalled();
  });
});
