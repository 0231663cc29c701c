/** Checks a reel's times and a director's grid clip against their films, as the media build recorded them. */
import { type Problem, problemAt } from "#content-check/problems.ts";
import { mediaPaths } from "#model/media-paths.ts";
import { reelTiming } from "#model/content.ts";
import type { ContentParts } from "#model/shapes/content-shape.ts";
import type { MediaFiles } from "./media.ts";

/** The shortest grid clip the media build makes (seconds; media-build/recipes/loops.ts). */
const GRID_CLIP_MIN = 1;

/** A stated length further than this (seconds) from the film's is a mistake, not a rounding. */
const DURATION_TOLERANCE = 0.5;

export function checkTimeline({ artists, reels }: ContentParts, files: MediaFiles): Problem[] {
  const problems: Problem[] = [];
  for (const { at, name, list, fields } of artists) {
    const clip = list === "directors" ? files.film?.(mediaPaths.directorClip(fields.id ?? name)) : undefined;
    if (clip && fields.clipStart !== undefined && fields.clipStart + GRID_CLIP_MIN > clip.duration) {
      const message = `${fields.clipStart} leaves less than ${GRID_CLIP_MIN} s of the ${clip.duration} s film for the grid clip: start earlier`;
      problems.push(problemAt([...at, "clipStart"], message));
    }
  }
  // The stated `duration` (optional) matches the film's; spots start at 0, in order, each before
  // the next and before the film ends; the poster's moment is in the film.
  for (const { at, name, fields } of reels) {
    const mp4 = mediaPaths.reelMp4(fields.slug ?? name);
    const film = files.film?.(mp4);
    if (film && fields.duration !== undefined && Math.abs(fields.duration - film.duration) > DURATION_TOLERANCE) {
      const message = `${fields.duration} s is not the film's length (${film.duration} s, read from the film by npm run media): correct it, or remove the field to take the film's`;
      problems.push(problemAt([...at, "duration"], message));
    }
    if (files.film && !film && fields.duration === undefined) {
      const message =
        "is missing, and the film's length is not known: run npm run media, which reads it from the film (or state it in seconds)";
      problems.push(problemAt([...at, "duration"], message));
    }
    const { duration } = reelTiming(files, { mp4, duration: fields.duration });
    const end = `the film's end (${duration} s)`;
    fields.spots?.forEach(({ start }, index) => {
      const path = [...at, "spots", index, "start"];
      if (index === 0 && start !== 0)
        problems.push(problemAt(path, `${start} must be 0: the first spot opens the reel`));
      const previous = fields.spots?.[index - 1]?.start;
      if (previous !== undefined && start <= previous) {
        problems.push(
          problemAt(path, `${start} must be after the previous spot's start (${previous}): spots cannot overlap`),
        );
      }
      if (start >= duration) problems.push(problemAt(path, `${start} must be before ${end}`));
    });
    if (fields.posterAt !== undefined && fields.posterAt >= duration) {
      problems.push(problemAt([...at, "posterAt"], `${fields.posterAt} must be before ${end}`));
    }
  }
  return problems;
}
