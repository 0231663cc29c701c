/**
 * Everything a crawler reads in <head>: title, description, canonical URL, Open Graph and Twitter
 * tags, JSON-LD. The words come from loaders' data (the root loader's names, site URL and media
 * origin; a page's own), never from the content itself: Remix ships each route's `meta` to the
 * browser, whose build then holds no content (docs/decisions/0013-site-follows-a-branch.md).
 */
import type { MetaArgs, MetaDescriptor, SerializeFrom } from "@remix-run/node";

import type { Artist, Reel } from "#app/content/types.ts";
import type { loader as rootLoader } from "#app/loaders/root.server.ts";
import { chapterLabel, momentPath, type ReelChapter } from "#app/reel/timeline.ts";

import { mediaUrl, PREVIEW_SIZE } from "#model/media.ts";
import { mediaPaths } from "#model/media-paths.ts";
import { reelPosterSize } from "#model/reel-frames.ts";
import { artistCount, selectsPath } from "./selects.ts";

interface PageSeo {
  title: string;
  description: string;
  image: { src: string; alt: string };
  type?: "website" | "profile" | "video.other";
  video?: { src: string; width: number; height: number };
  /** Schema.org data for the page's subject, besides the agency itself, given the site URL and media's. */
  subject?: (siteUrl: string, absoluteMediaUrl: (path: string) => string) => Record<string, unknown>;
  /** The canonical path, when the page depends on more than its pathname (a query). */
  path?: string;
  /** Asks search engines not to index the page. */
  noindex?: boolean;
}

type RootData = SerializeFrom<typeof rootLoader>;

/** The root loader's data, which every page's meta gets in `matches`. */
function rootDataOf(matches: MetaArgs["matches"]) {
  // Remix types each match's data as unknown: the root's is its loader's.
  const root = matches.find((match) => match.id === "root")?.data as RootData | undefined;
  if (!root) throw new Error("the root loader's data is missing");
  return root;
}

function organization({ siteUrl, agencyName, agentName, bookings }: RootData) {
  return {
    "@type": "Organization",
    "@id": `${siteUrl}/#organization`,
    name: agencyName,
    url: siteUrl,
    founder: { "@type": "Person", name: agentName },
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "bookings",
      telephone: bookings.telephone,
      email: bookings.email,
    },
  };
}

/** The site's own preview image and its words, for pages without one of their own. */
const sitePreview = ({ agencyName, tagline }: RootData) => ({
  src: mediaPaths.previews.site,
  alt: `${agencyName} — ${tagline}`,
});

/** The full set of head tags for one page. */
export function seoMeta({ matches, location }: MetaArgs, page: PageSeo): MetaDescriptor[] {
  const root = rootDataOf(matches);
  const { siteUrl, mediaOrigin } = root;
  // Previews and JSON-LD need absolute URLs: the media origin, or the site's own.
  const absoluteMediaUrl = (path: string) => mediaUrl(mediaOrigin || siteUrl, path);
  const url = `${siteUrl}${page.path ?? location.pathname}`;
  const image = absoluteMediaUrl(page.image.src);
  return [
    { title: `${page.title} — ${root.agentName}` },
    { name: "description", content: page.description },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: root.agencyName },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(PREVIEW_SIZE.width) },
    { property: "og:image:height", content: String(PREVIEW_SIZE.height) },
    { property: "og:image:alt", content: page.image.alt },
    ...(page.video
      ? [
          { property: "og:video", content: absoluteMediaUrl(page.video.src) },
          { property: "og:video:secure_url", content: absoluteMediaUrl(page.video.src) },
          { property: "og:video:type", content: "video/mp4" },
          { property: "og:video:width", content: String(page.video.width) },
          { property: "og:video:height", content: String(page.video.height) },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: page.image.alt },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@graph": [organization(root), ...(page.subject ? [page.subject(siteUrl, absoluteMediaUrl)] : [])],
      },
    },
  ];
}

/** Meta of the six section pages, whose loaders return their title and description from `site.pages` as `page`. */
export function sectionMeta(args: MetaArgs<() => { page: { title: string; description: string } }>) {
  if (!args.data) return [];
  return seoMeta(args, { ...args.data.page, image: sitePreview(rootDataOf(args.matches)) });
}

/** Meta of a reel's page, whose loader returns `{ reel }` with its chapters (app/reel/reel.server.ts). */
export function reelMeta(args: MetaArgs<() => { reel: Reel & { chapters: ReelChapter[] } }>) {
  if (!args.data) return [];
  const { reel } = args.data;
  const { chapters } = reel;
  const mp4 = reel.sources.find((source) => source.type === "video/mp4")?.src ?? "";
  const poster = mediaPaths.previews.reel(reel.slug);
  return seoMeta(args, {
    title: reel.title,
    description: reel.description,
    image: { src: poster, alt: `Still from the ${reel.title}` },
    type: "video.other",
    video: { src: mp4, ...reelPosterSize(reel.frame) },
    subject: (siteUrl, absoluteMediaUrl) => ({
      "@type": "VideoObject",
      name: reel.title,
      description: reel.description,
      thumbnailUrl: absoluteMediaUrl(poster),
      uploadDate: reel.uploadDate,
      contentUrl: absoluteMediaUrl(mp4),
      duration: `PT${reel.duration}S`,
      publisher: { "@id": `${siteUrl}/#organization` },
      // Each spot as a Clip, which search engines show as the video's "key moments".
      hasPart: chapters.map((chapter) => ({
        "@type": "Clip",
        name: chapterLabel(chapter),
        startOffset: chapter.start,
        endOffset: chapter.end,
        url: `${siteUrl}${momentPath(reel.slug, chapter.start)}`,
        director: { "@type": "Person", name: chapter.director.name, url: `${siteUrl}${chapter.director.url}` },
      })),
    }),
  });
}

/** Meta of an artist's page: their own preview image and a schema.org Person. */
export function artistMeta(args: MetaArgs<() => { artist: Artist; instagramBaseUrl: string }>) {
  if (!args.data) return [];
  const { artist, instagramBaseUrl } = args.data;
  const { agencyName } = rootDataOf(args.matches);
  const image = mediaPaths.previews.artist(artist.id);
  const description = `${artist.name} (${artist.title}), represented by ${agencyName}: recent work, links and biography.`;
  return seoMeta(args, {
    title: artist.name,
    description,
    image: { src: image, alt: `Work by ${artist.name}` },
    type: "profile",
    subject: (siteUrl, absoluteMediaUrl) => ({
      "@type": "Person",
      name: artist.name,
      jobTitle: artist.title,
      image: absoluteMediaUrl(image),
      url: `${siteUrl}${artist.url}`,
      sameAs: [`https://${artist.website}`, ...(artist.instagram ? [`${instagramBaseUrl}${artist.instagram}`] : [])],
      memberOf: { "@id": `${siteUrl}/#organization` },
    }),
  });
}

const DESCRIPTION_LENGTH = 160;

/** Meta of /selects: "Selects — 3 artists", previewed with the first artist's image; never indexed. */
export function selectsMeta(args: MetaArgs<() => { artists: { id: string; name: string }[] }>) {
  if (!args.data) return [];
  const { artists } = args.data;
  const root = rootDataOf(args.matches);
  const [first] = artists;
  const names = artists.map((artist) => artist.name).join(", ");
  const description = first
    ? `A shortlist of ${artistCount(artists.length)} represented by ${root.agencyName}: ${names}.`
    : `Shortlist artists represented by ${root.agencyName}, then share the list as a link or print it as a treatment.`;
  return seoMeta(args, {
    title: first ? `Selects — ${artistCount(artists.length)}` : "Selects",
    description:
      description.length > DESCRIPTION_LENGTH ? `${description.slice(0, DESCRIPTION_LENGTH - 1)}…` : description,
    image: first ? { src: mediaPaths.previews.artist(first.id), alt: `Work by ${first.name}` } : sitePreview(root),
    path: selectsPath(artists.map((artist) => artist.id)),
    noindex: true,
  });
}
