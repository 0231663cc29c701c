/**
 * The follow section's films (follow.mjs): a new director's one-minute film, already published, as the editing
 * service commits a film save with a bucket (edit/server/save-pipeline.ts): her entry, media/manifest.json with
 * her outputs' records and media/sources.json with her film's, the outputs themselves at MEDIA_ORIGIN.
 *
 * The outputs are made once, untimed, as the service's media build makes them: the edit section's film (1080p,
 * one minute, edit-service-floor.mjs) filed as each director's clip in a scratch copy of the project, then
 * `npm run media` there (it makes hers and keeps the rest, whose sources git does not hold). That copy's
 * public/, this checkout's outputs linked and hers beside them, is the bucket the site's MEDIA_ORIGIN serves.
 */
import { copyFile, cp, link, mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

import { sha256File } from "#lib/sha256.ts";
import { MANIFEST, serializeManifest } from "#media-build/manifest.ts";
import { serializeSourceList, SOURCES } from "#media-publish/source-list.ts";
import { mediaSource } from "#model/media-paths.ts";
import { PROJECT_SOURCES, scratchProject } from "#tests/support/project-copy.ts";
import { directorOf, entryFile, filmOf } from "./edit-service-floor.mjs";
import { ROOT, run } from "./edit-service-instance.mjs";

/** The folders under public/ that a director's clip makes files in: the clip, its still's ladder, her link preview. */
const CLIP_FOLDERS = ["videos/directors", "images/directors", "images/og/artists"];

/** A director's entry, as the content keeps it. @param {string} id */
const entryPath = (id) => `app/content/artists/directors/${id}.md`;

/**
 * The records of `made` (a manifest) that are a director's outputs: named after her id.
 * @param {Record<string, unknown>} made
 * @param {string} id
 */
const outputsOf = (made, id) =>
  Object.fromEntries(
    Object.entries(made).filter(([site]) =>
      [`${id}.`, `${id}-`].some((start) => path.basename(site).startsWith(start)),
    ),
  );

/**
 * `count` new directors with the film as their clip, its outputs made. Each film's `changes` are her save's
 * commit, for `SiteRemote.push`; `made` says what they are; `bucket` is the folder to serve as MEDIA_ORIGIN;
 * `remove()` deletes the copy.
 * @param {number} count
 */
export async function publishedFilms(count) {
  const film = await filmOf();
  const project = await scratchProject("bench-follow-media-", PROJECT_SOURCES, CLIP_FOLDERS);
  try {
    await mkdir(path.join(project, "media"));
    await cp(path.join(ROOT, MANIFEST), path.join(project, MANIFEST));
    const directors = Array.from({ length: count }, (_, index) => directorOf(index + 1));
    for (const director of directors) {
      const slot = path.join(project, `${mediaSource("directorClip", director.id)}.mp4`);
      await mkdir(path.dirname(slot), { recursive: true });
      // A hard link where the file system allows: the film is 199 MB, and the media build only reads it.
      await link(film, slot).catch(() => copyFile(film, slot));
      await writeFile(path.join(project, entryPath(director.id)), entryFile(director));
    }
    await run("npm", ["run", "--silent", "media"], { cwd: project });
    const made = JSON.parse(await readFile(path.join(project, MANIFEST), "utf8"));
    const source = { sha256: await sha256File(film), bytes: (await stat(film)).size };
    const films = directors.map((director) => ({
      director,
      /** @type {Record<string, (text: string) => string>} */
      changes: {
        [entryPath(director.id)]: () => entryFile(director),
        [MANIFEST]: (text) => serializeManifest({ ...JSON.parse(text), ...outputsOf(made, director.id) }),
        [SOURCES]: (text) =>
          serializeSourceList({ ...JSON.parse(text), [`${mediaSource("directorClip", director.id)}.mp4`]: source }),
      },
    }));
    return {
      films,
      /** What the note under the table says of them: the film's size, and the outputs a save of one adds. */
      made: { bytes: source.bytes, outputs: Object.keys(outputsOf(made, directors[0].id)).length },
      bucket: path.join(project, "public"),
      remove: () => rm(project, { recursive: true, force: true }),
    };
  } catch (error) {
    await rm(project, { recursive: true, force: true });
    throw error;
  }
}
