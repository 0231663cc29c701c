/**
 * Animated WebP of independently coded frames: libwebp's animation encoder keeps 8×8 blocks that are
 * "close enough" to the previous frame's, a visible mosaic on smooth gradients. Each frame is a
 * still WebP from sharp whose VP8 chunk goes into an ANMF chunk (the WebP container specification).
 */
import sharp from "sharp";

function chunk(fourcc: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(fourcc, 0, "ascii");
  header.writeUInt32LE(payload.length, 4);
  const padding = payload.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0);
  return Buffer.concat([header, payload, padding]);
}

function uint24(value: number): Buffer {
  const out = Buffer.alloc(3);
  out.writeUIntLE(value, 0, 3);
  return out;
}

/** The image-data chunks (VP8/VP8L/ALPH) of a still WebP file. */
function imageChunks(webp: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let offset = 12; offset + 8 <= webp.length;) {
    const fourcc = webp.toString("ascii", offset, offset + 4);
    const size = webp.readUInt32LE(offset + 4);
    const end = offset + 8 + size + (size % 2);
    if (fourcc === "VP8 " || fourcc === "VP8L" || fourcc === "ALPH") parts.push(webp.subarray(offset, end));
    offset = end;
  }
  return Buffer.concat(parts);
}

export interface AnimatedWebpOptions {
  width: number;
  height: number;
  fps: number;
  quality: number;
}

/** Encodes raw rgb24 frames as an animated WebP that loops forever. */
export async function animatedWebp(frames: Buffer[], o: AnimatedWebpOptions): Promise<Buffer> {
  const stills: Buffer[] = [];
  for (const frame of frames) {
    const raw = { width: o.width, height: o.height, channels: 3 } as const;
    stills.push(await sharp(frame, { raw }).webp({ quality: o.quality, effort: 6, smartSubsample: true }).toBuffer());
  }
  const vp8x = Buffer.concat([Buffer.from([0x02, 0, 0, 0]), uint24(o.width - 1), uint24(o.height - 1)]); // 0x02: animation
  const anim = Buffer.from([0, 0, 0, 0, 0, 0]); // background colour (ignored by browsers), loop count 0 = forever
  const anmf = stills.map((still, i) => {
    // Whole-millisecond durations that add up to the true running time.
    const duration = Math.round(((i + 1) * 1000) / o.fps) - Math.round((i * 1000) / o.fps);
    // x, y, width - 1, height - 1, duration, then 0x02: no blending.
    const header = Buffer.concat([...[0, 0, o.width - 1, o.height - 1, duration].map(uint24), Buffer.from([0x02])]);
    return chunk("ANMF", Buffer.concat([header, imageChunks(still)]));
  });
  return chunk(
    "RIFF",
    Buffer.concat([Buffer.from("WEBP", "ascii"), chunk("VP8X", vp8x), chunk("ANIM", anim), ...anmf]),
  );
}
