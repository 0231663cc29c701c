/**
 * Reading HLS master playlists: the one parser the player (app/reel/player/videojs.client.ts), the media
 * script (scripts/media/derive.ts) and the tests share.
 */

const STREAM_INF = "#EXT-X-STREAM-INF:";

/** The variants a master playlist lists: each `#EXT-X-STREAM-INF` line's attributes and the URI on the line after it. */
export function masterVariants(master: string): { attributes: string; uri: string }[] {
  const lines = master.split("\n").map((line) => line.trim());
  return lines.flatMap((line, i) =>
    line.startsWith(STREAM_INF) && lines[i + 1] ? [{ attributes: line.slice(STREAM_INF.length), uri: lines[i + 1] }] : [],
  );
}

