/**
 * The site's public origin, from the SITE_URL environment variable. Every absolute URL (canonical,
 * Open Graph, sitemap) is built from it, never from the request's Host or X-Forwarded-Host headers,
 * which a client can forge.
 */
export const SITE_URL = (process.env.SITE_URL || "http://localhost:3000").replace(/\/+$/, "");
