/** Abstract compositions drawn as SVG in fractions of the canvas, every choice from the seeded Rng. */
import { arches, beams, dunes, horizon } from "./landscapes.ts";
import { folds, monolith, rings, stillLife } from "./objects.ts";
import type { Palette } from "./palette.ts";
import type { Rng } from "./seed.ts";
import { blur, type Ctx, Defs, full, mix, n, radial } from "./svg.ts";

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
    full(
      c,
      radial(
        c,
        [
          [0, p.mid],
          [0.5, p.dark],
          [1, p.deep],
        ],
        0.5 + light * 0.18,
        0.32,
        0.75,
      ),
    ),
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
    layers.push(
      full(
        c,
        radial(
          c,
          [
            [0.55, "#000", 0],
            [1, "#000", options.vignette],
          ],
          0.5,
          0.5,
          0.75,
        ),
      ),
    );
  }
  if (options.grain) {
    const grain = c.defs.add(
      (i) =>
        `<filter id="${i}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="${c.r.int(10000)}" stitchTiles="stitch"/><feColorMatrix type="saturate" values="0"/></filter>`,
    );
    layers.push(
      full(c, "#808080", `filter="url(#${grain})" opacity="${options.grain}" style="mix-blend-mode:overlay"`),
    );
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
