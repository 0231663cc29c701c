/** The photographers' grid's data (app/routes/artists.photographers.tsx re-exports it: docs/architecture.md says why). */
import { artists, site } from "#app/content/index.ts";

export function loader() {
  return {
    photographers: artists.photographers.map(({ id, name, thumb, mobileBG, website, url }) => ({
      id,
      name,
      thumb,
      mobileBG,
      website,
      url,
    })),
    page: site.pages["/artists/photographers"],
  };
}
