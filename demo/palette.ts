/** Colour palettes: one per artist for all of its media, so its pages read as one body of work. */
export interface Palette {
  name: string;
  /** Near-black base. */
  deep: string;
  /** Shadow tone. */
  dark: string;
  /** The palette's main colour. */
  mid: string;
  /** Highlight / paper tone. */
  light: string;
  /** A brighter accent used for light sources. */
  accent: string;
}

const p = (name: string, deep: string, dark: string, mid: string, light: string, accent: string): Palette => ({
  name,
  deep,
  dark,
  mid,
  light,
  accent,
});

export const PALETTES: readonly Palette[] = [
  p("ember", "#120a08", "#4a1c12", "#b0492c", "#f2c59a", "#ffcf8f"),
  p("tidal", "#05121a", "#0f3a4f", "#3d8294", "#cfe6df", "#8fd3c8"),
  p("orchid", "#100818", "#3d1d57", "#9b4f8f", "#f0c7da", "#e88fb5"),
  p("moss", "#0b1009", "#263b22", "#7e9660", "#e3e1c0", "#c9d77a"),
  p("brass", "#0b0a09", "#33291d", "#a9864c", "#efe0bd", "#e0b86a"),
  p("glacier", "#080d18", "#223559", "#7f9acb", "#eaf0f8", "#b7c9ee"),
  p("citrine", "#12100a", "#4d4716", "#c9b43c", "#f5efc8", "#efd75a"),
  p("rosewood", "#110608", "#521522", "#b7485a", "#f4c2b9", "#e97a7f"),
  p("graphite", "#0c0d0f", "#2e343b", "#78848d", "#dde1df", "#b4c2ca"),
  p("lagoon", "#031417", "#0a4d4a", "#2fa392", "#d5f2e4", "#64d6bd"),
  p("dusk", "#0d0919", "#2b265f", "#d76d56", "#f6c79c", "#f39a6b"),
  p("dune", "#14100b", "#54432f", "#bb9d74", "#f1e6d2", "#e2c08f"),
  p("cobalt", "#040918", "#0f2a80", "#4775e6", "#e4ebff", "#86a6ff"),
  p("plum", "#130710", "#521b43", "#9c5876", "#eed1c2", "#d88aa8"),
  p("saffron", "#140a04", "#5c2a0a", "#d9822b", "#f7dcb4", "#f5aa4a"),
  p("sea-glass", "#08110f", "#2d4a45", "#86b1a3", "#eef4ee", "#a8d9c6"),
  p("oxblood", "#0e0606", "#3e1010", "#8a2b2b", "#efe5d5", "#d2664a"),
  p("harbour", "#041016", "#0d3540", "#1f7a80", "#f4e3d3", "#ff8a6e"),
  p("lilac", "#0f0d16", "#3a3552", "#8e86b5", "#ece8f5", "#c3b9f0"),
  p("olive", "#0c0c07", "#34351c", "#8b8a4b", "#ebe8cf", "#c8c263"),
  p("sienna", "#120b07", "#4a2a1a", "#a3643e", "#eed9c4", "#dc9764"),
  p("mint", "#071312", "#1c4042", "#6fb3ad", "#e9f6f2", "#a3e6da"),
];

/** "#rrggbb" → "0xrrggbb", the colour syntax ffmpeg options take. */
export function ffColor(hex: string): string {
  return `0x${hex.slice(1)}`;
}
