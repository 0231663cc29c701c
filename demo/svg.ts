/** Building SVG documents for the demo's scenes: gradients, blurs and colours, laid out in fractions of a canvas. */
import type { Palette } from "./palette.ts";
import type { Rng } from "./seed.ts";

/** Accumulates <defs> entries and hands out their ids. */
export class Defs {
  private readonly items: string[] = [];

  add(make: (id: string) => string): string {
    const id = `d${this.items.length}`;
    this.items.push(make(id));
    return id;
  }

  toString(): string {
    return `<defs>${this.items.join("")}</defs>`;
  }
}

export interface Ctx {
  w: number;
  h: number;
  /** The shorter side, for sizes that should not stretch with the aspect ratio. */
  u: number;
  p: Palette;
  r: Rng;
  defs: Defs;
}

export type Stop = readonly [offset: number, color: string, opacity?: number];

export const n = (value: number): string => (Math.round(value * 10) / 10).toString();

function stops(list: readonly Stop[]): string {
  return list
    .map(([offset, color, opacity = 1]) => `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`)
    .join("");
}

/** A linear gradient in the shape's bounding box, from (x1,y1) to (x2,y2). */
export function linear(c: Ctx, list: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
  const id = c.defs.add(
    (i) => `<linearGradient id="${i}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`,
  );
  return `url(#${id})`;
}

/** A radial gradient in the shape's bounding box. */
export function radial(c: Ctx, list: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy): string {
  const id = c.defs.add(
    (i) =>
      `<radialGradient id="${i}" cx="${n(cx * 100)}%" cy="${n(cy * 100)}%" r="${n(r * 100)}%" fx="${n(fx * 100)}%" fy="${n(fy * 100)}%">${stops(list)}</radialGradient>`,
  );
  return `url(#${id})`;
}

export function blur(c: Ctx, deviation: number): string {
  const id = c.defs.add(
    (i) =>
      `<filter id="${i}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${n(deviation)}"/></filter>`,
  );
  return `url(#${id})`;
}

/** Mixes two "#rrggbb" colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const channel = (hex: string, i: number): number => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  const out = [0, 1, 2].map((i) => Math.round(channel(a, i) + (channel(b, i) - channel(a, i)) * t));
  return `#${out.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

export const escapeXml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export const full = (c: Ctx, fill: string, extra = ""): string =>
  `<rect width="${c.w}" height="${c.h}" fill="${fill}" ${extra}/>`;
