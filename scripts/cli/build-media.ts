/**
 * `npm run media [-- --force] [-- --reels] [-- --report]`: makes every image and video the content
 * references from the sources in media/ (docs/media.md), then prints the sizes, the reels' quality
 * and what could not be made. The command itself is media-build/media-command.ts.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

import { mediaCommand } from "#media-build/media-command.ts";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "../..");

mediaCommand(process.argv.slice(2), ROOT).catch((error: unknown) => {
  console.error(`\nmedia build failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
