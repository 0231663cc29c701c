/**
 * Every page's data: the header, footer and head (app/root.tsx re-exports it: docs/architecture.md says why).
 * The head's words come from here, never from a module the browser bundles: app/lib/seo.ts reads them in `matches`.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { contact, site } from "#app/content/index.ts";
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
    tagline: site.tagline,
    // The agency's bookings line, in every page's JSON-LD (app/lib/seo.ts).
    bookings: { telephone: contact.phone, email: contact.email },
    copyrightYear: site.copyrightYear,
    nav: site.nav,
    siteUrl: SITE_URL,
    mediaOrigin: MEDIA_ORIGIN,
    // The reel players' shapes: every page's HTML carries them (model/reel-frames.ts, reelFrameCss).
    reelFrameCss: REEL_FRAME_CSS,
  };
}
