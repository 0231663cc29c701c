/** Every file the site needs, as a job: the source jobs (source-jobs.ts), then the file jobs that read their outputs (file-jobs.ts). */
import { iconJobs, ladderJobs, logoSpriteJobs, previewJobs, seekJobs } from "./file-jobs.ts";
import { type Job, type MediaContent, OUTPUT_KINDS } from "./kinds.ts";
import { sourceJobs } from "./source-jobs.ts";

/** Checks that a site path is a media path with the kind's extension. */
function checkPath(job: Job): void {
  if (!/^\/((images|videos)\/[a-z0-9][a-z0-9/._-]*|favicon\.ico)$/.test(job.site) || job.site.includes("..")) {
    throw new Error(`${OUTPUT_KINDS[job.kind].label}: "${job.site}" is not a /images/… or /videos/… path`);
  }
  const { extension, label } = OUTPUT_KINDS[job.kind];
  if (!job.site.endsWith(extension)) throw new Error(`${label}: "${job.site}" should end in ${extension}`);
}

/** Every job for `content`: source jobs first, then the file jobs that read their outputs. */
export function planJobs(content: MediaContent): Job[] {
  const fromSources = sourceJobs(content);
  const jobs = [
    ...fromSources,
    ...fromSources.flatMap(ladderJobs),
    ...logoSpriteJobs(content),
    ...content.reels.flatMap(seekJobs),
    ...previewJobs(content),
    ...iconJobs(),
  ];
  const seen = new Set<string>();
  for (const job of jobs) {
    checkPath(job);
    if (seen.has(job.site)) throw new Error(`two media share the path ${job.site}`);
    seen.add(job.site);
  }
  return jobs;
}
