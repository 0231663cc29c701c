import type { Config } from "tailwindcss";

import { clientLogos } from "./app/content/index.ts";
import { logoSprites, logoTiles } from "./model/media.ts";
import { colors } from "./model/theme.ts";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors,
      fontFamily: {
        sans: [
          "ui-sans-serif",
          "-apple-system",
          "BlinkMacSystemFont",
          "Segoe UI",
          "Helvetica Neue",
          "Arial",
          "sans-serif",
        ],
      },
      letterSpacing: {
        label: "0.14em",
      },
    },
  },
  // The class of each logo's cell in its strip on /clients, which the page works out from the content.
  safelist: logoTiles(logoSprites(clientLogos)).map((tile) => tile.cell),
  plugins: [],
  experimental: { optimizeUniversalDefaults: true },
} satisfies Config;
