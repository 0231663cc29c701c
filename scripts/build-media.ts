/**
 * Media build: `npm run media [-- --force] [-- --reels] [-- --report]`.
 *
 * Makes every image and video the site content references, at the path the content names
 * ("/images/x" → public/images/x) and the sizes in app/lib/media.ts, from source files an
 * operator drops into media/, one folder per content entry (`{ext}`: any of the listed types):
 *
 *   media/artists/{id}/clip.{mp4,mov,m4v,webm}     film artist → looping muted grid clip (`thumb`)
 *                                                  and its first frame (`mobileBG`, the poster)
 *   media/artists/{id}/photo.{jpg,jpeg,png,webp,tif,tiff}
 *                                                  photographer → desktop `thumb` and phone
 *                                                  `mobileBG`, each cropped around the subject
 *   media/artists/{id}/work-{n}.{video or picture} work thumb n ("/images/work/{id}/{n}.…"): film →
 *                                                  looping animated WebP + first-frame JPEG;
 *                                                  photography → JPEG
 *   media/artists/{id}/bio.{picture}               the artist's bio photo
 *   media/agent/bio.{picture}                      the photo on /biography
 *   media/reels/{slug}.{video}                     reel → MP4 and HLS ladder (1080p, 720p, 540p,
 *                                                  360p boxes; segments of 1 s, 1 s, then 4 s), in
 *                                                  the film's own shape and frame rate (see
 *                                                  app/lib/reelFrames.ts and docs/media.md), poster
 *                                                  (the whole frame at `posterAt`, 1.6 s by
 *                                                  default), animated WebP thumbnail
 *   media/logos/{name}.{png,svg}                   client logo ("/images/clients/{name}.png") →
 *                                                  16-colour transparent PNG fitted to the logo box
 *
 * Then, from those outputs: the responsive ladder of every still the pages show (AVIF, WebP and
 * JPEG, or WebP and PNG for the logos, "{still}-{width}w.{format}"), the 1200×630 link previews
 * and the icons (from the hand-drawn public/favicon.svg). A transparent picture's JPEGs are
 * flattened onto the page's colour; its ladder's AVIF and WebP keep the transparency, made from
 * its crop with it, which the still's job writes to media/.transparent/ (git-ignored).
 *
 * Up to date: media/manifest.json (committed) records, per output, the files it was made from
 * and a key: a hash of their contents and of the recipe (kind, its version, size). An output
 * whose key still matches is skipped; --force remakes everything that has a source. An output
 * whose source is not here (a fresh clone: media/ is git-ignored but for the manifest, since
 * originals are large) is kept as committed; one that is missing too is an error naming the
 * source to add. The manifest also records, for each output made from a film, the film's display
 * size, length and frame rate, which the content build reads.
 *
 * A source that cannot be read (damaged, cut short, not what its name says) is named with the fix
 * as soon as it is found, and its outputs, and the files read from them, are skipped; everything
 * else is made and recorded. The run then ends listing every failure, one line each (the file,
 * the outputs not made, why and what to do), and exits with status 1. Every source is read before
 * anything is made, and every output is written under a temporary name, so nothing is half-written.
 *
 * It starts by saying how many files it will make and roughly how long that takes. On a terminal,
 * each encode running for more than a couple of seconds shows a line redrawn in place (percent,
 * seconds of film done, time left); in a log (CI) it prints such a line every 10 seconds
 * (PROGRESS_EVERY in scripts/media/run.ts), or every MEDIA_PROGRESS_EVERY seconds when that
 * variable is set (a test, or a log that wants more or fewer lines).
 *
 * The demo content's sources are not made here: `npm run media:demo` (scripts/media-demo.ts)
 * writes them into media/ first, and they then go through the same path as an operator's files.
 * The outputs are written bit-exact, so a rerun reproduces the same bytes.
 *
 * --reels limits the run to the reels' outputs and the files read from them (poster
 * ladders, the reels' link previews); everything else is left as it is, manifest entries included.
 *
 * Reel quality: for every reel whose HLS ladder this run made, and with --report for every reel
 * whose source is in media/, it prints a table per reel: each rendition's frame size, bytes,
 * average kbit/s and SSIM against the source (scripts/media/report.ts).
 *
 * Needs ffmpeg (with libx264 and aac) for videos, and, for the demo's logos and reel titles and
 * the link previews, the Debian font packages fonts-dejavu-core, fonts-dejavu-extra,
 * fonts-urw-base35 and fonts-liberation2 (checked before any type is set).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

import { ffprobe } from "./media/ffmpeg";
import type { Job, SourceJob } from "./media/jobs";
import { failureReport } from "./media/plan";
import { qualityTable, reelQuality } from "./media/report";
import { commandOutput, progressEvery } from "./media/terminal";
import type { RunOptions } from "./media/run";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const FLAGS = ["--force", "--reels", "--report"];
const USAGE = "npm run media [-- --force] [-- --reels] [-- --report]";

const REEL_KINDS: readonly Job["kind"][] = ["reelMp4", "reelHls", "reelPoster", "reelThumb"];

/** The reels' jobs, and the jobs that read their outputs (the posters' ladders, the reels' link previews). */
function reelJobs(jobs: Job[]): Set<Job> {
  const selected = new Set(jobs.filter((job) => REEL_KINDS.includes(job.kind)));
  for (let grew = true; grew; ) {
    grew = false;
    const sites = new Set([...selected].map((job) => job.site));
    for (const job of jobs) {
      if (!selected.has(job) && "files" in job && job.files.some((file) => sites.has(file))) {
        selected.add(job);
        grew = true;
      }
    }
  }
  return selected;
}

/**
 * The quality report of each reel whose HLS rendition was made (or of every reel with `all`) and
 * whose source is here; `notMade` (site paths) are left out.
 */
async function qualityReports(jobs: Job[], masters: Set<string> | "all", notMade: Set<string>): Promise<string[]> {
  // Loaded, not imported, for the reason given in main().
  const { sourceFileOf } = await import("./media/run");
  const lines: string[] = [];
  for (const hls of jobs.filter((job): job is SourceJob => job.kind === "reelHls" && (masters === "all" || masters.has(job.site)))) {
    const mp4 = jobs.find((job) => job.kind === "reelMp4" && "source" in job && job.source === hls.source);
    if (notMade.has(hls.site) || (mp4 && notMade.has(mp4.site))) continue;
    const file = await sourceFileOf(ROOT, hls);
    if (!file || !mp4) {
      lines.push(`public${hls.site}: no source in media/ to measure against`);
      continue;
    }
    const source = path.join(ROOT, file);
    const started = Date.now();
    const rows = await reelQuality(source, await ffprobe(source), path.dirname(path.join(ROOT, "public", hls.site)), path.join(ROOT, "public", mp4.site), `quality of public${hls.site}`);
    lines.push(...qualityTable(`${path.dirname(hls.site)} (measured in ${((Date.now() - started) / 1000).toFixed(0)} s)`, rows), "");
  }
  return lines;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => !FLAGS.includes(arg));
  if (unknown.length > 0) throw new Error(`unknown argument ${unknown.join(" ")}; usage: ${USAGE}`);
  const started = Date.now();
  // Loaded here rather than imported above: the jobs read the content files as they load, and a
  // problem there must end as a message (main's catch), not as a stack trace.
  const { planJobs, SITE_CONTENT } = await import("./media/jobs");
  const { buildMedia, sizeReport } = await import("./media/run");
  const jobs = planJobs(SITE_CONTENT);
  const reels = args.includes("--reels") ? reelJobs(jobs) : undefined;
  const madeMasters = new Set<string>();
  const options: RunOptions = {
    root: ROOT,
    force: args.includes("--force"),
    ...commandOutput(),
    progressEvery: progressEvery(),
    only: reels ? (job: Job) => reels.has(job) : undefined,
    made: (job: Job) => (job.kind === "reelHls" ? madeMasters.add(job.site) : undefined),
  };
  const { made, upToDate, kept, failed } = await buildMedia(jobs, options);
  if (made > 0) console.log(`\n${(await sizeReport(jobs, ROOT)).join("\n")}`);
  // Failures name files as "public/…"; jobs know them by site path.
  const notMade = new Set(failed.flatMap((failure) => [...failure.outputs, ...failure.dependents]).map((file) => file.slice("public".length)));
  const report = await qualityReports(jobs, args.includes("--report") ? "all" : madeMasters, notMade);
  if (report.length > 0) console.log(`\n${report.join("\n")}`);
  if (kept > 0) console.log(`kept ${kept} outputs whose source is not in media/ (as committed; add the source to remake one)`);
  console.log(`${made} made, ${upToDate} up to date, ${kept} kept in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (failed.length > 0) {
    console.error(`\n${failureReport(failed).join("\n")}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(`\nmedia build failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
