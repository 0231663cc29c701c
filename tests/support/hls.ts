import { masterVariants, mediaSegments } from "#model/hls.ts";

/** The renditions a master playlist lists: each one's frame size, codecs and its playlist's path. */
export function renditionsOf(masterText: string, masterPath: string) {
  return masterVariants(masterText).map(({ attributes, uri }) => ({
    resolution: /RESOLUTION=(\d+x\d+)/.exec(attributes)?.[1],
    height: Number(/RESOLUTION=\d+x(\d+)/.exec(attributes)?.[1]),
    codecs: /CODECS="([^"]+)"/.exec(attributes)?.[1],
    playlist: new URL(uri, `http://site${masterPath}`).pathname,
  }));
}

/**
 * The reel's span (seconds) that the segment at `segmentUrl` holds, read from its rendition's
 * playlist (`index.m3u8` beside it) on the site at `origin`.
 */
export async function segmentSpan(segmentUrl: string, origin: string): Promise<{ start: number; end: number }> {
  const url = new URL(segmentUrl, origin);
  const playlist = await fetch(new URL("index.m3u8", url));
  const segments = mediaSegments(await playlist.text());
  const index = segments.findIndex((segment) => new URL(segment.uri, playlist.url).pathname === url.pathname);
  if (index < 0) throw new Error(`${url.pathname} is not in its playlist`);
  const start = segments.slice(0, index).reduce((sum, segment) => sum + segment.duration, 0);
  return { start, end: start + segments[index].duration };
}
