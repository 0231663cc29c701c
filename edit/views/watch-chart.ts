/**
 * A reel's watch-through curve as an inline SVG: one bar per twentieth of the film, its height the
 * share of plays that played it (0–100 %), and a mark where each spot starts, so staff see whose
 * work is watched and where viewers leave. Markup as a string, with no DOM: the page's script puts
 * it in place, and the unit tests read it as it is.
 */
import { escapeHtml } from "#lib/escape-html.ts";
import { TWENTIETHS } from "#model/analytics-event.ts";

/** The chart's own units; the page sizes it with CSS. */
export const CHART_WIDTH = 200;
export const CHART_HEIGHT = 60;
const SLOT = CHART_WIDTH / TWENTIETHS;
/** The gap between two bars, so each twentieth reads as one. */
const GAP = 2;

export interface ChartSpot {
  /** Its start in the film, in seconds. */
  start: number;
  title: string;
  /** Who made it, as the page names them. */
  artist: string;
}

export interface WatchChart {
  /** What the chart is of, for its description: the reel's title. */
  title: string;
  /** TWENTIETHS shares from 0 to 1 (ReelFigures.curve). */
  curve: number[];
  spots: ChartSpot[];
  /** The film's length in seconds; unknown (null): the spots cannot be placed and are left out. */
  duration: number | null;
}

/** Two decimals are finer than a pixel of the chart, and keep the markup short. */
const unit = (value: number) => String(Math.round(value * 100) / 100);

export const percent = (share: number) => `${Math.round(share * 100)}%`;

/** A moment of the film as m:ss. */
export const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;

/** Where a spot starting at `start` is marked, or undefined when it cannot be placed. */
export function spotX(start: number, duration: number | null): number | undefined {
  if (duration === null || !(duration > 0) || start < 0 || start > duration) return undefined;
  return (start / duration) * CHART_WIDTH;
}

/** The curve in a sentence, for those who cannot see the bars (a table of all twenty values follows the chart). */
export function chartSummary({ title, curve, spots, duration }: WatchChart): string {
  const last = curve.length - 1;
  const placed = spots.filter(({ start }) => spotX(start, duration) !== undefined);
  const marks =
    placed.length === 0
      ? ""
      : ` Spots start at ${placed.map(({ start, title: spot, artist }) => `${clock(start)} (${spot}, ${artist})`).join(", ")}.`;
  return (
    `Watch-through of ${title}: ${percent(curve[0] ?? 0)} of plays saw the first twentieth, ` +
    `${percent(curve[Math.floor(last / 2)] ?? 0)} the middle, ${percent(curve[last] ?? 0)} the last.${marks}`
  );
}

/** The chart's SVG markup. */
export function watchChart(chart: WatchChart): string {
  const { curve, spots, duration } = chart;
  const bars = curve.map((share, index) => {
    const height = Math.min(Math.max(share, 0), 1) * CHART_HEIGHT;
    const from = (index * 100) / curve.length;
    const to = ((index + 1) * 100) / curve.length;
    return (
      `<rect class="bar" x="${unit(index * SLOT + GAP / 2)}" y="${unit(CHART_HEIGHT - height)}" ` +
      `width="${unit(SLOT - GAP)}" height="${unit(height)}"><title>${from}–${to}% of the film: ${percent(share)} of plays</title></rect>`
    );
  });
  const marks = spots.flatMap(({ start, title, artist }) => {
    const x = spotX(start, duration);
    if (x === undefined) return [];
    const label = escapeHtml(`${clock(start)} ${title}, ${artist}`);
    return [
      `<line class="spot" x1="${unit(x)}" x2="${unit(x)}" y1="0" y2="${CHART_HEIGHT}"><title>${label}</title></line>`,
    ];
  });
  const summary = escapeHtml(chartSummary(chart));
  return (
    `<svg class="watch-chart" viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}" role="img" aria-label="${summary}">` +
    `<title>${summary}</title>` +
    `<line class="half" x1="0" x2="${CHART_WIDTH}" y1="${CHART_HEIGHT / 2}" y2="${CHART_HEIGHT / 2}"/>` +
    bars.join("") +
    marks.join("") +
    `</svg>`
  );
}
