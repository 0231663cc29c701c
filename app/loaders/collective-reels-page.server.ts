/** The collective reels' page's data (app/routes/collective-reels.tsx re-exports it: docs/architecture.md says why). */
import { reels, site } from "#app/content/index.ts";

export function loader() {
  return {
    reels: reels.map(({ slug, title, poster, thumb }) => ({ slug, title, poster, thumb })),
    page: site.pages["/collective-reels"],
  };
}
