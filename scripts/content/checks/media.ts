/** Checks that every media file the content names, or its slug or id derives, exists, with its responsive copies. */
import { MEDIA_KINDS, type MediaKind, type MediaKindName } from "#app/lib/media-kinds.ts";
import { ladderFiles, logoSprites, previewImages } from "#app/lib/media.ts";
import { type Problem, problemAt } from "#scripts/content/problems.ts";
import type { Film } from "#scripts/content/read.ts";
import { ARTIST_MEDIA, type ContentParts, reelMedia, WORK_MEDIA } from "#scripts/content/shapes.ts";

/** How the checks see public/ and the media build's record: injected, so the checks stay free of the file system. */
export interface MediaFiles {
  /** Whether a site path ("/images/x.jpg") names a media file: under public/, or (`where`) held elsewhere. */
  exists(sitePath: string): boolean;
  /** Where the media are looked for, as messages say it: "public/" unless given. */
  where?: string;
  /** The film an output was made from, as recorded; absent where the films are yet to be made. */
  film?(sitePath: string): Film | undefined;
}

export function checkMedia({ artists, reels, clients, biography }: ContentParts, files: MediaFiles): Problem[] {
  const problems: Problem[] = [];
  const where = files.where ?? "public/";
  // A still shown through a srcset needs its responsive copies too, or the browser would ask for missing files.
  const look = (at: PropertyKey[], sitePath: string | undefined, name: MediaKindName) => {
    if (sitePath === undefined) return;
    const { ladder }: MediaKind = MEDIA_KINDS[name];
    if (!files.exists(sitePath)) {
      problems.push(problemAt(at, `${sitePath} is not in ${where}`));
    } else if (ladder) {
      const missing = ladderFiles(ladder, sitePath).filter((file) => !files.exists(file.path));
      if (missing.length > 0) {
        const message = `${sitePath} lacks ${missing.length} responsive copies in ${where} (e.g. ${missing[0].path}); run npm run media`;
        problems.push(problemAt(at, message));
      }
    }
  };
  // Link-preview images are named after the entry's id or slug (else its file's name), so a missing one is reported on it.
  const lookForPreview = (at: PropertyKey[], preview: string) => {
    if (!files.exists(preview))
      problems.push(problemAt(at, `its link-preview image ${preview} is not in ${where}; run npm run media`));
  };

  for (const { at, name, type, fields } of artists) {
    const kinds = ARTIST_MEDIA[type];
    look([...at, "thumb"], fields.thumb, kinds.thumb);
    look([...at, "mobileBG"], fields.mobileBG, kinds.mobileBG);
    for (const group of ["recentWorkThumbs", "extraThumbs"] as const) {
      fields[group]?.forEach((work, index) => {
        look([...at, group, index, "image"], work.image, WORK_MEDIA[type].image);
        if (type === "film") look([...at, group, index, "still"], work.still, WORK_MEDIA.film.still);
      });
    }
    look([...at, "bioPhoto"], fields.bioPhoto, kinds.bioPhoto);
    lookForPreview([...at, "id"], previewImages.artist(fields.id ?? name));
  }

  for (const { at, name, fields } of reels) {
    const derived = reelMedia(fields.slug ?? name);
    const sources = fields.sources ?? derived.sources;
    look([...at, "poster"], fields.poster ?? derived.poster, "reelPoster");
    look([...at, "thumb"], fields.thumb ?? derived.thumb, "reelThumb");
    look([...at, "sources", 0, "src"], sources[0].src, "reelHls");
    look([...at, "sources", 1, "src"], sources[1].src, "reelMp4");
    lookForPreview([...at, "slug"], previewImages.reel(fields.slug ?? name));
  }

  clients.clientLogos?.forEach(({ logo }, index) =>
    look(["clients", "clientLogos", index, "logo"], logo, "clientLogo"),
  );
  // The page shows the logos from the strips the media script draws of them (app/lib/media.ts).
  for (const sprite of logoSprites(clients.clientLogos ?? [])) {
    const missing = [sprite.webp, sprite.png].filter((path) => !files.exists(path));
    if (missing.length > 0) {
      const message = `the strip of the logos from ${sprite.logos[0].logo} on, ${missing[0]}, is not in ${where}; run npm run media`;
      problems.push(problemAt(["clients", "clientLogos"], message));
    }
  }

  look(["biography", "photo"], biography.photo, "bioPhoto");
  return problems;
}
