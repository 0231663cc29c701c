/**
 * `npm run content:build`: checks app/content/ and writes app/content/generated.js (with its data,
 * types and pages files) if they changed; on a problem, prints one line each, writes nothing and
 * exits 1. `--check` only checks (`npm run content:check`), `--remote` also asks MEDIA_ORIGIN for
 * every media file named, `--watch` compiles again on every change and `--inline` writes the data
 * into generated.js itself, as `npm run dev` needs (content-check/generated-module.ts). The work is
 * content-check/build.ts.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

import { buildContent, watchContent } from "#content-check/build.ts";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Where the pages point for media: MEDIA_ORIGIN, or "" for public/, read by the server's own module
 * (which refuses a malformed one as it loads: said here as a message, not a stack trace).
 */
const mediaOrigin: string = await import("#app/lib/media-origin.server.ts").then(
  (module) => module.MEDIA_ORIGIN,
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);

const args = process.argv.slice(2);
if (args.includes("--watch")) watchContent(ROOT, { mediaOrigin });
else {
  const passed = await buildContent(ROOT, {
    mediaOrigin,
    check: args.includes("--check"),
    remote: args.includes("--remote"),
    inline: args.includes("--inline"),
  });
  if (!passed) process.exit(1);
}
