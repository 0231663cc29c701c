/** The photographers' grid's data (app/routes/artists.photographers.tsx re-exports it: docs/architecture.md says why). */
import { artists, site } from "#app/content/index.ts";
import { gridCard } from "#model/artist-lists.ts";

export function loader() {
  return {
    photographers: artists.photographers.map(gridCard),
    page: site.pages["/artists/photographers"],
  };
}
