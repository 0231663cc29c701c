/** Every file the site needs, as a job: the source jobs here, the file jobs in file-job-plan.ts. */
import path from "node:path";

import type { Artist, ClientLogo, Reel, WorkThumb } from "#app/content/types.ts";
import { MEDIA_SIZES } from "#app/lib/media.ts";
import { HLS_LADDER, REEL_MP4 } from "#app/lib/reel-frames.ts";
import { directorClip, directorStill, filmWorkAnimation, filmWorkStill } from "#scripts/media/recipes/clips.ts";
import type { Focus } from "#scripts/media/recipes/probe.ts";
import { reelHls, reelMp4, reelPoster, reelThumb } from "#scripts/media/recipes/reels.ts";
import { croppedJpeg, logoPng } from "#scripts/media/recipes/stills.ts";
import { type Job, KINDS, type MediaContent, type Source, type SourceJob, type SourceOf } from "./kinds.ts";
import { iconJobs, ladderJobs, logoSpriteJobs, previewJobs, seekJobs, sizeRecipe, sourceOf } from "./file-job-plan.ts";
import { MEDIA_DIR, type SourceType, TRANSPARENT_DIR } from "./sources.ts";

/** An entry's choices (a start, a crop's focus) as part of its recipe, so changing one remakes the output. */
function choicesRecipe(choices: { start?: number; at?: number; focus?: Focus }): string {
  const { start, at, focus } = choices;
  return [
    start === undefined ? "" : ` from ${start} s`,
    at === undefined ? "" : ` at ${at} s`,
    focus ? ` focus ${focus.x},${focus.y}` : "",
  ].join("");
}

function source(base: string, type: SourceType, of: SourceOf): Source {
  return { slot: { base: `${MEDIA_DIR}/${base}`, type }, of };
}

/** A work thumb's source is named after its file: "/images/work/x/3.webp" → "work-3". */
function workName(work: WorkThumb): string {
  return `work-${path.basename(work.image, path.extname(work.image))}`;
}

function workThumbs(artist: Artist): WorkThumb[] {
  return [...artist.recentWorkThumbs, ...(artist.extraThumbs ?? [])];
}

function filmJobs(artist: Artist): Job[] {
  const clip = source(`artists/${artist.id}/clip`, "video", { kind: "directorClip", artist });
  const choices = { start: artist.clipStart, focus: artist.focus };
  const clipJob = (site: string, kind: "directorClip" | "directorStill", make: typeof directorClip): SourceJob => ({
    site,
    kind,
    source: clip,
    fills: MEDIA_SIZES[kind],
    recipe: sizeRecipe(MEDIA_SIZES[kind]) + choicesRecipe(choices),
    make: (file, info, out, display) => make(file, info, out, display, choices),
  });
  const jobs: Job[] = [
    clipJob(artist.thumb, "directorClip", directorClip),
    clipJob(artist.mobileBG, "directorStill", directorStill),
  ];
  workThumbs(artist).forEach((work, index) => {
    const footage = source(`artists/${artist.id}/${workName(work)}`, "video", { kind: "filmWork", artist, index });
    const workJob = (site: string, kind: "filmWork" | "filmWorkStill", make: typeof filmWorkStill): SourceJob => ({
      site,
      kind,
      source: footage,
      fills: MEDIA_SIZES.filmWork,
      recipe: sizeRecipe(MEDIA_SIZES.filmWork) + choicesRecipe({ focus: work.focus }),
      make: (file, info, out, display) => make(file, info, out, display, work.focus),
    });
    jobs.push(workJob(work.image, "filmWork", filmWorkAnimation));
    if (work.still) jobs.push(workJob(work.still, "filmWorkStill", filmWorkStill));
  });
  return jobs;
}

/** A still cropped from a picture source to the size of its kind (and its transparent crop: SourceJob.transparent). */
function croppedJob(
  site: string,
  kind: "photographerDesktop" | "photographerMobile" | "photoWork" | "bioPhoto",
  from: Source,
  focus?: Focus,
): SourceJob {
  const size = MEDIA_SIZES[kind];
  return {
    site,
    kind,
    source: from,
    fills: size,
    recipe: sizeRecipe(size) + choicesRecipe({ focus }),
    // "/images/bio/x.jpg" → media/.transparent/images/bio/x.png
    transparent: `${TRANSPARENT_DIR}${site.replace(/\.jpg$/, ".png")}`,
    make: (file, _info, out, _display, transparentOut) => croppedJpeg(file, out, size, focus, transparentOut),
  };
}

function photographerJobs(artist: Artist): Job[] {
  const photo = source(`artists/${artist.id}/photo`, "image", { kind: "photograph", artist });
  return [
    croppedJob(artist.thumb, "photographerDesktop", photo, artist.focus),
    croppedJob(artist.mobileBG, "photographerMobile", photo, artist.focus),
    ...workThumbs(artist).map((work, i) =>
      croppedJob(
        work.image,
        "photoWork",
        source(`artists/${artist.id}/${workName(work)}`, "image", { kind: "photoWork", artist, index: i }),
        work.focus,
      ),
    ),
  ];
}

function bioJobs(content: MediaContent): Job[] {
  const jobs = [...content.directors, ...content.photographers].flatMap((artist): Job[] =>
    artist.bioPhoto
      ? [
          croppedJob(
            artist.bioPhoto,
            "bioPhoto",
            source(`artists/${artist.id}/bio`, "image", { kind: "bioPhoto", artist }),
          ),
        ]
      : [],
  );
  if (content.agentPhoto)
    jobs.push(croppedJob(content.agentPhoto, "bioPhoto", source("agent/bio", "image", { kind: "agentPhoto" })));
  return jobs;
}

function reelJobs(reel: Reel): Job[] {
  const footage = source(`reels/${reel.slug}`, "video", { kind: "reel", reel });
  const master = sourceOf(reel, "application/x-mpegURL");
  return [
    {
      site: sourceOf(reel, "video/mp4"),
      kind: "reelMp4",
      source: footage,
      recipe: `${sizeRecipe(REEL_MP4)} ${REEL_MP4.maxKbps}k`,
      make: (file, info, out, display) => reelMp4(file, info, out, display),
    },
    {
      site: master,
      kind: "reelHls",
      source: footage,
      recipe: HLS_LADDER.map((rung) => `${rung.name} ${sizeRecipe(rung)} ${rung.maxKbps}k`).join(", "),
      make: (file, info, out, display) => reelHls(file, info, out, path.basename(master), display),
    },
    {
      site: reel.poster,
      kind: "reelPoster",
      source: footage,
      recipe: sizeRecipe(MEDIA_SIZES.reelPoster) + choicesRecipe({ at: reel.posterAt }),
      make: (file, info, out, display) => reelPoster(file, info, out, display, reel.posterAt),
    },
    {
      site: reel.thumb,
      kind: "reelThumb",
      source: footage,
      recipe: sizeRecipe(MEDIA_SIZES.reelThumb) + choicesRecipe({ at: reel.posterAt }),
      make: (file, info, out, display) => reelThumb(file, info, out, display, reel.posterAt),
    },
  ];
}

/** A client's logo source is named after its file: "/images/clients/acme.png" → media/logos/acme.{png,svg}. */
function logoJob(client: ClientLogo): SourceJob {
  const name = path.basename(client.logo, path.extname(client.logo));
  const mark = source(`logos/${name}`, "logo", { kind: "logo", client });
  const size = MEDIA_SIZES.clientLogo;
  return {
    site: client.logo,
    kind: "clientLogo",
    source: mark,
    recipe: sizeRecipe(size),
    make: (file, _info, out) => logoPng(file, out, size),
  };
}

/** Checks that a site path is a media path with the kind's extension. */
function checkPath(job: Job): void {
  if (!/^\/((images|videos)\/[a-z0-9][a-z0-9/._-]*|favicon\.ico)$/.test(job.site) || job.site.includes("..")) {
    throw new Error(`${KINDS[job.kind].label}: "${job.site}" is not a /images/… or /videos/… path`);
  }
  const { extension, label } = KINDS[job.kind];
  if (!job.site.endsWith(extension)) throw new Error(`${label}: "${job.site}" should end in ${extension}`);
}

/** Every job for `content`: source jobs first, then the file jobs that read their outputs. */
export function planJobs(content: MediaContent): Job[] {
  const fromSources = [
    ...content.directors.flatMap(filmJobs),
    ...content.photographers.flatMap(photographerJobs),
    ...bioJobs(content),
    ...content.reels.flatMap(reelJobs),
    ...content.clientLogos.map(logoJob),
  ];
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
