/** The demo's art direction: each artist's palette and motifs, and the SVG-to-ffmpeg plumbing its sources share. */
import sharp from "sharp";

import { SITE_CONTENT } from "#media-build/site-content.ts";
import { PALETTES, type Palette } from "./palette.ts";
import { MOTIF_NAMES, type Motif } from "./scenes.ts";
import { deal, hash } from "./seed.ts";

export interface Style {
  palette: Palette;
  /** The artist's main motif, then two more that take turns with it across the work thumbs. */
  motifs: [Motif, Motif, Motif];
}

export const AGENT = "agent";

/** Palettes are dealt across everyone (all distinct), motifs within each list (evenly spread). */
function styles(): Map<string, Style> {
  const film = SITE_CONTENT.directors.map((a) => a.id);
  const photographers = SITE_CONTENT.photographers.map((a) => a.id);
  const everyone = [...film, ...photographers, AGENT];
  const palettes = deal(everyone, PALETTES, "palette");
  // The agent's bio photo is the only picture of theirs, and it has no motif.
  const motifs = [...deal(film, MOTIF_NAMES, "motif"), ...deal(photographers, MOTIF_NAMES, "motif"), MOTIF_NAMES[0]];
  return new Map(
    everyone.map((id, i): [string, Style] => {
      const others = MOTIF_NAMES.filter((m) => m !== motifs[i]).sort((a, b) => hash(`${id}:${a}`) - hash(`${id}:${b}`));
      return [id, { palette: palettes[i], motifs: [motifs[i], others[0], others[1]] }];
    }),
  );
}

const STYLES = styles();

export function styleOf(id: string): Style {
  const style = STYLES.get(id);
  if (!style) throw new Error(`no demo style for ${id}`);
  return style;
}

/** `-i` arguments for PNG images passed to ffmpeg() on pipes, in order: the first is ffmpeg input 0. */
export function pipedPngInputs(count: number): string[] {
  return Array.from({ length: count }, (_, i) => ["-f", "png_pipe", "-i", `pipe:${3 + i}`]).flat();
}

export function svgToPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}
