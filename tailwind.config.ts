import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        ink: "#0c0c0b",
        paper: "#efece6",
        muted: "#a19d95",
        line: "#2a2927",
      },
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
  plugins: [],
  experimental: { optimizeUniversalDefaults: true },
} satisfies Config;
