/** Every page's data: the header, footer and head (app/root.tsx re-exports it: docs/architecture.md says why). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { site } from "#app/content/index.ts";
import { MEDIA_ORIGIN } from "#app/lib/media-origin.server.ts";
import { REEL_FRAME_CSS } from "#app/lib/reel-frame-css.server.ts";
import { SITE_URL } from "#app/lib/site-url.server.ts";

export function loader({ request }: LoaderFunctionArgs) {
  // Routes match case-insensitively; send /Contact to the one canonical /contact.
  const { pathname, search } = new URL(request.url);
  if (pathname !== pathname.toLowerCase()) throw redirect(pathname.toLowerCase() + search, 301);
  return {
    agentName: site.agentName,
    agencyName: site.agencyName,
    copyrightYear: site.copyrightYear,
    nav: site.nav,
    siteUrl: SITE_URL,
    mediaOrigin: MEDIA_ORIGIN,
    // The reel players' shapes: every page's HTML carries them (model/reel-frames.ts, reelFrameCss).
    reelFrameCss: REEL_FRAME_CSS,
  };
}
