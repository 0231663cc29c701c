/**
 * The site's public origin as its setting gives it (SITE_URL): the site builds every absolute URL
 * from it (app/lib/site-url.server.ts), and the editing screen the links it makes for buyers.
 */
export const publicOrigin = (setting: string | undefined): string =>
  (setting || "http://localhost:3000").replace(/\/+$/, "");
