/** Link-preview images (1200×630 JPEG) from an artist's still or a reel's poster, a name set over a dark fade. */
import { execFileSync } from "node:child_process";

import sharp from "sharp";

import { PREVIEW_SIZE } from "#model/media.ts";
import { colors } from "#model/theme.ts";

const { width, height } = PREVIEW_SIZE;
const { ink: INK, paper: PAPER } = colors;

/** The faces the captions are set in, checked first: librsvg would silently take another. */
const CAPTION_FACES = [
  { family: "DejaVu Sans", style: "Book", apt: "fonts-dejavu-core" },
  { family: "DejaVu Sans", style: "ExtraLight", apt: "fonts-dejavu-extra" },
];

let fontsChecked = false;

/** Fails, naming the packages to install, when a face the captions use is missing. */
export function requirePreviewFonts(): void {
  if (fontsChecked) return;
  const missing = CAPTION_FACES.filter(
    ({ family, style }) =>
      execFileSync("fc-list", [`${family}:style=${style}`, "file"], { encoding: "utf8" }).trim() === "",
  );
  if (missing.length > 0) {
    const faces = missing.map(({ family, style }) => `${family} ${style}`).join(", ");
    throw new Error(
      `missing fonts: ${faces}. Install them with\n  apt-get install -y --no-install-recommends ${missing.map(({ apt }) => apt).join(" ")}`,
    );
  }
  fontsChecked = true;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

function captionSvg(title: string, subtitle: string): string {
  const titleSize = title.length > 26 ? 54 : 68;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="fade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.35" stop-color="${INK}" stop-opacity="0"/>
      <stop offset="1" stop-color="${INK}" stop-opacity="0.88"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#fade)"/>
  <text x="64" y="${height - 112}" font-family="DejaVu Sans" font-weight="300" font-size="${titleSize}" fill="${PAPER}">${escapeXml(title)}</text>
  <text x="66" y="${height - 60}" font-family="DejaVu Sans" font-size="24" letter-spacing="5" fill="${PAPER}" fill-opacity="0.78">${escapeXml(subtitle.toUpperCase())}</text>
</svg>`;
}

/** How far (as a fraction) a poster's aspect may be from the preview's and still be cropped to fill it. */
const POSTER_CROP_TOLERANCE = 0.1;

/**
 * A preview: `background` cropped to 1200×630 with `caption` set on it; a `poster` far from that
 * shape (scope, vertical) is letterboxed instead, as cropping would cut its title card.
 */
export async function previewJpeg(
  background: string,
  caption?: { title: string; subtitle: string },
  { poster = false }: { poster?: boolean } = {},
): Promise<Buffer> {
  const image = sharp(background);
  const { width: w = width, height: h = height } = poster ? await image.metadata() : {};
  const close = Math.abs(w / h / (width / height) - 1) <= POSTER_CROP_TOLERANCE;
  image.resize(width, height, close ? { fit: "cover", position: "attention" } : { fit: "contain", background: INK });
  if (caption) image.composite([{ input: Buffer.from(captionSvg(caption.title, caption.subtitle)) }]);
  return image.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}
