/** The site's icons, rendered from the hand-drawn public/favicon.svg. */
import sharp from "sharp";

import { colors } from "#model/theme.ts";

/** A PNG of the SVG icon at `size` px, optionally on a solid square (for apple-touch-icon). */
export function iconPng(svg: string, size: number, opaque = false): Promise<Buffer> {
  const image = sharp(Buffer.from(svg), { density: 72 * (size / 64) }).resize(size, size);
  return (opaque ? image.flatten({ background: colors.ink }) : image).png({ compressionLevel: 9 }).toBuffer();
}

/** An ICO file holding one PNG image (a format every browser reads since 2009). */
export function icoFromPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6); // width (0 means 256)
  header.writeUInt8(size >= 256 ? 0 : size, 7); // height
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14); // image size
  header.writeUInt32LE(header.length, 18); // image offset
  return Buffer.concat([header, png]);
}
