/** All site content as `~/content`: this folder's files, compiled by scripts/cli/content-build.ts into generated.js. */
export * from "./generated.js";
export type * from "./types.ts";
