import { basename, extname } from "node:path";

import { describe, expect, it } from "vitest";

import { mediaPaths } from "#model/media-paths.ts";

import { diagnosis, failureLine, failureReport, missingSourcesMessage } from "#media-build/failures.ts";
import { planJobs } from "#media-build/plan-jobs.ts";
import type { SourceJob } from "#media-build/kinds.ts";
import { decide, entryKey, filmFacts, serializeManifest } from "#media-build/manifest.ts";
import { SITE_CONTENT } from "#media-build/site-content.ts";
import { expectedName, findSource, type Slot } from "#media-build/sources.ts";

const jobs = planJobs(SITE_CONTENT);

/** The source slot each output is made from, or the public files it reads. */
function madeFrom(site: string): string {
  const job = jobs.find((candidate) => candidate.site === site);
  if (!job) throw new Error(`no job makes ${site}`);
  return "source" in job ? expectedName(job.source.slot) : job.files.join(" ");
}

const outputsOf = (base: string): string[] =>
  jobs.filter((job): job is SourceJob => "source" in job && job.source.slot.base === base).map((job) => job.site);

describe("which source feeds which outputs", () => {
  // Entries of the content with each kind of media, so the rules are checked on whatever roster it holds.
  const allArtists = [...SITE_CONTENT.directors, ...SITE_CONTENT.photographers];
  const director = SITE_CONTENT.directors[0];
  const directorWork = SITE_CONTENT.directors.find((artist) => artist.recentWorkThumbs.length > 0);
  const photographerWork = SITE_CONTENT.photographers.find((artist) => artist.recentWorkThumbs.length > 0);
  const withBioPhoto = allArtists.find((artist) => artist.bioPhoto !== undefined);
  const [reel] = SITE_CONTENT.reels;
  const fileName = (sitePath: string) => basename(sitePath, extname(sitePath));

  it("makes a film artist's grid clip and its still from media/artists/{id}/clip", () => {
    expect(outputsOf(`media/artists/${director.id}/clip`)).toEqual([director.thumb, director.mobileBG]);
    expect(madeFrom(director.mobileBG)).toBe(`media/artists/${director.id}/clip.{mp4,mov,m4v,webm}`);
  });

  it.skipIf(!directorWork || !photographerWork)(
    "names work sources after the work's file, films' as videos and photographers' as pictures (skipped without both kinds of work)",
    () => {
      if (!directorWork || !photographerWork) return;
      const [film] = directorWork.recentWorkThumbs;
      expect(outputsOf(`media/artists/${directorWork.id}/work-${fileName(film.image)}`)).toEqual([
        film.image,
        film.still,
      ]);
      const [photo] = photographerWork.recentWorkThumbs;
      expect(madeFrom(photo.image)).toBe(
        `media/artists/${photographerWork.id}/work-${fileName(photo.image)}.{jpg,jpeg,png,webp,tif,tiff}`,
      );
    },
  );

  it("crops a photographer's desktop and phone stills from one photo", () => {
    for (const { id, thumb, mobileBG } of SITE_CONTENT.photographers) {
      expect(outputsOf(`media/artists/${id}/photo`)).toEqual([thumb, mobileBG]);
    }
  });

  it("makes every file of a reel from media/reels/{slug}", () => {
    const [playlist, mp4] = reel.sources;
    expect(outputsOf(`media/reels/${reel.slug}`)).toEqual([mp4.src, playlist.src, reel.poster, reel.thumb]);
  });

  it("takes bio photos, the agent's and the logos from their own folders", () => {
    if (withBioPhoto?.bioPhoto) {
      expect(madeFrom(withBioPhoto.bioPhoto)).toBe(`media/artists/${withBioPhoto.id}/bio.{jpg,jpeg,png,webp,tif,tiff}`);
    }
    expect(madeFrom(SITE_CONTENT.agentPhoto ?? "")).toBe("media/agent/bio.{jpg,jpeg,png,webp,tif,tiff}");
    const [logo] = SITE_CONTENT.clientLogos;
    expect(madeFrom(logo.logo)).toBe(`media/logos/${fileName(logo.logo)}.{png,svg}`);
  });

  it("makes ladders and previews from the stills in public/, icons from the favicon", () => {
    expect(madeFrom(director.mobileBG.replace(/\.jpg$/, "-480w.avif"))).toBe(director.mobileBG);
    expect(madeFrom(mediaPaths.previews.reel(reel.slug))).toBe(reel.poster);
    expect(madeFrom("/favicon.ico")).toBe("/favicon.svg");
    // The seek-bar thumbnails read the committed MP4, so a fresh clone can remake them.
    const { sprite, index } = mediaPaths.seekThumbnails(reel.slug);
    expect(madeFrom(sprite)).toBe(reel.sources[1].src);
    expect(madeFrom(index)).toBe(reel.sources[1].src);
  });

  it("gives every media path the content names a job, and every source job a slot under media/", () => {
    const sites = new Set(jobs.map((job) => job.site));
    for (const artist of allArtists) {
      expect(sites.has(artist.thumb) && sites.has(artist.mobileBG), artist.id).toBe(true);
    }
    for (const job of jobs)
      if ("source" in job) expect(job.source.slot.base).toMatch(/^media\/(artists|agent|reels|logos)\//);
  });
});

describe("finding a source", () => {
  const slot: Slot = { base: "media/artists/jane/photo", type: "image" };

  it("takes the slot's file in any accepted type, in any case", () => {
    expect(findSource(slot, ["media/artists/jane/photo.JPG", "media/artists/jane/clip.mp4"])).toBe(
      "media/artists/jane/photo.JPG",
    );
    expect(findSource(slot, ["media/artists/jane/photo.tiff"])).toBe("media/artists/jane/photo.tiff");
  });

  it("ignores other slots, other types and other folders", () => {
    expect(
      findSource(slot, [
        "media/artists/jane/photo.mov",
        "media/artists/jane/photos.jpg",
        "media/artists/janet/photo.jpg",
      ]),
    ).toBeUndefined();
  });

  it("refuses two candidates, naming both", () => {
    expect(() => findSource(slot, ["media/artists/jane/photo.jpg", "media/artists/jane/photo.png"])).toThrow(
      "media/artists/jane/photo.jpg and media/artists/jane/photo.png: two sources for one file; keep one",
    );
  });
});

describe("up to date", () => {
  const key = entryKey("photographerWork@1 600x750", [["media/artists/jane/work-1.jpg", "abc"]]);
  const entry = { from: ["media/artists/jane/work-1.jpg"], key };

  it("skips an output made from the same source by the same recipe", () => {
    expect(decide(key, entry, true, false)).toBe("up to date");
  });

  it("remakes it when the source's content, its path or the recipe changed, or when forced", () => {
    expect(
      decide(entryKey("photographerWork@1 600x750", [["media/artists/jane/work-1.jpg", "abd"]]), entry, true, false),
    ).toBe("make");
    expect(
      decide(entryKey("photographerWork@1 600x750", [["media/artists/jane/work-1.png", "abc"]]), entry, true, false),
    ).toBe("make");
    expect(
      decide(entryKey("photographerWork@2 600x750", [["media/artists/jane/work-1.jpg", "abc"]]), entry, true, false),
    ).toBe("make");
    expect(decide(key, entry, true, true)).toBe("make");
  });

  it("makes an output that is missing or was never recorded", () => {
    expect(decide(key, entry, false, false)).toBe("make");
    expect(decide(key, undefined, true, false)).toBe("make");
  });

  it("keeps an output whose source is not here, and reports one that is missing too", () => {
    expect(decide(undefined, entry, true, false)).toBe("keep");
    expect(decide(undefined, undefined, true, true)).toBe("keep");
    expect(decide(undefined, entry, false, false)).toBe("missing");
  });

  it("writes the manifest sorted, one output per line", () => {
    expect(serializeManifest({ "/b.jpg": entry, "/a.jpg": entry })).toBe(
      `{\n  "/a.jpg": ${JSON.stringify(entry)},\n  "/b.jpg": ${JSON.stringify(entry)}\n}\n`,
    );
  });
});

describe("messages", () => {
  it("names each missing source with every name it may have, and what it makes, then says to run the build", () => {
    const message = missingSourcesMessage([
      {
        slot: { base: "media/reels/reel-2020", type: "video" },
        outputs: ["public/videos/reels/reel-2020.mp4", "public/images/reels/reel-2020.jpg"],
      },
    ]);
    expect(message).toMatch(/^public\/ lacks files that no source in media\/ can make\. Add:\n/);
    expect(message).toContain(
      "media/reels/reel-2020.{mp4,mov,m4v,webm}  (for public/videos/reels/reel-2020.mp4, public/images/reels/reel-2020.jpg)",
    );
    expect(message).toMatch(/\nthen run npm run media again\.$/);
  });

  it("says what a decoder's reason means and what to do, quoting the decoder's line", () => {
    expect(diagnosis("moov atom not found\nInvalid data found when processing input", "video")).toBe(
      "its index is missing, as in a file cut short or still being written (moov atom not found); copy it again in full, or re-export it from the editing tool (an H.264 MP4)",
    );
    // ffmpeg part-way through a cut-short film: its heading line names no cause, the packet's does.
    expect(
      diagnosis(
        "ffmpeg failed (exit 1) for public/videos/reels/x.mp4:\nInvalid NAL unit size (11748 > 3714).\ncorrupt input packet in stream 0",
        "video",
      ),
    ).toBe(
      "the file is cut short or damaged part-way (corrupt input packet in stream 0); copy it again in full, or re-export it from the editing tool (an H.264 MP4)",
    );
    expect(diagnosis("VipsJpeg: premature end of JPEG image", "image")).toBe(
      "the file is cut short or damaged part-way (VipsJpeg: premature end of JPEG image); copy it again in full, or export it again (JPEG or PNG)",
    );
    expect(diagnosis("Input file contains unsupported image format\nmore", "image")).toBe(
      "the file is damaged or not what its name says (Input file contains unsupported image format); export it again (JPEG or PNG)",
    );
    expect(diagnosis("too short: 1.2 s, needs at least 2 s", "video")).toBe(
      "too short: 1.2 s, needs at least 2 s; give a longer film",
    );
    expect(diagnosis("Decoder (codec none) not found for input stream #0:0", "video")).toBe(
      "ffmpeg cannot decode its format (Decoder (codec none) not found for input stream #0:0); re-export it from the editing tool (an H.264 MP4)",
    );
    expect(diagnosis("vipspng: libpng read error", undefined)).toBe(
      "the file is damaged or not what its name says (vipspng: libpng read error); restore it (git checkout) or remake it from its source (npm run media -- --force)",
    );
    // A recipe's own reason says what is wrong already.
    expect(diagnosis("clip start at 40 s: the film runs from 0 to 30.00 s", "video")).toBe(
      "clip start at 40 s: the film runs from 0 to 30.00 s",
    );
  });

  it("lists each failure on one line: the file, the outputs not made, why", () => {
    const failure = {
      source: "media/reels/x.mp4",
      outputs: ["public/videos/reels/x.mp4", "public/images/reels/x.jpg"],
      dependents: ["public/images/reels/x-480w.avif", "public/images/reels/x-480w.webp"],
      reason: "the file is cut short; copy it again",
    };
    expect(failureLine(failure)).toBe(
      "media/reels/x.mp4 (not made: public/videos/reels/x.mp4, public/images/reels/x.jpg, and 2 files read from them): the file is cut short; copy it again",
    );
    expect(
      failureReport([
        failure,
        { ...failure, source: "media/agent/bio.jpg", outputs: ["public/images/bio/agent.jpg"], dependents: [] },
      ]),
    ).toEqual([
      "2 files could not be used; fix them as said and run npm run media again:",
      `  ${failureLine(failure)}`,
      "  media/agent/bio.jpg (not made: public/images/bio/agent.jpg): the file is cut short; copy it again",
    ]);
  });

  it("records a film's display size, its length to the millisecond and its rate", () => {
    expect(filmFacts({ width: 1920, height: 1080, duration: 30.0416666, fps: "24000/1001" })).toEqual({
      width: 1920,
      height: 1080,
      duration: 30.042,
      fps: "24000/1001",
    });
    expect(filmFacts({ width: 640, height: 360, duration: 3 })).toEqual({ width: 640, height: 360, duration: 3 });
  });
});
