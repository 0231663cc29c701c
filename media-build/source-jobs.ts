/** The source jobs: for each entry with media, one per kind of its place, from the kind's row and recipe. */
import { MEDIA_KIND_ENTRIES, type MediaKind, type MediaKindName } from "#model/media-kinds.ts";
import { mediaSource } from "#model/media-paths.ts";
import { MEDIA_KIND_RECIPES, type MediaKindRecipe } from "./kind-recipes.ts";
import type { MediaContent, SourceJob } from "./kinds.ts";
import { type MediaOwner, mediaOwners } from "./media-owners.ts";
import { TRANSPARENT_DIR } from "./sources.ts";

function sourceJob(kind: MediaKindName, row: MediaKind, owner: MediaOwner): SourceJob {
  const recipe: MediaKindRecipe = MEDIA_KIND_RECIPES[kind];
  const site = owner.named?.site ?? row.path?.(owner.id, owner.work);
  if (site === undefined) throw new Error(`${row.label}: the content names no file for it`);
  return {
    site,
    kind,
    source: {
      slot: { base: owner.named?.source ?? mediaSource(kind, owner.id, owner.work), type: recipe.source },
      of: owner.of,
    },
    ...(recipe.fills && row.size ? { fills: row.size } : {}),
    recipe: recipe.recipe(owner),
    // "/images/bio/x.jpg" → media/.transparent/images/bio/x.png
    ...(recipe.transparent ? { transparent: `${TRANSPARENT_DIR}${site.replace(/\.jpg$/, ".png")}` } : {}),
    make: recipe.make(owner, site),
  };
}

/** Every file made from a source in media/, in content order, each entry's in the order of the kinds' rows. */
export function sourceJobs(content: MediaContent): SourceJob[] {
  return mediaOwners(content).flatMap((owner) =>
    MEDIA_KIND_ENTRIES.filter(([, row]) => row.place === owner.place).map(([kind, row]) => sourceJob(kind, row, owner)),
  );
}
