/** The stills' responsive ladders (model/media.ts), and the logo strips of /clients. */
import sharp, { type Sharp } from "sharp";

import type { LadderFile } from "#model/media.ts";

/** A PNG source is a graphic (flat colour, sharp edges, transparency), a JPEG one a photograph. */
function encode(image: Sharp, format: LadderFile["format"], graphic: boolean): Sharp {
  switch (format) {
    case "avif":
      // effort 4 comes within 3% of effort 9's size in a seventh of the time.
      return image.avif({ quality: 50, effort: 4, chromaSubsampling: "4:2:0" });
    case "webp":
      // Lossless keeps a word mark crisp, at less than its PNG (AVIF is larger).
      return graphic
        ? image.webp({ lossless: true, effort: 6 })
        : image.webp({ quality: 72, effort: 6, smartSubsample: true });
    case "jpg":
      return image.jpeg({ quality: 78, mozjpeg: true });
    case "png":
      return image.png({ palette: true, compressionLevel: 9 });
  }
}

/**
 * One file of a ladder, from the still or from its `transparent` crop. A still of another shape
 * than its ladder's (a scope or vertical reel's poster) is resized to the width only.
 */
export async function ladderImage(still: string, file: LadderFile, transparent?: string): Promise<Buffer> {
  const image = sharp(transparent ?? still);
  const { width = file.width, height = file.height } = await image.metadata();
  const sameShape = Math.round((file.width * height) / width) === file.height;
  const resized = sameShape ? image.resize(file.width, file.height, { fit: "cover" }) : image.resize(file.width);
  // Graphic or photograph by the still's own format: the transparent crop is a PNG either way.
  return encode(resized, file.format, still.endsWith(".png")).toBuffer();
}

/** The logos at `sources` (files, each `size`), one under another, top first. */
export function logoStrip(
  sources: string[],
  size: { width: number; height: number },
  format: "webp" | "png",
): Promise<Buffer> {
  const strip = sharp({
    create: {
      width: size.width,
      height: size.height * sources.length,
      channels: 4,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    },
  }).composite(sources.map((input, index) => ({ input, top: index * size.height, left: 0 })));
  return encode(strip, format, true).toBuffer();
}
