/** Stills cropped from pictures, and client logos fitted to their box. */
import sharp from "sharp";

import { colors } from "#model/theme.ts";
import { type Focus, type Size, SVG_DENSITY } from "./probe.ts";

export const JPEG = { quality: 84, mozjpeg: true } as const;

/**
 * A photograph cropped to fill `size`, upright, in sRGB, flattened onto the page's colour: around
 * `focus`, else around what sharp's attention finds. With `transparentOut`, the same window with its
 * transparency goes there as a PNG, for the still's AVIF and WebP files.
 */
export async function croppedJpeg(
  source: string,
  out: string,
  size: Size,
  focus?: Focus,
  transparentOut?: string,
): Promise<void> {
  const upright = () => sharp(source).rotate();
  // Flattening leaves an opaque picture as it was: those come out byte for byte as before.
  const picture = upright().flatten({ background: colors.ink });
  if (!focus) {
    const { cropOffsetLeft = 0, cropOffsetTop = 0 } = await picture
      .resize(size.width, size.height, { fit: "cover", position: "attention" })
      .jpeg(JPEG)
      .toFile(out);
    // The window attention chose in the flattened picture, cut from the picture scaled as "cover"
    // scales it before cropping ("outside": no side short of `size`). sharp gives the window's
    // offset as libvips does, as the picture's origin seen from the window: minus its left and top.
    const region = { left: -cropOffsetLeft, top: -cropOffsetTop, ...size };
    if (transparentOut)
      await upright().resize(size.width, size.height, { fit: "outside" }).extract(region).png().toFile(transparentOut);
    return;
  }
  // Scaled to cover `size` (as `fit: "cover"` does), then the window around the focus is cut out.
  const { autoOrient } = await sharp(source).metadata();
  const scale = Math.max(size.width / autoOrient.width, size.height / autoOrient.height);
  const width = Math.max(size.width, Math.round(autoOrient.width * scale));
  const height = Math.max(size.height, Math.round(autoOrient.height * scale));
  const start = (point: number, length: number, window: number) =>
    Math.min(Math.max(Math.round(point * length - window / 2), 0), length - window);
  const region = { left: start(focus.x, width, size.width), top: start(focus.y, height, size.height), ...size };
  await picture.resize(width, height, { fit: "fill" }).extract(region).jpeg(JPEG).toFile(out);
  if (transparentOut)
    await upright().resize(width, height, { fit: "fill" }).extract(region).png().toFile(transparentOut);
}

/** Logos are scaled to cover about the same area, so short and long names carry equal weight. */
const LOGO_AREA = 8000;

/**
 * A logo trimmed to its ink, fitted into `size` (at most 80% of its width and 100 px high, and
 * about LOGO_AREA px²), centred on transparent, as a 16-colour palette PNG.
 */
export async function logoPng(source: string, out: string, size: Size): Promise<void> {
  const { data, info } = await sharp(source, { density: SVG_DENSITY })
    .ensureAlpha()
    .trim({ threshold: 1 })
    .png()
    .toBuffer({ resolveWithObject: true });
  const scale = Math.min(
    (size.width * 0.8) / info.width,
    100 / info.height,
    Math.sqrt(LOGO_AREA / (info.width * info.height)),
  );
  const w = Math.max(1, Math.round(info.width * scale));
  const h = Math.max(1, Math.round(info.height * scale));
  const fitted = await sharp(data).resize(w, h, { kernel: "lanczos3" }).png().toBuffer();
  const left = Math.floor((size.width - w) / 2);
  const top = Math.floor((size.height - h) / 2);
  await sharp(fitted)
    .extend({
      left,
      right: size.width - w - left,
      top,
      bottom: size.height - h - top,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .png({ palette: true, colors: 16, effort: 10, compressionLevel: 9, dither: 0 })
    .toFile(out);
}
