/** The directors' grid's data (app/routes/artists.directors.tsx re-exports it: docs/architecture.md says why). */
import { artists, site } from "#app/content/index.ts";
import { gridCard } from "#model/artist-lists.ts";

export function loader() {
  return {
    directors: artists.directors.map(gridCard),
    page: site.pages["/artists/directors"],
  };
}
