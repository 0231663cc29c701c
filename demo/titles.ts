/** The type over the demo's reels: the title card and each spot's lower third, as transparent SVG. */
import { escapeXml, n } from "./svg.ts";

/** Fonts the title cards use. */
export const TITLE_FONT_FAMILIES = ["Nimbus Sans", "P052"];

/** Where a w×h title card sets its type: the sizes and positions titleCardSvg and titleCardBox share. */
function titleCardLayout(w: number, h: number, title: string) {
  const u = Math.min(w, h);
  const titleSize = Math.min(u * 0.11, (w * 0.8) / Math.max(1, title.length * 0.5));
  const cy = h * 0.5;
  return {
    u,
    titleSize,
    labelSize: u * 0.026,
    cy,
    labelY: cy - titleSize * 0.75,
    titleY: cy + titleSize * 0.32,
    ruleY: cy + titleSize * 0.75,
    ruleHeight: Math.max(1, u * 0.002),
  };
}

/** A transparent title card: a letter-spaced label, the title in a book serif and a rule, over a soft dark pool. */
export function titleCardSvg(w: number, h: number, label: string, title: string): string {
  const { u, titleSize, labelSize, cy, labelY, titleY, ruleY, ruleHeight } = titleCardLayout(w, h, title);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><radialGradient id="pool"><stop offset="0" stop-color="#000" stop-opacity="0.55"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>` +
    `<ellipse cx="${n(w / 2)}" cy="${n(cy)}" rx="${n(w * 0.42)}" ry="${n(h * 0.26)}" fill="url(#pool)"/>` +
    `<text x="${n(w / 2)}" y="${n(labelY)}" text-anchor="middle" font-family="Nimbus Sans" font-size="${n(labelSize)}" letter-spacing="${n(labelSize * 0.45)}" fill="#f2f0ea" fill-opacity="0.8">${escapeXml(label.toUpperCase())}</text>` +
    `<text x="${n(w / 2)}" y="${n(titleY)}" text-anchor="middle" font-family="P052" font-size="${n(titleSize)}" fill="#f2f0ea">${escapeXml(title)}</text>` +
    `<rect x="${n(w / 2 - u * 0.05)}" y="${n(ruleY)}" width="${n(u * 0.1)}" height="${n(ruleHeight)}" fill="#f2f0ea" opacity="0.7"/>` +
    `</svg>`
  );
}

/**
 * The part of a w×h frame a title card's type covers: from a label-size above the label's baseline
 * to the foot of the rule, across the middle 80% of the width the title is fitted to. The card is
 * what the demo's posters show, and the reel player's play button keeps clear of it
 * (tests/support/demo-title-card.ts; demo.test.ts checks the card stays inside that).
 */
export function titleCardBox(
  w: number,
  h: number,
  title: string,
): { x: number; y: number; width: number; height: number } {
  const { labelSize, labelY, ruleY, ruleHeight } = titleCardLayout(w, h, title);
  const top = labelY - labelSize;
  return { x: w * 0.1, y: top, width: w * 0.8, height: ruleY + ruleHeight - top };
}

/** The lower third's box: the part of the frame it is drawn on, placed at the frame's bottom-left corner. */
export function lowerThirdBox(w: number, h: number): { width: number; height: number } {
  return { width: Math.round(w * 0.62), height: Math.round(h * 0.3) };
}

/** A transparent lower third in the lowerThirdBox of a w×h frame: the director, the client, the title. */
export function lowerThirdSvg(w: number, h: number, director: string, client: string, title: string): string {
  const box = lowerThirdBox(w, h);
  const u = Math.min(w, h);
  const nameSize = u * 0.04;
  const creditSize = u * 0.023;
  const left = w * 0.06;
  const baseline = box.height - h * 0.08;
  const nameY = baseline - creditSize * 1.7;
  const ruleY = nameY - nameSize * 1.15;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}" viewBox="0 0 ${box.width} ${box.height}">` +
    `<defs><radialGradient id="shade" cx="0" cy="1" r="1"><stop offset="0" stop-color="#000" stop-opacity="0.5"/><stop offset="0.6" stop-color="#000" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${box.width}" height="${box.height}" fill="url(#shade)"/>` +
    `<rect x="${n(left)}" y="${n(ruleY)}" width="${n(u * 0.04)}" height="${n(Math.max(1, u * 0.002))}" fill="#f2f0ea" opacity="0.7"/>` +
    `<text x="${n(left)}" y="${n(nameY)}" font-family="Nimbus Sans" font-size="${n(nameSize)}" letter-spacing="${n(nameSize * 0.02)}" fill="#f2f0ea">${escapeXml(director)}</text>` +
    `<text x="${n(left)}" y="${n(baseline)}" font-family="Nimbus Sans" font-size="${n(creditSize)}" letter-spacing="${n(creditSize * 0.08)}" fill="#f2f0ea" fill-opacity="0.78">${escapeXml(`${client} — “${title}”`)}</text>` +
    `</svg>`
  );
}
