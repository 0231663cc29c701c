/**
 * The frame sizes and rate of a reel's outputs, from its source's display size and rates: every HLS
 * rung fits its box whole, at even sizes (H.264 in 4:2:0), never larger than the source.
 */

export type Frame = { width: number; height: number };

export interface Rendition {
  /** Folder name under the reel's HLS folder. */
  name: string;
  width: number;
  height: number;
  /** Peak video bitrate (kbit/s): -maxrate, with -bufsize twice that. */
  maxKbps: number;
  profile: "high" | "main";
}

/** Frame size of the reel MP4 and of the top HLS rendition for a 16:9 source of at least that size. */
export const REEL_VIDEO: Frame = { width: 1920, height: 1080 };

/** HLS renditions, largest first, as boxes a 16:9 source fills and any other shape fits (turned if vertical). */
// Sizes written out rather than spread from REEL_VIDEO: a spread keeps the bundler from dropping
// these tables from the pages' JavaScript, which needs only the poster's size.
export const HLS_LADDER: readonly Rendition[] = [
  { name: "1080p", width: 1920, height: 1080, maxKbps: 5000, profile: "high" },
  { name: "720p", width: 1280, height: 720, maxKbps: 3000, profile: "high" },
  { name: "540p", width: 960, height: 540, maxKbps: 1600, profile: "main" },
  { name: "360p", width: 640, height: 360, maxKbps: 800, profile: "main" },
];

/** The MP4 fallback: what a browser without HLS plays, at the top rendition's box and cap. */
export const REEL_MP4: Rendition = { name: "mp4", width: 1920, height: 1080, maxKbps: 5000, profile: "high" };

/**
 * The master playlist's order. Native HLS players start with the FIRST variant before measuring
 * anything, so 540p leads: fast on a phone, decent until the player climbs. video.js's ABR ignores the order.
 */
export const HLS_MASTER_ORDER = ["540p", "1080p", "720p", "360p"] as const;

/** `value` rounded to the nearest even number, at least 2. */
const even = (value: number): number => Math.max(2, 2 * Math.round(value / 2));

/** A side `length` long (the source's side, `source`, scaled) at an even size, never past the source's. */
const evenSide = (length: number, source: number): number =>
  Math.min(even(length), Math.max(2, 2 * Math.floor(source / 2)));

/** `display` scaled by `scale`, even-sized. */
const scaled = (display: Frame, scale: number): Frame => ({
  width: evenSide(display.width * scale, display.width),
  height: evenSide(display.height * scale, display.height),
});

/** A film taller than it is wide takes the boxes on their side. */
const isVertical = (display: Frame): boolean => display.height > display.width;

/** The rungs of a film shown at `display`, fitted in each box that does not enlarge it (at least the smallest). */
export function reelLadder(display: Frame): Rendition[] {
  const rungs = HLS_LADDER.flatMap((rung) => {
    const box = isVertical(display) ? { width: rung.height, height: rung.width } : rung;
    const scale = Math.min(box.width / display.width, box.height / display.height);
    return scale > 1 ? [] : [{ ...rung, ...scaled(display, scale) }];
  });
  return rungs.length > 0 ? rungs : [{ ...HLS_LADDER[HLS_LADDER.length - 1], ...scaled(display, 1) }];
}

/** The reel MP4 of a film shown at `display`: the top rung's frame and cap. */
export function reelMp4Rendition(display: Frame): Rendition {
  return { ...reelLadder(display)[0], name: REEL_MP4.name };
}

/** The class of a reel player's box of this frame's shape (its rule: reelFrameCss). */
export const frameClass = ({ width, height }: Frame): string => `reel-frame-${width}x${height}`;

/** What the player's box leaves of the viewport's height: the header and a margin (rem). */
const FRAME_VIEWPORT_MARGIN_REM = 4;

/**
 * A rule per shape of the reels' films: the player's box takes the film's aspect ratio and fits the
 * viewport's height. One `<style>` on every page (the CSP allows no style attributes), so a
 * client-side navigation to a reel finds its rule there.
 */
export function reelFrameCss(frames: readonly Frame[]): string {
  const shapes = [...new Map(frames.map((frame) => [frameClass(frame), frame])).entries()].sort(([a], [b]) =>
    a < b ? -1 : 1,
  );
  return shapes
    .map(
      ([name, { width, height }]) =>
        `.${name}{aspect-ratio:${width}/${height};max-width:calc((100svh - ${FRAME_VIEWPORT_MARGIN_REM}rem)*${(width / height).toFixed(4)})}`,
    )
    .join("\n");
}

/** The poster: 1280 wide (the /collective-reels ladder's widest), the film's whole frame below it. */
export function reelPosterSize(display: Frame): Frame {
  const width = 1280;
  return { width, height: even((width * display.height) / display.width) };
}

/** A seek-bar thumbnail: 90 px on its shorter side, the film's shape (160×90 for 16:9). */
export function seekThumbSize(display: Frame): Frame {
  const short = 90;
  return isVertical(display)
    ? { width: short, height: even((short * display.height) / display.width) }
    : { width: even((short * display.width) / display.height), height: short };
}

/** A frame rate as a fraction of frames per second. */
type Rate = { num: number; den: number };

/** The rates players and displays expect; a source at one of them keeps it exactly. */
const STANDARD_RATES: readonly Rate[] = [
  { num: 24000, den: 1001 },
  { num: 24, den: 1 },
  { num: 25, den: 1 },
  { num: 30000, den: 1001 },
  { num: 30, den: 1 },
  { num: 50, den: 1 },
  { num: 60000, den: 1001 },
  { num: 60, den: 1 },
];

/** "30000/1001" (ffprobe's form) → its fraction; undefined for "0/0" or anything unreadable. */
function parseRate(text: string | undefined): Rate | undefined {
  const [num, den = 1] = (text ?? "").split("/").map(Number);
  return num > 0 && den > 0 && Number.isInteger(num) && Number.isInteger(den) ? { num, den } : undefined;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** In lowest terms, as ffmpeg reads it: "24000/1001", "25/1". */
function formatRate({ num, den }: Rate): string {
  const divisor = gcd(num, den);
  return `${num / divisor}/${den / divisor}`;
}

/** Frames per second of a rate string ("24000/1001" → 23.976…). */
export function rateValue(rate: string): number {
  const parsed = parseRate(rate);
  if (!parsed) throw new Error(`not a frame rate: ${rate}`);
  return parsed.num / parsed.den;
}

/**
 * The constant rate a film's outputs take, from ffprobe's `r_frame_rate` and `avg_frame_rate`: a
 * standard rate is kept, one above 60 halved (120 → 60), a variable (the two differ by over 1 %) or
 * odd one taken to the nearest standard rate.
 */
export function reelRate(real: string | undefined, average: string | undefined): string {
  const [r, avg] = [parseRate(real), parseRate(average)];
  const base = r && avg ? (Math.abs((avg.num * r.den) / (avg.den * r.num) - 1) > 0.01 ? avg : r) : (r ?? avg);
  if (!base) throw new Error(`unknown frame rate (r_frame_rate ${real}, avg_frame_rate ${average})`);
  let rate = base;
  // 1 % over 60 is still 60, if a variable one.
  while (rate.num / rate.den > 60 * 1.01) rate = { num: rate.num, den: rate.den * 2 };
  const exact = STANDARD_RATES.find((standard) => standard.num * rate.den === rate.num * standard.den);
  if (exact) return formatRate(exact);
  const distance = (standard: Rate) => Math.abs(Math.log((standard.num * rate.den) / (standard.den * rate.num)));
  return formatRate(STANDARD_RATES.reduce((best, standard) => (distance(standard) < distance(best) ? standard : best)));
}

/** Half of a rate: "60000/1001" → "30000/1001". */
export function halveRate(rate: string): string {
  const parsed = parseRate(rate);
  if (!parsed) throw new Error(`not a frame rate: ${rate}`);
  return formatRate({ num: parsed.num, den: parsed.den * 2 });
}
