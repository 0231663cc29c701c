/** The site's colours: tailwind.config.ts's classes (`bg-ink`…), and `ink`, the media build's JPEG background. */
export const colors = {
  ink: "#0c0c0b",
  paper: "#efece6",
  muted: "#a19d95",
  line: "#2a2927",
} as const;
