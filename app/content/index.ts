/** All site content, imported by routes as `~/content`. */
export * from "./site";
export * from "./artists";
export * from "./reels";
export * from "./clients";
export * from "./biography";
export * from "./contact";
export type * from "./types";
