/**
 * The site's colours, in one place for both of their users: tailwind.config.ts makes them the
 * stylesheet's classes (`bg-ink`, `text-paper`, …), and the media build flattens a transparent
 * picture onto `ink`, the page's background, in the formats that hold no transparency (JPEG), so
 * it looks on the page as it was drawn.
 */
export const colors = {
  ink: "#0c0c0b",
  paper: "#efece6",
  muted: "#a19d95",
  line: "#2a2927",
} as const;
