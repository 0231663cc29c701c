/**
 * `npm run media [-- --force] [-- --reels] [-- --report]`: makes every image and video the content
 * references from the sources in media/ (docs/media.md), then prints the sizes, the reels' quality
 * and what could not be made. The command itself is media-build/media-command.ts. First, with
 * MEDIA_BUCKET set, the sources media/sources.json lists that media/ lacks are fetched from the
 * bucket (media-publish/lacking-sources.ts: here, as media-build/ may not import media-publish/).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

import { commandOutput, progressEvery } from "#lib/progress.ts";
import { mediaCommand } from "#media-build/media-command.ts";
import { fetchLackingSources } from "#media-publish/lacking-sources.ts";
import { settingsIfSet } from "#media-publish/settings.ts";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function main(args: string[]): Promise<void> {
  await fetchLackingSources(ROOT, settingsIfSet(process.env), { ...commandOutput(), progressEvery: progressEvery() });
  await mediaCommand(args, ROOT);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`\nmedia build failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
