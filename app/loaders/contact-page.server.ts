/** The contact page's data (app/routes/contact.tsx re-exports it: docs/architecture.md says why). */
import { contact, site } from "#app/content/index.ts";

export function loader() {
  return { contact, page: site.pages["/contact"] };
}
