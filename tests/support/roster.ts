/**
 * A scratch copy (`npm run roster -- 40`, scripts/cli/roster.ts) of the project whose roster is 40 times the content's, for
 * the tests and the bench. Each artist gets 39 copies with ids, names, sites and orders of their own
 * (`mira-castell-2`, "Mira Castell 2", …, after all the originals), and each copy has media of
 * its own, named after its id (model/media-kinds.ts): links in the copy's public/ to the
 * original's files, so a page's bytes and a browser's downloads grow as a real roster's would.
 * Prints the copy's folder; build and serve it there.
 */
import { readdir, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";

import { parse, stringify } from "yaml";

import { MEDIA_KIND_ENTRIES, type MediaPlace } from "#model/media-kinds.ts";
import { PROJECT_SOURCES, scratchProject } from "./project-copy.ts";

const ROOT = path.join(import.meta.dirname, "../..");
const ARTISTS = "app/content/artists";
/** Each copy comes after every original in its grid. */
const ORDER_STEP = 1000;
/** The places (model/media-kinds.ts) of an artist in each folder, and of their works. */
const PLACES: Record<string, { artist: MediaPlace; work: MediaPlace }> = {
  directors: { artist: "directors", work: "directorWork" },
  photographers: { artist: "photographers", work: "photographerWork" },
};
/** Fields older files spelled out that the id fixes: a copy leaves them out (its id fixes its own). */
const DERIVED_FIELDS = ["thumb", "mobileBG", "url"];
/** Where the link-preview images named after artists' ids are. */
const PREVIEWS = "images/og/artists";

interface Artist {
  file: string;
  front: Record<string, unknown>;
  body: string;
}

/** Makes the copy; returns its folder. `times` is the roster's multiple (1 keeps the content as it is). */
export async function makeRoster(times: number): Promise<string> {
  if (!Number.isInteger(times) || times < 1)
    throw new Error(`the roster's multiple must be a whole number ≥ 1, not ${times}`);
  const artists = await readArtists();
  const ids = artists.map((artist) => String(artist.front.id));
  /** The folders under public/ holding each artist's own files and folders (named after its id). */
  const ownFolders = new Map(
    artists.map((artist, i) => [
      ids[i],
      [...new Set([...ownMedia(artist).flatMap((sitePath) => ownFolder(sitePath, ids[i], ids) ?? []), PREVIEWS])],
    ]),
  );
  const dir = await scratchProject(`roster-${times}x-`, PROJECT_SOURCES, [...new Set([...ownFolders.values()].flat())]);
  const listings = new Map<string, Promise<string[]>>();
  const listing = (folder: string) => {
    if (!listings.has(folder)) listings.set(folder, readdir(path.join(ROOT, "public", folder)));
    return listings.get(folder)!;
  };

  for (const [i, artist] of artists.entries()) {
    const id = ids[i];
    for (let copy = 2; copy <= times; copy++) {
      const newId = `${id}-${copy}`;
      const front = renamed(artist.front, newId, copy);
      await writeFile(
        path.join(dir, path.dirname(artist.file), `${newId}.md`),
        `---\n${stringify(front)}---\n${artist.body}`,
      );
      for (const folder of ownFolders.get(id)!) {
        for (const entry of await listing(folder)) {
          const name = renameSegment(entry, id, newId, ids);
          if (name !== entry)
            await symlink(path.join(ROOT, "public", folder, entry), path.join(dir, "public", folder, name));
        }
      }
    }
  }
  return dir;
}

async function readArtists(): Promise<Artist[]> {
  const artists: Artist[] = [];
  for (const type of await readdir(path.join(ROOT, ARTISTS))) {
    for (const name of await readdir(path.join(ROOT, ARTISTS, type))) {
      const file = `${ARTISTS}/${type}/${name}`;
      const [, front, body] = (await readFile(path.join(ROOT, file), "utf8")).split(/^---\n/m);
      artists.push({ file, front: parse(front) as Record<string, unknown>, body });
    }
  }
  return artists;
}

const worksOf = (front: Record<string, unknown>): Record<string, unknown>[] =>
  [front.recentWorkThumbs, front.extraThumbs].flatMap((list) => (Array.isArray(list) ? list : []));

/** The site paths of an artist's own media, as their id fixes them. */
function ownMedia({ file, front }: Artist): string[] {
  const id = String(front.id);
  const places = PLACES[path.basename(path.dirname(file))];
  const works = worksOf(front).map((_work, index) => index + 1);
  return MEDIA_KIND_ENTRIES.flatMap(([, row]) => {
    if (!row.path) return [];
    if (row.place === places.artist || (row.place === "bio" && front.bioPhoto)) return [row.path(id, 0)];
    return row.place === places.work ? works.map((work) => row.path?.(id, work) ?? []).flat() : [];
  });
}

/**
 * `name` with `id` replaced by `newId` where the name is one of `id`'s files or folders: the id
 * itself, or the id followed by "." or "-" (`{id}.jpg`, `{id}-mobile.jpg`, `{id}-480w.avif`), unless
 * a longer id of the roster begins the same way.
 */
function renameSegment(name: string, id: string, newId: string, ids: string[]): string {
  const owns = (candidate: string) => name === candidate || /^[.-]/.test(name.slice(candidate.length));
  const owner = ids.filter((other) => name.startsWith(other) && owns(other)).sort((a, b) => b.length - a.length)[0];
  return owner === id ? newId + name.slice(id.length) : name;
}

/** The folder under public/ of the first segment of `sitePath` named after `id` ("images/work" for "/images/work/{id}/1.jpg"). */
function ownFolder(sitePath: string, id: string, ids: string[]): string | undefined {
  const segments = sitePath.split("/");
  const at = segments.findIndex((segment) => renameSegment(segment, id, "\0", ids) !== segment);
  return at > 1 ? segments.slice(1, at).join("/") : undefined;
}

function renamed(front: Record<string, unknown>, newId: string, copy: number): Record<string, unknown> {
  const works = (list: unknown) =>
    Array.isArray(list) ? list.map(({ image: _image, still: _still, ...work }: Record<string, unknown>) => work) : list;
  const kept = Object.fromEntries(Object.entries(front).filter(([field]) => !DERIVED_FIELDS.includes(field)));
  return {
    ...kept,
    id: newId,
    name: `${String(front.name)} ${copy}`,
    order: Number(front.order) + (copy - 1) * ORDER_STEP,
    website: `${newId}.example`,
    ...(front.instagram ? { instagram: `${String(front.instagram)}_${copy}` } : {}),
    ...(front.bioPhoto ? { bioPhoto: true } : {}),
    ...(front.recentWorkThumbs ? { recentWorkThumbs: works(front.recentWorkThumbs) } : {}),
    ...(front.extraThumbs ? { extraThumbs: works(front.extraThumbs) } : {}),
  };
}
