/** The site's nine section pages, in navigation order, shared by the tests and the benchmark. */
export const SECTION_PAGES = [
  "/artists/directors",
  "/artists/photographers",
  "/collective-reels",
  "/collective-reel",
  "/reel-2021",
  "/reel-2020",
  "/clients",
  "/biography",
  "/contact",
];

/** The three pages that load the video.js player. */
export const REEL_PAGES = ["/collective-reel", "/reel-2021", "/reel-2020"];
