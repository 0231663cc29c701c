/** The directors' grid's data (app/routes/artists.directors.tsx re-exports it: docs/architecture.md says why). */
import { artists, site } from "#app/content/index.ts";

export function loader() {
  return {
    directors: artists.directors.map(({ id, name, thumb, mobileBG, website, url, cssVideoTop }) => ({
      id,
      name,
      thumb,
      mobileBG,
      website,
      url,
      cssVideoTop,
    })),
    page: site.pages["/artists/directors"],
  };
}
