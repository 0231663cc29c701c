/** What GET /edit/api/status tells the screen of one entry: its media made or not yet, and the full check's word on its file. */
import { existsSync } from "node:fs";
import path from "node:path";

import { validateContent } from "#content-check/check.ts";
import { readContentFiles } from "#content-check/read.ts";
import { planJobs } from "#media-build/plan-jobs.ts";
import { isSourceJob, type SourceJob } from "#media-build/kinds.ts";
import type { EntryStatus } from "#edit/upload-rules.ts";
import type { MediaBuild } from "./media-build.ts";
import { mediaContentOf } from "./media-content.ts";

/** The screen's collections and singletons, and the file each entry is. */
const FILES: Record<string, (id: string) => string> = {
  directors: (id) => `app/content/artists/directors/${id}.md`,
  photographers: (id) => `app/content/artists/photographers/${id}.md`,
  reels: (id) => `app/content/reels/${id}.md`,
  biography: () => "app/content/biography.md",
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

/** `entry`: "directors/ada-rowe", "biography"… */
export function entryStatus(root: string, entry: string, build: MediaBuild): EntryStatus {
  const [collection, id = ""] = entry.split("/");
  const file = FILES[collection]?.(id);
  const read = readContentFiles(root);
  const { content } = validateContent(read, { publicDir: null });
  const jobs = content ? planJobs(mediaContentOf(content)).filter(isSourceJob) : [];
  const own = jobs.filter(({ source: { of } }) =>
    of.kind === "agentPhoto"
      ? collection === "biography"
      : of.kind === "reel"
        ? of.reel.slug === id
        : of.kind !== "logo" && of.artist.id === id,
  );
  const { problems } = validateContent(readContentFiles(root), { publicDir: path.join(root, "public") });
  const captions = collection === "reels" ? read.captions.filter((track) => track.slug === id) : [];
  return {
    build,
    media: own.map((job) => ({ label: label(job), made: existsSync(path.join(root, "public", job.site)) })),
    problems: file === undefined ? [] : problems.filter((problem) => problem.startsWith(`${file}:`)),
    captions: Object.fromEntries(captions.map((track) => [track.lang, path.basename(track.name)])),
  };
}
