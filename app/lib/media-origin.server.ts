/**
 * Where pages point for media: MEDIA_ORIGIN, a bucket or its CDN (docs/decisions/0005-media-in-a-bucket.md), or the
 * site itself.
 */
export function parseMediaOrigin(value: string | undefined): string {
  if (!value) return "";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(
      `MEDIA_ORIGIN must be an absolute http(s) URL such as https://media.example.com, not ${JSON.stringify(value)}`,
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`MEDIA_ORIGIN must be an http(s) URL, not ${JSON.stringify(value)}`);
  }
  if (url.search || url.hash) throw new Error(`MEDIA_ORIGIN takes no query or fragment: ${JSON.stringify(value)}`);
  // A path prefix (a folder of the bucket) is kept, without its trailing slash: paths start with one.
  return url.href.replace(/\/+$/, "");
}

/** "" when media are served by the site itself, else the origin (and path prefix) to prepend. */
export const MEDIA_ORIGIN = parseMediaOrigin(process.env.MEDIA_ORIGIN);
