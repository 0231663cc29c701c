import { SITE_URL } from "#app/lib/site-url.server.ts";

/** Everything may be crawled; the sitemap lists what should be. */
export function loader() {
  return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${SITE_URL}/sitemap.xml\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
