import sharp from "sharp";

import { artists, reels } from "#app/content/index.ts";
import { SECTION_PAGES } from "#tests/support/pages.mjs";
import { SITE_URL } from "#tests/support/site-url.mjs";
import { expect, test } from "#tests/support/fixtures.ts";
import { CRAWLER, sitemapUrls } from "#tests/support/sitemap.ts";

const SLACK_READ_LIMIT = 32 * 1024;

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The head of a document as a crawler parses it: meta tags, canonical, title and JSON-LD. */
function readHead(html: string) {
  const attributes = (tag: string) =>
    Object.fromEntries([...tag.matchAll(/([a-z:-]+)="([^"]*)"/gi)].map(([, name, value]) => [name, decode(value)]));
  const tags = [...html.matchAll(/<meta [^>]*>/g)].map(([tag]) => attributes(tag));
  const byProperty = (property: string) => tags.find((tag) => tag.property === property)?.content;
  const byName = (name: string) => tags.find((tag) => tag.name === name)?.content;
  const canonical = attributes(html.match(/<link rel="canonical"[^>]*>/)?.[0] ?? "").href;
  const title = decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "");
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    ([, json]) => JSON.parse(json) as { "@graph": { "@type": string; [key: string]: unknown }[] },
  );
  return { byProperty, byName, canonical, title, jsonLd };
}

test.describe("link previews and search", () => {
  test.skip(({ isMobile }) => isMobile, "server HTML does not depend on the screen");

  test("the sitemap lists the section pages, every reel and every artist by absolute URL", async ({ request }) => {
    const urls = await sitemapUrls(request);
    expect(urls).toHaveLength(SECTION_PAGES.length + artists.directors.length + artists.photographers.length);
    for (const url of urls) expect(url.startsWith(`${SITE_URL}/`)).toBe(true);
    for (const reel of reels) expect(urls).toContain(`${SITE_URL}/${reel.slug}`);
    expect(urls).toContain(`${SITE_URL}${artists.photographers[0].url}`);
  });

  test("robots.txt allows everything and names the sitemap", async ({ request }) => {
    const text = await (await request.get("/robots.txt")).text();
    expect(text).toContain("Allow: /");
    expect(text).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
  });

  test("every sitemap URL unfurls with its own title, description, canonical, image and card", async ({ request }) => {
    const titles = new Set<string>();
    const images = new Map<string, number>();
    for (const url of await sitemapUrls(request)) {
      const path = url.slice(SITE_URL.length);
      const response = await request.get(path, { headers: CRAWLER });
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      const head = readHead(html);

      expect(head.title, path).toMatch(/ — Ines Calloway$/);
      expect(titles.has(head.title), `duplicate title ${head.title}`).toBe(false);
      titles.add(head.title);
      const description = head.byName("description") ?? "";
      expect(description.length, `${path} description length`).toBeGreaterThanOrEqual(50);
      expect(description.length, `${path} description length`).toBeLessThanOrEqual(160);
      expect(head.canonical).toBe(url);

      expect(head.byProperty("og:url")).toBe(url);
      expect(head.byProperty("og:type")).toBeTruthy();
      expect(head.byProperty("og:site_name")).toBe("Calloway Artists");
      expect(head.byProperty("og:title")).toBeTruthy();
      expect(head.byProperty("og:description")).toBe(description);
      expect(head.byProperty("og:image:width")).toBe("1200");
      expect(head.byProperty("og:image:height")).toBe("630");
      expect(head.byProperty("og:image:alt")).toBeTruthy();
      expect(head.byName("twitter:card")).toBe("summary_large_image");
      const image = head.byProperty("og:image") ?? "";
      expect(image.startsWith(`${SITE_URL}/images/og/`), image).toBe(true);
      images.set(image, (images.get(image) ?? 0) + 1);
      expect(html.indexOf('property="og:image"')).toBeLessThan(SLACK_READ_LIMIT);
      expect(html.indexOf('name="twitter:card"')).toBeLessThan(SLACK_READ_LIMIT);

      const graph = head.jsonLd.flatMap((block) => block["@graph"]);
      expect(graph.some((node) => node["@type"] === "Organization")).toBe(true);
    }
    // Each artist and reel has an image of its own; the section pages share the site's.
    const ownImages = [...images.values()].filter((count) => count === 1);
    expect(ownImages.length).toBe(artists.directors.length + artists.photographers.length + reels.length);
  });

  test("every og:image is a 1200×630 JPEG that loads", async ({ request }) => {
    const images = new Set<string>();
    for (const url of await sitemapUrls(request)) {
      const html = await (await request.get(url.slice(SITE_URL.length), { headers: CRAWLER })).text();
      images.add(readHead(html).byProperty("og:image") ?? "");
    }
    for (const image of images) {
      const response = await request.get(image.slice(SITE_URL.length));
      expect(response.status(), image).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/jpeg");
      const { width, height, format } = await sharp(await response.body()).metadata();
      expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: "jpeg" });
    }
  });

  test("reel pages carry og:video and a VideoObject", async ({ request }) => {
    for (const reel of reels) {
      const head = readHead(await (await request.get(`/${reel.slug}`, { headers: CRAWLER })).text());
      const mp4 = `${SITE_URL}${reel.sources[1].src}`;
      expect(head.byProperty("og:video")).toBe(mp4);
      expect(head.byProperty("og:video:secure_url")).toBe(mp4);
      expect(head.byProperty("og:video:type")).toBe("video/mp4");
      expect(head.byProperty("og:video:width")).toBe("1280");
      expect(head.byProperty("og:video:height")).toBe("720");
      const video = head.jsonLd.flatMap((block) => block["@graph"]).find((node) => node["@type"] === "VideoObject");
      expect(video).toMatchObject({
        name: reel.title,
        description: reel.description,
        contentUrl: mp4,
        uploadDate: reel.uploadDate,
        duration: `PT${reel.duration}S`,
      });
      expect(String(video?.thumbnailUrl)).toMatch(new RegExp(`^${SITE_URL}/images/og/reels/`));
    }
  });

  test("artist pages describe a Person with their site and Instagram", async ({ request }) => {
    for (const artist of [...artists.directors, ...artists.photographers]) {
      const head = readHead(await (await request.get(artist.url, { headers: CRAWLER })).text());
      const person = head.jsonLd.flatMap((block) => block["@graph"]).find((node) => node["@type"] === "Person");
      expect(person).toMatchObject({ name: artist.name, jobTitle: artist.title, url: `${SITE_URL}${artist.url}` });
      expect(person?.sameAs).toContain(`https://${artist.website}`);
      expect((person?.sameAs as string[]).length).toBe(artist.instagram ? 2 : 1);
      expect(head.byProperty("og:image")).toBe(`${SITE_URL}/images/og/artists/${artist.id}.jpg`);
    }
  });

  test("a forged Host or X-Forwarded-Host never shows up in the page", async ({ request }) => {
    for (const path of ["/reel-2021", artists.directors[0].url, "/sitemap.xml", "/robots.txt"]) {
      const response = await request.get(path, {
        headers: { ...CRAWLER, Host: "evil.example", "X-Forwarded-Host": "evil.example" },
      });
      expect(response.status()).toBe(200);
      expect(await response.text()).not.toContain("evil.example");
    }
  });

  test("the 404 page asks not to be indexed", async ({ request }) => {
    const response = await request.get("/artists/film/nobody", { headers: CRAWLER });
    expect(response.status()).toBe(404);
    expect(readHead(await response.text()).byName("robots")).toBe("noindex");
  });

  test("icons and the web manifest are served", async ({ request }) => {
    for (const [path, type] of [
      ["/favicon.ico", "image/"],
      ["/favicon.svg", "image/svg+xml"],
      ["/images/icons/apple-touch-icon.png", "image/png"],
      ["/images/icons/icon-192.png", "image/png"],
      ["/images/icons/icon-512.png", "image/png"],
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["content-type"]).toContain(type);
    }
    const manifest = await (await request.get("/site.webmanifest")).json();
    expect(manifest.icons).toHaveLength(2);
  });
});
