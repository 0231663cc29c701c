/**
 * What GET /edit/api/status tells the screen of one entry: its media made or not yet, and the full
 * check's word on its file. Worked out from the files once per change (a save, the end of a media
 * run) and kept: the screen polls every 2 s while media are made, and each poll reads what is kept.
 */
import { existsSync } from "node:fs";
import path from "node:path";

import { validateContent } from "#content-check/check.ts";
import { type CaptionsFile, fileOf, readContentFiles } from "#content-check/read.ts";
import { planJobs } from "#media-build/plan-jobs.ts";
import { isSourceJob, mediaContentOf, type SourceJob } from "#media-build/kinds.ts";
import type { EntryStatus, MediaBuild } from "#edit/upload-rules.ts";

/** The part of the content each of the screen's collections and singletons edits (read.ts knows its file). */
const PARTS: Record<string, (id: string) => string[]> = {
  directors: (id) => ["artists", "directors", id],
  photographers: (id) => ["artists", "photographers", id],
  reels: (id) => ["reels", id],
  biography: () => ["biography"],
};

/** How the screen names each output, "work 2" for the second work. */
function label(job: SourceJob): string {
  const { of } = job.source;
  const work = "index" in of ? `work ${of.index + 1}` : "";
  const labels: Partial<Record<SourceJob["kind"], string>> = {
    directorClip: "clip",
    directorStill: "phone still",
    photographerDesktop: "photo",
    photographerMobile: "phone photo",
    directorWork: `${work} animation`,
    directorWorkStill: `${work} still`,
    photographerWork: work,
    bioPhoto: of.kind === "agentPhoto" ? "portrait" : "bio photo",
    reelMp4: "MP4",
    reelHls: "HLS ladder",
    reelPoster: "poster",
    reelThumb: "animated thumbnail",
  };
  return labels[job.kind] ?? job.kind;
}

/** What the files say of every entry at one moment. */
interface Snapshot {
  /** The full check's problems, with media looked for where they are: in public/, or in the bucket's manifest. */
  problems: string[];
  /** Each output the content needs from a source, and whether it is made (there). */
  media: { job: SourceJob; made: boolean }[];
  captions: CaptionsFile[];
}

/**
 * The snapshot of the project at `root`. `inBucket`: its media are published to a bucket, which media/manifest.json
 * lists, as a build with MEDIA_ORIGIN checks them: a clone of the team's service has none of them in public/.
 */
function snapshotOf(root: string, inBucket: boolean): Snapshot {
  const read = readContentFiles(root);
  const checked = validateContent(read, { publicDir: path.join(root, "public"), remote: inBucket });
  // Until a save's media are made the full check refuses the content: its outputs are then planned
  // from the content with its media taken as present.
  const content = checked.content ?? validateContent(read, { publicDir: null }).content;
  const jobs = content ? planJobs(mediaContentOf(content)).filter(isSourceJob) : [];
  return {
    problems: checked.problems,
    media: jobs.map((job) => ({
      job,
      made: inBucket ? read.outputs.has(job.site) : existsSync(path.join(root, "public", job.site)),
    })),
    captions: read.captions,
  };
}

/**
 * The statuses of the entries of the project at `root`, whose media are in a bucket (`inBucket`) or in public/;
 * `changed()` after a change, so the next poll reads the files again.
 */
export function entryStatuses(root: string, inBucket = false) {
  let snapshot: Snapshot | undefined;
  return {
    changed() {
      snapshot = undefined;
    },
    /** `entry`: "directors/ada-rowe", "biography"… */
    of(entry: string, build: MediaBuild): EntryStatus {
      snapshot ??= snapshotOf(root, inBucket);
      const [collection, id = ""] = entry.split("/");
      const part = PARTS[collection]?.(id);
      const file = part && fileOf(part)?.name;
      const own = snapshot.media.filter(({ job: { source } }) =>
        source.of.kind === "agentPhoto"
          ? collection === "biography"
          : source.of.kind === "reel"
            ? source.of.reel.slug === id
            : source.of.kind !== "logo" && source.of.artist.id === id,
      );
      const captions = collection === "reels" ? snapshot.captions.filter((track) => track.slug === id) : [];
      return {
        build,
        media: own.map(({ job, made }) => ({ label: label(job), made })),
        problems: file === undefined ? [] : snapshot.problems.filter((problem) => problem.startsWith(`${file}:`)),
        captions: Object.fromEntries(captions.map((track) => [track.lang, path.basename(track.name)])),
      };
    },
  };
}
