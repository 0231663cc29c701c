/** Checks that every media file the content names, or its slug or id derives, exists, with its responsive copies. */
import { isLadderKind, MEDIA_KIND_ENTRIES, type MediaPlace } from "#model/media-kinds.ts";
import { ladderFiles, logoSprites } from "#model/media.ts";
import { mediaPaths } from "#model/media-paths.ts";
import { WORK_PLACE } from "#model/artist-lists.ts";
import { numberedWorks } from "#model/shapes/artist-shape.ts";
import { type Problem, problemAt } from "#content-check/problems.ts";
import type { Film } from "#model/content.ts";
import type { ContentParts } from "#model/shapes/content-shape.ts";

/** How the checks see public/ and the media build's record: injected, so the checks stay free of the file system. */
export interface MediaFiles {
  /** Whether a site path ("/images/x.jpg") names a media file: under public/, or (`where`) held elsewhere. */
  exists(sitePath: string): boolean;
  /** Where the media are looked for, as messages say it: "public/" unless given. */
  where?: string;
  /** The film an output was made from, as recorded; absent where the films are yet to be made. */
  film?(sitePath: string): Film | undefined;
}

/**
 * An entry with media files of the kinds of its place, and where it sits: its id (and work's
 * number) fixes their paths, unless it names its one file itself (`site`, at `at`).
 */
type Owner = { place: MediaPlace; at: PropertyKey[] } & ({ id: string; work?: number } | { site: string });

/** Every entry of the content that has media files, as far as its fields are valid. */
function ownersOf({ artists, reels, clients, biography }: ContentParts): Owner[] {
  const owners: Owner[] = [];
  for (const { at, name, list, fields } of artists) {
    const id = fields.id ?? name;
    owners.push({ place: list, at, id });
    for (const { group, index, number } of numberedWorks(fields.recentWorkThumbs, fields.extraThumbs))
      owners.push({ place: WORK_PLACE[list], at: [...at, group, index], id, work: number });
    if (fields.bioPhoto) owners.push({ place: "bio", at, id });
  }
  if (biography.photo !== undefined) owners.push({ place: "bio", at: ["biography", "photo"], site: biography.photo });
  for (const { at, name, fields } of reels) owners.push({ place: "reel", at, id: fields.slug ?? name });
  clients.clientLogos?.forEach(({ logo }, index) =>
    owners.push({ place: "clientLogo", at: ["clients", "clientLogos", index, "logo"], site: logo }),
  );
  return owners;
}

export function checkMedia(parts: ContentParts, files: MediaFiles): Problem[] {
  const problems: Problem[] = [];
  const where = files.where ?? "public/";
  // A still shown through a srcset needs its responsive copies too, or the browser would ask for missing files.
  const look = (at: PropertyKey[], sitePath: string, kind: string) => {
    if (!files.exists(sitePath)) {
      problems.push(problemAt(at, `${sitePath} is not in ${where}`));
    } else if (isLadderKind(kind)) {
      const missing = ladderFiles(kind, sitePath).filter((file) => !files.exists(file.path));
      if (missing.length > 0) {
        const message = `${sitePath} lacks ${missing.length} responsive copies in ${where} (e.g. ${missing[0].path}); run npm run media`;
        problems.push(problemAt(at, message));
      }
    }
  };
  // Every kind of the entry's place (model/media-kinds.ts), in the field of the entry that holds it.
  for (const owner of ownersOf(parts)) {
    for (const [kind, row] of MEDIA_KIND_ENTRIES.filter(([, row]) => row.place === owner.place)) {
      if ("site" in owner) look(owner.at, owner.site, kind);
      else if (row.path) look([...owner.at, ...row.field], row.path(owner.id, owner.work ?? 0), kind);
    }
  }

  // Link-preview images are named after the entry's id or slug (else its file's name), so a missing one is reported on it.
  const lookForPreview = (at: PropertyKey[], preview: string) => {
    if (!files.exists(preview))
      problems.push(problemAt(at, `its link-preview image ${preview} is not in ${where}; run npm run media`));
  };
  for (const { at, name, fields } of parts.artists)
    lookForPreview([...at, "id"], mediaPaths.previews.artist(fields.id ?? name));
  for (const { at, name, fields } of parts.reels)
    lookForPreview([...at, "slug"], mediaPaths.previews.reel(fields.slug ?? name));

  // The page shows the logos from the strips the media script draws of them (model/media.ts).
  for (const sprite of logoSprites(parts.clients.clientLogos ?? [])) {
    const missing = [sprite.webp, sprite.png].filter((path) => !files.exists(path));
    if (missing.length > 0) {
      const message = `the strip of the logos from ${sprite.logos[0].logo} on, ${missing[0]}, is not in ${where}; run npm run media`;
      problems.push(problemAt(["clients", "clientLogos"], message));
    }
  }
  return problems;
}
