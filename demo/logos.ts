/** The demo's client logos: the brand name set in type, in a look picked from the name's hash. */
import sharp from "sharp";
import { escapeXml } from "./svg.ts";
import { rng, type Rng } from "./seed.ts";

const INK = "#f2f0ea";

interface TypeStyle {
  family: string;
  weight: number;
  italic?: boolean;
  case: "upper" | "lower" | "as-is";
  /** Letter-spacing in em. */
  tracking: number;
}

/** Typefaces from the DejaVu, URW base35 and Liberation font packages. */
const TYPE_STYLES: readonly TypeStyle[] = [
  { family: "Nimbus Sans", weight: 700, case: "upper", tracking: 0.02 },
  { family: "Nimbus Sans", weight: 400, case: "upper", tracking: 0.28 },
  { family: "Nimbus Sans Narrow", weight: 700, case: "upper", tracking: 0.05 },
  { family: "P052", weight: 400, case: "as-is", tracking: 0.01 },
  { family: "P052", weight: 400, italic: true, case: "as-is", tracking: 0 },
  { family: "C059", weight: 700, case: "upper", tracking: 0.06 },
  { family: "URW Gothic", weight: 600, case: "lower", tracking: -0.02 },
  { family: "URW Gothic", weight: 400, case: "upper", tracking: 0.24 },
  { family: "URW Bookman", weight: 300, case: "as-is", tracking: 0.01 },
  { family: "Z003", weight: 400, italic: true, case: "as-is", tracking: 0 },
  { family: "Nimbus Mono PS", weight: 400, case: "lower", tracking: 0 },
  { family: "DejaVu Sans Condensed", weight: 700, case: "upper", tracking: 0.14 },
  { family: "Nimbus Roman", weight: 400, case: "upper", tracking: 0.18 },
  { family: "DejaVu Serif Condensed", weight: 700, case: "upper", tracking: 0.03 },
  { family: "Liberation Sans", weight: 700, italic: true, case: "as-is", tracking: -0.01 },
];

/** Every family the logos use, for the font check. */
export const LOGO_FONT_FAMILIES = [...new Set(TYPE_STYLES.map((s) => s.family))];

const MARKS = ["ring", "disc", "diamond", "triangle", "bars", "halfDisc", "orbit", "square"] as const;
type MarkKind = (typeof MARKS)[number];

/** Geometric marks drawn in a 100×100 box. */
const MARK_SHAPES: Record<MarkKind, string> = {
  ring: `<circle cx="50" cy="50" r="42" fill="none" stroke="${INK}" stroke-width="9"/>`,
  disc: `<circle cx="50" cy="50" r="46" fill="${INK}"/>`,
  diamond: `<path d="M50 4L96 50L50 96L4 50Z" fill="${INK}"/>`,
  triangle: `<path d="M50 8L94 90H6Z" fill="none" stroke="${INK}" stroke-width="9" stroke-linejoin="round"/>`,
  bars: `<rect x="8" y="10" width="18" height="80" fill="${INK}"/><rect x="41" y="26" width="18" height="64" fill="${INK}"/><rect x="74" y="42" width="18" height="48" fill="${INK}"/>`,
  halfDisc: `<path d="M4 60A46 46 0 0 1 96 60Z" fill="${INK}"/><rect x="4" y="70" width="92" height="8" fill="${INK}"/>`,
  orbit: `<circle cx="50" cy="50" r="40" fill="none" stroke="${INK}" stroke-width="6"/><circle cx="78" cy="22" r="12" fill="${INK}"/>`,
  square: `<rect x="8" y="8" width="84" height="84" fill="none" stroke="${INK}" stroke-width="9"/><rect x="34" y="34" width="32" height="32" fill="${INK}"/>`,
};

function applyCase(text: string, style: TypeStyle): string {
  if (style.case === "upper") return text.toUpperCase();
  if (style.case === "lower") return text.toLowerCase();
  return text;
}

interface Piece {
  input: Buffer;
  width: number;
  height: number;
}

/** A line of text rendered large, then trimmed to its ink. */
async function textPiece(text: string, style: TypeStyle, size: number): Promise<Piece> {
  const width = Math.ceil(text.length * size * (1 + Math.max(0, style.tracking)) + size * 2);
  const height = size * 2;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<text x="${size / 2}" y="${size * 1.3}" font-family="${style.family}" font-size="${size}" font-weight="${style.weight}"` +
    ` font-style="${style.italic ? "italic" : "normal"}" letter-spacing="${(style.tracking * size).toFixed(1)}" fill="${INK}">${escapeXml(text)}</text></svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .trim({ threshold: 1 })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { input: data, width: info.width, height: info.height };
}

async function markPiece(kind: MarkKind, size: number): Promise<Piece> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">${MARK_SHAPES[kind]}</svg>`;
  return { input: await sharp(Buffer.from(svg)).png().toBuffer(), width: size, height: size };
}

/** Lays pieces out in a row (`row`) or a centred column, `gap` px apart. */
async function arrange(pieces: Piece[], direction: "row" | "column", gap: number): Promise<Piece> {
  const along = (p: Piece): number => (direction === "row" ? p.width : p.height);
  const across = (p: Piece): number => (direction === "row" ? p.height : p.width);
  const length = pieces.reduce((sum, p) => sum + along(p), 0) + gap * (pieces.length - 1);
  const breadth = Math.max(...pieces.map(across));
  const [width, height] = direction === "row" ? [length, breadth] : [breadth, length];
  let cursor = 0;
  const composites = pieces.map((p) => {
    const offset = Math.round((breadth - across(p)) / 2);
    const place = direction === "row" ? { left: cursor, top: offset } : { left: offset, top: cursor };
    cursor += along(p) + gap;
    return { input: p.input, ...place };
  });
  const input = await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite(composites)
    .png()
    .toBuffer();
  return { input, width, height };
}

type Layout = "plain" | "inline" | "stacked" | "twoLine";

/** The second line of a two-line mark: everything after the first word, if that reads well. */
function secondLine(name: string): [string, string] | undefined {
  const words = name.split(" ");
  if (words.length < 2 || words.length > 3 || name.includes("&")) return undefined;
  return [words[0], words.slice(1).join(" ")];
}

function pickLayout(name: string, r: Rng): Layout {
  const roll = r.next();
  if (roll < 0.2 && secondLine(name)) return "twoLine";
  if (roll < 0.42) return "inline";
  if (roll < 0.55) return "stacked";
  return "plain";
}

const SMALL_CAPS: TypeStyle = { family: "Nimbus Sans", weight: 400, case: "upper", tracking: 0.35 };

/** The words split into two lines of about equal length. */
function balancedLines(text: string): [string, string] {
  const words = text.split(" ");
  let best: [string, string] = [text, ""];
  let bestDiff = Infinity;
  for (let i = 1; i < words.length; i++) {
    const lines: [string, string] = [words.slice(0, i).join(" "), words.slice(i).join(" ")];
    const diff = Math.abs(lines[0].length - lines[1].length);
    if (diff < bestDiff) [best, bestDiff] = [lines, diff];
  }
  return best;
}

/** The name in one line, or in two balanced lines when one line would be very long and thin. */
async function nameBlock(name: string, style: TypeStyle, size: number): Promise<Piece> {
  const text = applyCase(name, style);
  const line = await textPiece(text, style, size);
  if (line.width / line.height < 11 || !text.includes(" ")) return line;
  const [first, second] = balancedLines(text);
  const lines = [await textPiece(first, style, size), await textPiece(second, style, size)];
  return arrange(lines, "column", Math.round(size * 0.3));
}

/** The brand's word mark as a PNG, with type 160 px high. */
export async function logoMark(name: string): Promise<Buffer> {
  const r = rng(`logo:${name}`);
  const style = r.pick(TYPE_STYLES);
  const layout = pickLayout(name, r);
  const kind = r.pick(MARKS);
  const size = 160;
  if (layout === "twoLine") {
    const [first, rest] = secondLine(name) ?? [name, ""];
    const top = await textPiece(applyCase(first, style), style, size);
    const bottom = await textPiece(rest.toUpperCase(), SMALL_CAPS, Math.round(size * 0.3));
    return (await arrange([top, bottom], "column", Math.round(size * 0.18))).input;
  }
  const text = await nameBlock(name, style, size);
  if (layout === "plain") return text.input;
  if (layout === "inline") {
    const symbol = await markPiece(kind, Math.round(Math.min(text.height, size * 1.6) * 0.95));
    return (await arrange([symbol, text], "row", Math.round(size * 0.35))).input;
  }
  const symbol = await markPiece(kind, Math.round(size * 0.9));
  return (await arrange([symbol, text], "column", Math.round(size * 0.3))).input;
}
