/** What the benchmark's in-page probes (engines.mjs, reel-start.mjs) record on the page's window, in ms of its clock. */
interface ReelBenchProbe {
  /** The press on play. */
  pressAt?: number;
  /** The video's first `play` event. */
  playAt?: number;
  /** The first frame presented after the press that counts as the picture moving. */
  firstFrameAt?: number;
}

declare global {
  interface Window {
    reelBench: ReelBenchProbe;
  }
}

export type { ReelBenchProbe };
