/** The demo's landscape motifs (scenes.ts): horizons, arches, beams of light, dunes. */
import { blur, type Ctx, full, linear, mix, n, radial } from "./svg.ts";

/** A setting or rising sun over a dark sea, with its reflection and a band of haze. */
export function horizon(c: Ctx): string {
  const { w, h, u, p, r } = c;
  const hy = h * r.range(0.56, 0.7);
  const radius = u * r.range(0.13, 0.22);
  const cx = w * r.range(0.3, 0.7);
  const cy = hy - radius * r.range(-0.1, 0.8);
  const clip = c.defs.add((i) => `<clipPath id="${i}"><rect width="${w}" height="${n(hy)}"/></clipPath>`);
  return [
    `<rect width="${w}" height="${n(hy + 1)}" fill="${linear(c, [
      [0, p.deep],
      [0.55, p.dark],
      [1, p.mid],
    ])}"/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius * 3)}" fill="${radial(c, [
      [0, p.accent, 0.55],
      [0.35, p.mid, 0.25],
      [1, p.mid, 0],
    ])}"/>`,
    `<g clip-path="url(#${clip})"><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius)}" fill="${radial(c, [
      [0, p.light],
      [0.7, p.accent],
      [1, p.mid],
    ])}" filter="${blur(c, radius * 0.04)}"/></g>`,
    `<rect y="${n(hy)}" width="${w}" height="${n(h - hy)}" fill="${linear(c, [
      [0, p.dark],
      [1, p.deep],
    ])}"/>`,
    `<ellipse cx="${n(cx)}" cy="${n(hy + (h - hy) * 0.3)}" rx="${n(radius * 0.55)}" ry="${n((h - hy) * 0.32)}" fill="${p.accent}" opacity="0.3" filter="${blur(c, radius * 0.2)}"/>`,
    `<rect y="${n(hy - h * 0.015)}" width="${w}" height="${n(h * 0.03)}" fill="${p.light}" opacity="0.16" filter="${blur(c, h * 0.012)}"/>`,
  ].join("");
}

/** A colonnade of arches opening onto bright sky, with sunlight spilling across the floor. */
export function arches(c: Ctx): string {
  const { w, h, u, p, r } = c;
  const count = w > h ? r.pick([2, 3, 4]) : r.pick([1, 2]);
  const floor = h * r.range(0.7, 0.8);
  const top = h * r.range(0.14, 0.26);
  const span = w * 0.78;
  const archW = Math.min(span / (count * 1.55), (floor - top) * 0.62);
  const gap = (span - archW * count) / Math.max(1, count - 1);
  const left = count === 1 ? (w - archW) / 2 : (w - span) / 2;
  const shear = w * r.range(-0.25, 0.25);
  const sky = linear(c, [
    [0, p.accent],
    [0.55, p.light],
    [1, p.mid],
  ]);
  const spill = blur(c, u * 0.012);
  const parts = [
    full(
      c,
      radial(
        c,
        [
          [0, p.dark],
          [1, p.deep],
        ],
        0.5,
        0.35,
        0.8,
      ),
    ),
    `<rect y="${n(floor)}" width="${w}" height="${n(h - floor)}" fill="${linear(c, [
      [0, mix(p.dark, p.deep, 0.4)],
      [1, p.deep],
    ])}"/>`,
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
export function beams(c: Ctx): string {
  const { w, h, u, p, r } = c;
  const sx = w * r.range(0.25, 0.75);
  const soft = blur(c, u * 0.025);
  const shaft = linear(c, [
    [0, p.accent, 0.55],
    [1, p.accent, 0.04],
  ]);
  const parts = [
    full(
      c,
      radial(
        c,
        [
          [0, p.dark],
          [1, p.deep],
        ],
        sx / w,
        0,
        1,
      ),
    ),
  ];
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
    `<rect y="${n(h * 0.7)}" width="${w}" height="${n(h * 0.3)}" fill="${linear(c, [
      [0, p.mid, 0],
      [1, p.mid, 0.18],
    ])}"/>`,
    `<ellipse cx="${n(ox)}" cy="${n(oy + radius * 0.95)}" rx="${n(radius * 1.3)}" ry="${n(radius * 0.18)}" fill="#000" opacity="0.55" filter="${blur(c, radius * 0.12)}"/>`,
    `<circle cx="${n(ox)}" cy="${n(oy)}" r="${n(radius)}" fill="${radial(
      c,
      [
        [0, p.light],
        [0.45, p.mid],
        [1, p.deep],
      ],
      0.5,
      0.5,
      0.6,
      0.5 + (sx - ox) / w,
      0.2,
    )}"/>`,
  );
  return parts.join("");
}

/** Layered dunes or hills fading into haze, under a low sun. Sometimes light, sometimes dusk. */
export function dunes(c: Ctx): string {
  const { w, h, u, p, r } = c;
  const bright = r.chance(0.5);
  const sky = bright
    ? linear(c, [
        [0, p.light],
        [1, p.accent],
      ])
    : linear(c, [
        [0, p.deep],
        [0.6, p.dark],
        [1, p.mid],
      ]);
  const parts = [full(c, sky)];
  const sunR = u * r.range(0.05, 0.09);
  const sx = w * r.range(0.2, 0.8);
  const sy = h * r.range(0.22, 0.4);
  parts.push(
    `<circle cx="${n(sx)}" cy="${n(sy)}" r="${n(sunR * 4)}" fill="${radial(c, [
      [0, bright ? "#fffaf0" : p.accent, 0.45],
      [1, p.accent, 0],
    ])}"/>`,
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
      `<path d="M0 ${y(1)}C${n(w * 0.3)} ${y(1.6)} ${n(w * 0.6)} ${y(1.6)} ${w} ${y(1)}V${h}H0Z" fill="${linear(c, [
        [0, mix(color, p.light, 0.18)],
        [0.25, color],
        [1, mix(color, p.deep, 0.5)],
      ])}"/>`,
    );
  }
  return parts.join("");
}
