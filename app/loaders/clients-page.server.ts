/** The clients page's data (app/routes/clients.tsx re-exports it: docs/architecture.md says why). */
import { clientLogos, clientNames, site } from "#app/content/index.ts";
import { logoSprites } from "#model/media.ts";

export function loader() {
  return { sprites: logoSprites(clientLogos), names: clientNames, page: site.pages["/clients"] };
}
