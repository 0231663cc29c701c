/**
 * All site content, imported by routes as `~/content`: the content files in this folder, checked
 * and compiled by scripts/content-build.ts into generated.js (typed by generated.d.ts), which
 * every build writes first. One export per part, so a browser bundle keeps only the parts its code reads.
 */
export * from "./generated.js";
export type * from "./types";
