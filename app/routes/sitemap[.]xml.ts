import { artists, reels, site } from "#app/content/index.ts";
import { SITE_URL } from "#app/lib/site-url.server.ts";

/** Every page a search engine should index: the sections, each reel's and each artist's page. */
export function loader() {
  const paths = [
    ...site.nav.map((link) => link.href),
    ...reels.map((reel) => `/${reel.slug}`),
    ...[...artists.directors, ...artists.photographers].map((artist) => artist.url),
  ];
  const urls = paths.map((path) => `  <url><loc>${SITE_URL}${path}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls}
</urlset>
`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
