/**
 * Abstract, photograph-like compositions drawn as SVG (rendered by sharp/librsvg): soft light,
 * horizons, arches, beams, table-top objects, paper folds. Every scene is laid out in fractions of
 * the canvas, so one scene can be drawn at any size or aspect ratio, and every choice comes from
 * the seeded Rng it is given.
 */
import type { Palette } from "./palette";
import type { Rng } from "./seed";
import { blur, type Ctx, Defs, full, linear, mix, n, radial } from "./svg";

/** A setting or rising sun over a dark sea, with its reflection and a band of haze. */
function horizon(c: Ctx): string {
  const { w, h, u, p, r } = c;
  const hy = h * r.range(0.56, 0.7);
  const radius = u * r.range(0.13, 0.22);
  const cx = w * r.range(0.3, 0.7);
  const cy = hy - radius * r.range(-0.1, 0.8);
  const clip = c.defs.add((i) => `<clipPath id="${i}"><rect width="${w}" height="${n(hy)}"/></clipPath>`);
  return [
    `<rect width="${w}" height="${n(hy + 1)}" fill="${linear(c, [[0, p.deep], [0.55, p.dark], [1, p.mid]])}"/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius * 3)}" fill="${radial(c, [[0, p.accent, 0.55], [0.35, p.mid, 0.25], [1, p.mid, 0]])}"/>`,
    `<g clip-path="url(#${clip})"><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius)}" fill="${radial(c, [[0, p.light], [0.7, p.accent], [1, p.mid]])}" filter="${blur(c, radius * 0.04)}"/></g>`,
    `<rect y="${n(hy)}" width="${w}" height="${n(h - hy)}" fill="${linear(c, [[0, p.dark], [1, p.deep]])}"/>`,
    `<ellipse cx="${n(cx)}" cy="${n(hy + (h - hy) * 0.3)}" rx="${n(radius * 0.55)}" ry="${n((h - hy) * 0.32)}" fill="${p.accent}" opacity="0.3" filter="${blur(c, radius * 0.2)}"/>`,
    `<rect y="${n(hy - h * 0.015)}" width="${w}" height="${n(h * 0.03)}" fill="${p.light}" opacity="0.16" filter="${blur(c, h * 0.012)}"/>`,
  ].join("");
}

/** A colonnade of arches opening onto bright sky, with sunlight spilling across the floor. */
function arches(c: Ctx): string {
  const { w, h, u, p, r } = c;
  const count = w > h ? r.pick([2, 3, 4]) : r.pick([1, 2]);
  const floor = h * r.range(0.7, 0.8);
  const top = h * r.range(0.14, 0.26);
  const span = w * 0.78;
  const archW = Math.min(span / (count * 1.55), (floor - top) * 0.62);
  const gap = (span - archW * count) / Math.max(1, count - 1);
  const left = count === 1 ? (w - archW) / 2 : (w - span) / 2;
  const shear = w * r.range(-0.25, 0.25);
  const sky = linear(c, [[0, p.accent], [0.55, p.light], [1, p.mid]]);
  const spill = blur(c, u * 0.012);
  const parts = [
    full(c, radial(c, [[0, p.dark], [1, p.deep]], 0.5, 0.35, 0.8)),
    `<rect y="${n(floor)}" width="${w}" height="${n(h - floor)}" fill="${linear(c, [[0, mix(p.dark, p.deep, 0.4)], [1, p.deep]])}"/>`,
  ];
  for (let i = 0; i < count; i++) {
    const x = left + i * (archW + gap);
    const rise = top + archW / 2;
    parts.push(
      `<path d="M${n(x)} ${n(floor)}V${n(rise)}A${n(archW / 2)} ${n(archW / 2)} 0 0 1 ${n(x + archW)} ${n(rise)}V${n(floor)}Z" fill="${sky}"/>`,
      `<path d="M${n(x)} ${n(floor)}H${n(x + archW)}L${n(x + archW + shear)} ${h}H${n(x + shear)}Z" fill="${p.accent}" opacity="0.22" filter="${spill}"/>`,
    );
  }
  return parts.join("");
}

/** Shafts of light falling through darkness onto a single lit sphere. */
function beams(c: Ctx): string {
  const { w, h, u, p, r } = c;
  const sx = w * r.range(0.25, 0.75);
  const soft = blur(c, u * 0.025);
  const shaft = linear(c, [[0, p.accent, 0.55], [1, p.accent, 0.04]]);
  const parts = [full(c, radial(c, [[0, p.dark], [1, p.deep]], sx / w, 0, 1))];
  const count = r.pick([2, 3, 3, 4]);
  for (let i = 0; i < count; i++) {
    const spread = w * r.range(0.05, 0.14);
    const bx = sx + w * r.range(-0.45, 0.45);
    const top = u * r.range(0.01, 0.04);
    parts.push(
      `<path d="M${n(sx - top)} ${n(-h * 0.1)}H${n(sx + top)}L${n(bx + spread)} ${n(h * 1.05)}H${n(bx - spread)}Z" fill="${shaft}" opacity="${n(r.range(0.45, 0.9))}" filter="${soft}" style="mix-blend-mode:screen"/>`,
    );
  }
  const radius = u * r.range(0.07, 0.12);
  const ox = sx + w * r.range(-0.15, 0.15);
  const oy = h * r.range(0.62, 0.72);
  parts.push(
    `<rect y="${n(h * 0.7)}" width="${w}" height="${n(h * 0.3)}" fill="${linear(c, [[0, p.mid, 0], [1, p.mid, 0.18]])}"/>`,
    `<ellipse cx="${n(ox)}" cy="${n(oy + radius * 0.95)}" rx="${n(radius * 1.3)}" ry="${n(radius * 0.18)}" fill="#000" opacity="0.55" filter="${blur(c, radius * 0.12)}"/>`,
    `<circle cx="${n(ox)}" cy="${n(oy)}" r="${n(radius)}" fill="${radial(c, [[0, p.light], [0.45, p.mid], [1, p.deep]], 0.5, 0.5, 0.6, 0.5 + (sx - ox) / w, 0.2)}"/>`,
  );
  return parts.join("");
}

/** Layered dunes or hills fading into haze, under a low sun. Sometimes light, sometimes dusk. */
function dunes(c: Ctx): string {
  const { w, h, u, p, r } = c;
  const bright = r.chance(0.5);
  const sky = bright ? linear(c, [[0, p.light], [1, p.accent]]) : linear(c, [[0, p.deep], [0.6, p.dark], [1, p.mid]]);
  const parts = [full(c, sky)];
  const sunR = u * r.range(0.05, 0.09);
  const sx = w * r.range(0.2, 0.8);
  const sy = h * r.range(0.22, 0.4);
  parts.push(
    `<circle cx="${n(sx)}" cy="${n(sy)}" r="${n(sunR * 4)}" fill="${radial(c, [[0, bright ? "#fffaf0" : p.accent, 0.45], [1, p.accent, 0]])}"/>`,
    `<circle cx="${n(sx)}" cy="${n(sy)}" r="${n(sunR)}" fill="${bright ? "#fffaf0" : p.accent}" filter="${blur(c, sunR * 0.03)}"/>`,
  );
  const layers = 5;
  for (let i = 0; i < layers; i++) {
    const t = i / (layers - 1);
    const base = h * (0.42 + t * 0.4);
    const amp = h * r.range(0.03, 0.09);
    const color = bright ? mix(p.mid, p.deep, 0.15 + t * 0.8) : mix(p.mid, p.deep, 0.3 + t * 0.65);
    const y = (k: number): string => n(base + amp * (r.next() * 2 - 1) * k);
    parts.push(
      `<path d="M0 ${y(1)}C${n(w * 0.3)} ${y(1.6)} ${n(w * 0.6)} ${y(1.6)} ${w} ${y(1)}V${h}H0Z" fill="${linear(c, [[0, mix(color, p.light, 0.18)], [0.25, color], [1, mix(color, p.deep, 0.5)]])}"/>`,
    );
  }
  return parts.join("");
}

/** Table-top still life: spheres, cylinders and blocks under a soft key light. */
function stillLife(c: Ctx): string {
  const { w, h, u, p, r } = c;
  const table = h * r.range(0.6, 0.7);
  const light = r.chance(0.5) ? -1 : 1;
  const parts = [
    full(c, radial(c, [[0, p.mid], [0.55, p.dark], [1, p.deep]], 0.5 + light * -0.2, 0.35, 0.85)),
    `<rect y="${n(table)}" width="${w}" height="${n(h - table)}" fill="${linear(c, [[0, mix(p.dark, p.mid, 0.35)], [1, p.deep]])}"/>`,
    `<rect y="${n(table)}" width="${w}" height="${n(u * 0.004)}" fill="${p.light}" opacity="0.2"/>`,
  ];
  const count = r.pick([2, 3, 3]);
  const shadowBlur = blur(c, u * 0.02);
  for (let i = 0; i < count; i++) {
    const x = w * ((i + 0.5) / count + r.range(-0.08, 0.08));
    const base = table + (h - table) * r.range(0.15, 0.5);
    const size = u * r.range(0.08, 0.14);
    const castX = -light * size * 2.2;
    parts.push(
      `<path d="M${n(x - size)} ${n(base)}L${n(x + size)} ${n(base)}L${n(x + size + castX)} ${n(base + size * 0.35)}L${n(x - size + castX)} ${n(base + size * 0.35)}Z" fill="#000" opacity="0.35" filter="${shadowBlur}"/>`,
      `<ellipse cx="${n(x)}" cy="${n(base)}" rx="${n(size * 1.05)}" ry="${n(size * 0.16)}" fill="#000" opacity="0.55" filter="${blur(c, size * 0.1)}"/>`,
    );
    const kind = r.pick(["sphere", "cylinder", "block"] as const);
    if (kind === "sphere") {
      parts.push(`<circle cx="${n(x)}" cy="${n(base - size * 0.92)}" r="${n(size)}" fill="${radial(c, [[0, p.light], [0.5, p.mid], [1, p.deep]], 0.5, 0.5, 0.62, 0.5 - light * 0.22, 0.28)}"/>`);
    } else {
      const half = kind === "cylinder" ? size * 0.75 : size * 0.9;
      const height = size * r.range(1.6, 3.2);
      const shade = linear(c, light < 0 ? [[0, p.light], [0.35, p.mid], [1, p.deep]] : [[0, p.deep], [0.65, p.mid], [1, p.light]], 0, 0, 1, 0);
      if (kind === "cylinder") {
        parts.push(
          `<path d="M${n(x - half)} ${n(base - height)}V${n(base)}A${n(half)} ${n(half * 0.22)} 0 0 0 ${n(x + half)} ${n(base)}V${n(base - height)}Z" fill="${shade}"/>`,
          `<ellipse cx="${n(x)}" cy="${n(base - height)}" rx="${n(half)}" ry="${n(half * 0.22)}" fill="${mix(p.mid, p.light, 0.45)}"/>`,
        );
      } else {
        parts.push(`<rect x="${n(x - half)}" y="${n(base - height)}" width="${n(half * 2)}" height="${n(height)}" fill="${shade}"/>`);
      }
    }
  }
  return parts.join("");
}

/** A lone dark slab on a plain at dusk, rim-lit, casting a long shadow into the fog. */
function monolith(c: Ctx): string {
  const { w, h, u, p, r } = c;
  const hy = h * r.range(0.62, 0.72);
  const sw = u * r.range(0.1, 0.16);
  const sh = h * r.range(0.34, 0.48);
  const x = w * r.range(0.32, 0.6);
  const side = r.chance(0.5) ? -1 : 1;
  const rim = sw * 0.05;
  return [
    full(c, linear(c, [[0, p.deep], [0.6, p.dark], [1, p.mid]])),
    `<circle cx="${n(x + sw / 2 + side * sw * 1.2)}" cy="${n(hy - sh * 0.45)}" r="${n(u * 0.45)}" fill="${radial(c, [[0, p.accent, 0.5], [1, p.accent, 0]])}"/>`,
    `<rect y="${n(hy)}" width="${w}" height="${n(h - hy)}" fill="${linear(c, [[0, mix(p.dark, p.mid, 0.3)], [1, p.deep]])}"/>`,
    `<path d="M${n(x)} ${n(hy)}H${n(x + sw)}L${n(x + sw - side * w * 0.5)} ${n(h)}H${n(x - side * w * 0.6)}Z" fill="#000" opacity="0.45" filter="${blur(c, u * 0.015)}"/>`,
    `<rect x="${n(x)}" y="${n(hy - sh)}" width="${n(sw)}" height="${n(sh)}" fill="${linear(c, [[0, p.deep], [1, mix(p.deep, p.dark, 0.6)]], 0, 0, 1, 0)}"/>`,
    `<rect x="${n(side > 0 ? x + sw - rim : x)}" y="${n(hy - sh)}" width="${n(rim)}" height="${n(sh)}" fill="${p.accent}" opacity="0.85" filter="${blur(c, rim * 0.6)}"/>`,
    `<rect y="${n(hy - h * 0.06)}" width="${w}" height="${n(h * 0.12)}" fill="${p.light}" opacity="0.12" filter="${blur(c, h * 0.04)}"/>`,
  ].join("");
}

/** Concentric hairline rings around a soft bloom of colour: graphic, quiet. */
function rings(c: Ctx): string {
  const { w, h, u, p, r } = c;
  const cx = w * r.range(0.35, 0.65);
  const cy = h * r.range(0.35, 0.65);
  const parts = [
    full(c, radial(c, [[0, p.dark], [1, p.deep]], cx / w, cy / h, 0.9)),
    `<circle cx="${n(cx + u * r.range(-0.2, 0.2))}" cy="${n(cy + u * r.range(-0.2, 0.2))}" r="${n(u * 0.42)}" fill="${radial(c, [[0, p.accent, 0.7], [0.5, p.mid, 0.3], [1, p.mid, 0]])}"/>`,
  ];
  const count = r.pick([5, 7, 9]);
  const step = u * r.range(0.05, 0.075);
  for (let i = 1; i <= count; i++) {
    parts.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(step * i)}" fill="none" stroke="${p.light}" stroke-width="${n(u * 0.003)}" opacity="${n(0.55 - (i / count) * 0.45)}"/>`);
  }
  const angle = r.range(0, Math.PI * 2);
  const orbit = step * r.pick([2, 3, 4]);
  parts.push(`<circle cx="${n(cx + Math.cos(angle) * orbit)}" cy="${n(cy + Math.sin(angle) * orbit)}" r="${n(u * 0.022)}" fill="${p.light}"/>`);
  return parts.join("");
}

/** Large planes of paper or fabric overlapping under soft daylight: a light composition. */
function folds(c: Ctx): string {
  const { w, h, u, p, r } = c;
  const parts = [full(c, linear(c, [[0, p.light], [1, mix(p.mid, p.light, 0.4)]], 0, 0, 1, 1))];
  const shadow = blur(c, u * 0.03);
  const count = r.pick([3, 4]);
  for (let i = 0; i < count; i++) {
    const angle = r.range(-40, 40);
    const px = w * r.range(0.1, 0.9);
    const py = h * (0.2 + (i / count) * 0.7);
    const pw = Math.max(w, h) * 1.4;
    const ph = u * r.range(0.35, 0.6);
    const tone = mix(p.mid, p.light, r.range(0.1, 0.7));
    const transform = `rotate(${n(angle)} ${n(px)} ${n(py)})`;
    parts.push(
      `<rect x="${n(px - pw / 2)}" y="${n(py + u * 0.02)}" width="${n(pw)}" height="${n(ph)}" fill="${p.deep}" opacity="0.35" filter="${shadow}" transform="${transform}"/>`,
      `<rect x="${n(px - pw / 2)}" y="${n(py)}" width="${n(pw)}" height="${n(ph)}" fill="${linear(c, [[0, mix(tone, p.light, 0.5)], [1, mix(tone, p.dark, 0.25)]])}" transform="${transform}"/>`,
    );
  }
  return parts.join("");
}

const MOTIFS = { horizon, arches, beams, dunes, stillLife, monolith, rings, folds } as const;
export type Motif = keyof typeof MOTIFS;
export const MOTIF_NAMES = Object.keys(MOTIFS) as Motif[];

/** A soft, featureless head-and-shoulders silhouette against a pool of light (bio photos). */
function bust(c: Ctx): string {
  const { w, h, u, p, r } = c;
  const cx = w * r.range(0.45, 0.55);
  const headY = h * r.range(0.35, 0.39);
  const rx = w * 0.125;
  const ry = rx * 1.28;
  const neckTop = headY + ry * 0.7;
  const shoulder = headY + ry * 1.45;
  const light = r.chance(0.5) ? -1 : 1;
  // Outline of the left half from the neck down to the bottom edge, as [x offset from cx, y];
  // the right half is its mirror image, walked back up.
  const neck = rx * 0.56;
  const left: [number, number][] = [
    [neck, neckTop],
    [neck * 1.05, shoulder - ry * 0.12],
    [w * 0.12, shoulder + h * 0.005],
    [w * 0.3, shoulder + h * 0.02],
    [w * 0.37, shoulder + h * 0.09],
    [w * 0.41, shoulder + h * 0.14],
    [w * 0.43, h * 0.92],
    [w * 0.44, h],
  ];
  const pt = ([dx, y]: [number, number], s: number): string => `${n(cx + s * dx)} ${n(y)}`;
  const [a, b, c1, c2, d, e1, e2, f] = left;
  const body =
    `M${pt(a, -1)}L${pt(b, -1)}C${pt(c1, -1)} ${pt(c2, -1)} ${pt(d, -1)}C${pt(e1, -1)} ${pt(e2, -1)} ${pt(f, -1)}` +
    `H${n(cx + f[0])}C${pt(e2, 1)} ${pt(e1, 1)} ${pt(d, 1)}C${pt(c2, 1)} ${pt(c1, 1)} ${pt(b, 1)}L${pt(a, 1)}Z`;
  const tilt = r.range(-4, 4);
  const figure = (dx: number, fill: string, extra: string): string =>
    `<g transform="translate(${n(dx)} 0)" ${extra}><ellipse cx="${n(cx)}" cy="${n(headY)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}" transform="rotate(${n(tilt)} ${n(cx)} ${n(neckTop)})"/><path d="${body}" fill="${fill}"/></g>`;
  return [
    full(c, radial(c, [[0, p.mid], [0.5, p.dark], [1, p.deep]], 0.5 + light * 0.18, 0.32, 0.75)),
    `<circle cx="${n(cx)}" cy="${n(headY)}" r="${n(u * r.range(0.3, 0.38))}" fill="none" stroke="${p.light}" stroke-width="${n(u * 0.003)}" opacity="0.35"/>`,
    figure(light * u * 0.014, p.accent, `opacity="0.85" filter="${blur(c, u * 0.014)}"`),
    figure(0, mix(p.deep, p.dark, 0.35), `filter="${blur(c, u * 0.006)}"`),
  ].join("");
}

export interface SceneOptions {
  /** Film grain baked into the SVG (stills only; video gets temporal grain from ffmpeg). */
  grain?: number;
  /** Darkened corners. */
  vignette?: number;
}

function finish(c: Ctx, body: string, options: SceneOptions): string {
  const layers = [body];
  if (options.vignette) {
    layers.push(full(c, radial(c, [[0.55, "#000", 0], [1, "#000", options.vignette]], 0.5, 0.5, 0.75)));
  }
  if (options.grain) {
    const grain = c.defs.add(
      (i) =>
        `<filter id="${i}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="${c.r.int(10000)}" stitchTiles="stitch"/><feColorMatrix type="saturate" values="0"/></filter>`,
    );
    layers.push(full(c, "#808080", `filter="url(#${grain})" opacity="${options.grain}" style="mix-blend-mode:overlay"`));
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${c.w}" height="${c.h}" viewBox="0 0 ${c.w} ${c.h}">${c.defs}${layers.join("")}</svg>`;
}

function context(w: number, h: number, p: Palette, r: Rng): Ctx {
  return { w, h, u: Math.min(w, h), p, r, defs: new Defs() };
}

/** An abstract scene of the given motif as an SVG document. */
export function sceneSvg(motif: Motif, w: number, h: number, p: Palette, r: Rng, options: SceneOptions = {}): string {
  const c = context(w, h, p, r);
  return finish(c, MOTIFS[motif](c), options);
}

/** An abstract bio "portrait" (a silhouette, never a likeness) as an SVG document. */
export function bustSvg(w: number, h: number, p: Palette, r: Rng, options: SceneOptions = {}): string {
  const c = context(w, h, p, r);
  return finish(c, bust(c), options);
}
