/**
 * `npm run media:publish [-- --dry-run] [-- --prune] [-- --cors <origin>]… [-- --root <dir>]`: copies
 * every output of the media build to an S3-compatible bucket, for a site whose MEDIA_ORIGIN points
 * there. What it does and its settings: docs/deploy.md, "Media on a CDN or object storage". The
 * command itself is media-publish/publish-command.ts.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

import { publishCommand } from "#media-publish/publish-command.ts";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "../..");

await publishCommand(process.argv.slice(2), ROOT);
