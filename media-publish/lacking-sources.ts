/**
 * The sources media/sources.json lists that this working copy lacks, fetched from the bucket before
 * media are made: by `npm run media` (scripts/cli/build-media.ts; media-build/ may not import this
 * folder) and by the editing service before a save's media (edit/server/save-pipeline.ts). The AWS
 * SDK is loaded only when there is something to fetch.
 */
import { isSourceJob, type Job } from "#media-build/kinds.ts";
import { findSource } from "#media-build/sources.ts";
import type { Output } from "#lib/progress.ts";
import type { Settings } from "./settings.ts";
import { lackingSources, readSourceList, SOURCES } from "./source-list.ts";

/** Whether a source is one that `jobs` read: of one of their slots, whatever its type's extension. */
export const readBy =
  (jobs: Job[]) =>
  (file: string): boolean =>
    jobs.some((job) => isSourceJob(job) && findSource(job.source.slot, [file]) !== undefined);

/**
 * Fetches each listed source this copy lacks (of those `only` takes), a line per file, and returns
 * them. Without a bucket it only says what is missing. Throws, naming each file, when one could not be
 * fetched or its bytes are not those listed: media made without it would silently be the old ones.
 */
export async function fetchLackingSources(
  root: string,
  settings: Settings | undefined,
  options: Output & { only?: (file: string) => boolean; progressEvery?: number },
): Promise<string[]> {
  const list = await readSourceList(root);
  const lacking = (await lackingSources(root, list)).filter(options.only ?? (() => true));
  if (lacking.length === 0) return [];
  if (!settings) {
    options.log(
      `note: ${lacking.length} source${lacking.length === 1 ? "" : "s"} ${SOURCES} lists ${lacking.length === 1 ? "is" : "are"} not in media/ (set MEDIA_BUCKET, docs/deploy.md, to fetch them): ${lacking.join(", ")}`,
    );
    return [];
  }
  const { openBucket } = await import("./bucket.ts");
  const { fetchSources } = await import("./sources.ts");
  const client = await openBucket(settings);
  const { fetched, failed } = await fetchSources(client, root, lacking, list, {
    ...options,
    bucket: settings.sourcesBucket,
    prefix: settings.prefix,
  });
  if (failed.length > 0)
    throw new Error(
      `${failed.length} source${failed.length === 1 ? "" : "s"} could not be fetched:\n${failed.map(({ file, error }) => `  ${file}: ${error}`).join("\n")}`,
    );
  return fetched;
}
