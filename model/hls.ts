/** Reading HLS playlists: the one parser of the player, the media build, publishing and the tests. */

const STREAM_INF = "#EXT-X-STREAM-INF:";

/** The variants a master playlist lists: each `#EXT-X-STREAM-INF` line's attributes and the URI on the line after it. */
export function masterVariants(master: string): { attributes: string; uri: string }[] {
  const lines = master.split("\n").map((line) => line.trim());
  return lines.flatMap((line, i) =>
    line.startsWith(STREAM_INF) && lines[i + 1]
      ? [{ attributes: line.slice(STREAM_INF.length), uri: lines[i + 1] }]
      : [],
  );
}

/** Durations (EXTINF) and segment URIs of a media playlist. */
export function mediaSegments(playlist: string): { duration: number; uri: string }[] {
  const lines = playlist.split("\n").map((line) => line.trim());
  return lines.flatMap((line, i) =>
    line.startsWith("#EXTINF:") ? [{ duration: Number(line.slice(8).split(",")[0]), uri: lines[i + 1] }] : [],
  );
}

/** The URIs a playlist lists: its URI lines and the URI="…" attributes of its tags (EXT-X-MEDIA, EXT-X-MAP). */
export function playlistUris(text: string): string[] {
  const uris: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "") continue;
    if (line.startsWith("#")) {
      for (const [, uri] of line.matchAll(/URI="([^"]*)"/g)) uris.push(uri);
    } else uris.push(line);
  }
  return uris;
}
