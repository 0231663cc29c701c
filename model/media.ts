import { type LadderKind, MEDIA_KINDS, type ModernFormat } from "./media-kinds.ts";
import { mediaPaths } from "./media-paths.ts";

/**
 * The URL of the media file at `path` (a site path under /images or /videos, as the content names
 * it) on `origin`: MEDIA_ORIGIN as the root loader passes it down, "" for the site itself. Every
 * media URL a page, a link preview or JSON-LD gives is made here (through useMediaUrl in components).
 */
export function mediaUrl(origin: string, path: string): string {
  return origin + path;
}

type ImageFormat = ModernFormat | "jpg" | "png";

const MIME_TYPES: Record<ImageFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
};

/** One encoded file of a ladder. */
export interface LadderFile {
  path: string;
  width: number;
  height: number;
  format: ImageFormat;
}

/** A ladder as `<picture>` wants it. */
export interface ResponsiveImage {
  /** One `<source>` per modern format, best first. */
  sources: { type: string; srcSet: string }[];
  /** The source's own format, for the `<img>` (and any browser that reads no modern format). */
  srcSet: string;
  src: string;
  /** The source's size: the aspect ratio the box reserves. */
  width: number;
  height: number;
}

/** The source's format, which is also the ladder's fallback: JPEG photographs, PNG graphics. */
function sourceFormat(source: string): "jpg" | "png" {
  const extension = /\.(jpg|png)$/.exec(source)?.[1];
  if (extension !== "jpg" && extension !== "png") throw new Error(`${source}: a still must be a .jpg or .png`);
  return extension;
}

/** "/images/directors/x.jpg", 480, "avif" → "/images/directors/x-480w.avif". */
export function ladderPath(source: string, width: number, format: ImageFormat): string {
  return source.replace(/\.(jpg|png)$/, `-${width}w.${format}`);
}

/**
 * Every file of the ladder of `source`, a still of `kind` (its row in media-kinds.ts gives the
 * widths, in modern formats best first, plus the source's own format for browsers that read neither).
 */
export function ladderFiles(kind: LadderKind, source: string): LadderFile[] {
  const {
    ladder: { widths, formats },
    size,
  } = MEDIA_KINDS[kind];
  return [...formats, sourceFormat(source)].flatMap((format) =>
    widths.map((width) => ({
      path: ladderPath(source, width, format),
      width,
      height: Math.round((width * size.height) / size.width),
      format,
    })),
  );
}

/** The srcset, `<source>` types and fallback of the still at `source`. */
export function responsiveImage(kind: LadderKind, source: string): ResponsiveImage {
  const files = ladderFiles(kind, source);
  const {
    ladder: { widths, formats },
    size,
  } = MEDIA_KINDS[kind];
  const srcSetOf = (format: ImageFormat) =>
    files
      .filter((file) => file.format === format)
      .map((file) => `${file.path} ${file.width}w`)
      .join(", ");
  const fallback = sourceFormat(source);
  return {
    sources: formats.map((format) => ({ type: MIME_TYPES[format], srcSet: srcSetOf(format) })),
    srcSet: srcSetOf(fallback),
    src: ladderPath(source, widths[widths.length - 1], fallback),
    width: size.width,
    height: size.height,
  };
}

/**
 * The client logos, drawn one under another, in content order, into strips of LOGOS_PER_SPRITE:
 * /clients fetches five images rather than 55, and a phone asks for those below its first screen
 * only as it scrolls there. Each logo is still its own `<img>` with its alt text: `object-fit:
 * cover` scales the strip to the logo box's width, and `logoCell` picks the box's cell. A strip is
 * lossless WebP, with a palette PNG for browsers that read no WebP.
 */
export const LOGOS_PER_SPRITE = 12; // whole rows of three, four and six: phones, tablets and laptops

export interface LogoSprite<Logo> {
  webp: string;
  png: string;
  logos: Logo[];
}

/**
 * 32-bit FNV-1a hash of a string (the media script seeds its demo's randomness with it too). A logo
 * strip's name carries the hash of the logo files it holds, so adding, removing or reordering logos
 * names a new file, and no cache keeps showing the old strip under the new alt texts.
 */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/** The strips of `logos` (each naming its file in `logo`, "/images/clients/acme.png"). */
export function logoSprites<Logo extends { logo: string }>(logos: readonly Logo[]): LogoSprite<Logo>[] {
  const sprites: LogoSprite<Logo>[] = [];
  for (let start = 0; start < logos.length; start += LOGOS_PER_SPRITE) {
    const members = logos.slice(start, start + LOGOS_PER_SPRITE);
    const hash = fnv1a(members.map((member) => member.logo).join("\n"))
      .toString(16)
      .padStart(8, "0");
    sprites.push({ webp: mediaPaths.logoStrip(hash, "webp"), png: mediaPaths.logoStrip(hash, "png"), logos: members });
  }
  return sprites;
}

/**
 * The class that shows cell `index` of a strip of `count` logos in a box of a logo's shape. A
 * percentage in object-position places that fraction of the overflow, (count − 1) cells here.
 * Tailwind makes these classes from its safelist (tailwind.config.ts), since no source names them.
 */
export function logoCell(index: number, count: number): string {
  const percent = count > 1 ? (index / (count - 1)) * 100 : 0;
  return `object-[50%_${Number(percent.toFixed(4))}%]`;
}

/**
 * Every logo of `sprites`, in order, with its strip and the class of its cell: what /clients
 * renders, and what tailwind.config.ts safelists, so the two cannot disagree.
 */
export function logoTiles<Logo>(sprites: readonly LogoSprite<Logo>[]) {
  return sprites.flatMap((sprite) =>
    sprite.logos.map((logo, index) => ({ sprite, logo, cell: logoCell(index, sprite.logos.length) })),
  );
}

/**
 * A reel's poster for `<video poster>` and video.js, which take a single URL: no srcset and no
 * type fallback. So it is WebP, which every current browser reads (AVIF is still missing from
 * some; a browser without WebP shows the player without a poster), at the widest rung, the
 * 1280×720 frame of the video itself.
 */
export function videoPoster(source: string): string {
  const { widths } = MEDIA_KINDS.reelPoster.ladder;
  return ladderPath(source, widths[widths.length - 1], "webp");
}

/**
 * How an image loads: `hero` is the largest image in the page's first screen, `eager` the rest of
 * that screen, `lazy` everything below it.
 */
export type ImageLoading = "hero" | "eager" | "lazy";

/**
 * `fetchpriority="high"`, to spread on an `<img>` or `<link>`. React 18.3 does not know the
 * `fetchPriority` prop: it writes the camelCase name into the HTML and warns. The lowercase
 * attribute it passes through as it is, without a warning; a spread, because React's types
 * declare only the camelCase prop.
 */
export const HIGH_FETCH_PRIORITY = { fetchpriority: "high" } as const;

/** The `<img>` attributes for `loading`. */
export function loadingAttributes(loading: ImageLoading): { loading: "eager" | "lazy"; fetchpriority?: "high" } {
  return loading === "hero" ? { loading: "eager", ...HIGH_FETCH_PRIORITY } : { loading };
}

/**
 * The loading of the `index`-th image of a list that opens the page: the first is the hero, the
 * rest of the first `firstScreen` share the first screen, the others are below it.
 */
export function listImageLoading(index: number, firstScreen: number): ImageLoading {
  if (index === 0) return "hero";
  return index < firstScreen ? "eager" : "lazy";
}

/** Link-preview images (Open Graph / Twitter), 1200×630 JPEGs made by the media script. */
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;
