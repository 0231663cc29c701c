import { masterVariants } from "../../../app/lib/hls";

/** The renditions a master playlist lists: each one's frame size, codecs and its playlist's path. */
export function renditionsOf(masterText: string, masterPath: string) {
  return masterVariants(masterText).map(({ attributes, uri }) => ({
    resolution: /RESOLUTION=(\d+x\d+)/.exec(attributes)?.[1],
    height: Number(/RESOLUTION=\d+x(\d+)/.exec(attributes)?.[1]),
    codecs: /CODECS="([^"]+)"/.exec(attributes)?.[1],
    playlist: new URL(uri, `http://site${masterPath}`).pathname,
  }));
}
