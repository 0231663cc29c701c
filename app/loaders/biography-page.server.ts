/** The biography page's data (app/routes/biography.tsx re-exports it: docs/architecture.md says why). */
import { biography, site, testimonials } from "#app/content/index.ts";

export function loader() {
  return { agentName: site.agentName, biography, testimonials, page: site.pages["/biography"] };
}
