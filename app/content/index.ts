/** All site content as `~/content`: this folder's files, compiled by scripts/cli/content-build.ts into generated.js. */
// By its alias, which the production server build leaves out (remix.config.js says why).
export * from "#content/generated.js";
export type * from "./types.ts";
