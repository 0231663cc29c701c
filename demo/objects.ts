/** The demo's object motifs (scenes.ts): a table-top still life, a monolith, rings, paper folds. */
import { blur, type Ctx, full, linear, mix, n, radial } from "./svg.ts";

/** Table-top still life: spheres, cylinders and blocks under a soft key light. */
export function stillLife(c: Ctx): string {
  const { w, h, u, p, r } = c;
  const table = h * r.range(0.6, 0.7);
  const light = r.chance(0.5) ? -1 : 1;
  const parts = [
    full(
      c,
      radial(
        c,
        [
          [0, p.mid],
          [0.55, p.dark],
          [1, p.deep],
        ],
        0.5 + light * -0.2,
        0.35,
        0.85,
      ),
    ),
    `<rect y="${n(table)}" width="${w}" height="${n(h - table)}" fill="${linear(c, [
      [0, mix(p.dark, p.mid, 0.35)],
      [1, p.deep],
    ])}"/>`,
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
      parts.push(
        `<circle cx="${n(x)}" cy="${n(base - size * 0.92)}" r="${n(size)}" fill="${radial(
          c,
          [
            [0, p.light],
            [0.5, p.mid],
            [1, p.deep],
          ],
          0.5,
          0.5,
          0.62,
          0.5 - light * 0.22,
          0.28,
        )}"/>`,
      );
    } else {
      const half = kind === "cylinder" ? size * 0.75 : size * 0.9;
      const height = size * r.range(1.6, 3.2);
      const shade = linear(
        c,
        light < 0
          ? [
              [0, p.light],
              [0.35, p.mid],
              [1, p.deep],
            ]
          : [
              [0, p.deep],
              [0.65, p.mid],
              [1, p.light],
            ],
        0,
        0,
        1,
        0,
      );
      if (kind === "cylinder") {
        parts.push(
          `<path d="M${n(x - half)} ${n(base - height)}V${n(base)}A${n(half)} ${n(half * 0.22)} 0 0 0 ${n(x + half)} ${n(base)}V${n(base - height)}Z" fill="${shade}"/>`,
          `<ellipse cx="${n(x)}" cy="${n(base - height)}" rx="${n(half)}" ry="${n(half * 0.22)}" fill="${mix(p.mid, p.light, 0.45)}"/>`,
        );
      } else {
        parts.push(
          `<rect x="${n(x - half)}" y="${n(base - height)}" width="${n(half * 2)}" height="${n(height)}" fill="${shade}"/>`,
        );
      }
    }
  }
  return parts.join("");
}

/** A lone dark slab on a plain at dusk, rim-lit, casting a long shadow into the fog. */
export function monolith(c: Ctx): string {
  const { w, h, u, p, r } = c;
  const hy = h * r.range(0.62, 0.72);
  const sw = u * r.range(0.1, 0.16);
  const sh = h * r.range(0.34, 0.48);
  const x = w * r.range(0.32, 0.6);
  const side = r.chance(0.5) ? -1 : 1;
  const rim = sw * 0.05;
  return [
    full(
      c,
      linear(c, [
        [0, p.deep],
        [0.6, p.dark],
        [1, p.mid],
      ]),
    ),
    `<circle cx="${n(x + sw / 2 + side * sw * 1.2)}" cy="${n(hy - sh * 0.45)}" r="${n(u * 0.45)}" fill="${radial(c, [
      [0, p.accent, 0.5],
      [1, p.accent, 0],
    ])}"/>`,
    `<rect y="${n(hy)}" width="${w}" height="${n(h - hy)}" fill="${linear(c, [
      [0, mix(p.dark, p.mid, 0.3)],
      [1, p.deep],
    ])}"/>`,
    `<path d="M${n(x)} ${n(hy)}H${n(x + sw)}L${n(x + sw - side * w * 0.5)} ${n(h)}H${n(x - side * w * 0.6)}Z" fill="#000" opacity="0.45" filter="${blur(c, u * 0.015)}"/>`,
    `<rect x="${n(x)}" y="${n(hy - sh)}" width="${n(sw)}" height="${n(sh)}" fill="${linear(
      c,
      [
        [0, p.deep],
        [1, mix(p.deep, p.dark, 0.6)],
      ],
      0,
      0,
      1,
      0,
    )}"/>`,
    `<rect x="${n(side > 0 ? x + sw - rim : x)}" y="${n(hy - sh)}" width="${n(rim)}" height="${n(sh)}" fill="${p.accent}" opacity="0.85" filter="${blur(c, rim * 0.6)}"/>`,
    `<rect y="${n(hy - h * 0.06)}" width="${w}" height="${n(h * 0.12)}" fill="${p.light}" opacity="0.12" filter="${blur(c, h * 0.04)}"/>`,
  ].join("");
}

/** Concentric hairline rings around a soft bloom of colour: graphic, quiet. */
export function rings(c: Ctx): string {
  const { w, h, u, p, r } = c;
  const cx = w * r.range(0.35, 0.65);
  const cy = h * r.range(0.35, 0.65);
  const parts = [
    full(
      c,
      radial(
        c,
        [
          [0, p.dark],
          [1, p.deep],
        ],
        cx / w,
        cy / h,
        0.9,
      ),
    ),
    `<circle cx="${n(cx + u * r.range(-0.2, 0.2))}" cy="${n(cy + u * r.range(-0.2, 0.2))}" r="${n(u * 0.42)}" fill="${radial(
      c,
      [
        [0, p.accent, 0.7],
        [0.5, p.mid, 0.3],
        [1, p.mid, 0],
      ],
    )}"/>`,
  ];
  const count = r.pick([5, 7, 9]);
  const step = u * r.range(0.05, 0.075);
  for (let i = 1; i <= count; i++) {
    parts.push(
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(step * i)}" fill="none" stroke="${p.light}" stroke-width="${n(u * 0.003)}" opacity="${n(0.55 - (i / count) * 0.45)}"/>`,
    );
  }
  const angle = r.range(0, Math.PI * 2);
  const orbit = step * r.pick([2, 3, 4]);
  parts.push(
    `<circle cx="${n(cx + Math.cos(angle) * orbit)}" cy="${n(cy + Math.sin(angle) * orbit)}" r="${n(u * 0.022)}" fill="${p.light}"/>`,
  );
  return parts.join("");
}

/** Large planes of paper or fabric overlapping under soft daylight: a light composition. */
export function folds(c: Ctx): string {
  const { w, h, u, p, r } = c;
  const parts = [
    full(
      c,
      linear(
        c,
        [
          [0, p.light],
          [1, mix(p.mid, p.light, 0.4)],
        ],
        0,
        0,
        1,
        1,
      ),
    ),
  ];
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
      `<rect x="${n(px - pw / 2)}" y="${n(py)}" width="${n(pw)}" height="${n(ph)}" fill="${linear(c, [
        [0, mix(tone, p.light, 0.5)],
        [1, mix(tone, p.dark, 0.25)],
      ])}" transform="${transform}"/>`,
    );
  }
  return parts.join("");
}
