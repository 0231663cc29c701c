/**
 * A reel's watch-through curve, as the views page draws it (edit/app/components/watch-chart.tsx):
 * one bar per twentieth of the film, its height the share of plays that played it (0–100 %), and a
 * mark where each spot starts, so staff see whose work is watched and where viewers leave. The
 * chart's geometry and words here, without React, for the links page's shares too.
 */
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

/** A bar of the chart: one twentieth of the film, as high as the share of plays that played it. */
export interface ChartBar {
  x: string;
  y: string;
  width: string;
  height: string;
  /** What it shows, in words: "0–5% of the film: 100% of plays". */
  label: string;
}

/** The chart's bars, in its own units. */
export const chartBars = (curve: number[]): ChartBar[] =>
  curve.map((share, index) => {
    const height = Math.min(Math.max(share, 0), 1) * CHART_HEIGHT;
    const [from, to] = [index, index + 1].map((edge) => (edge * 100) / curve.length);
    return {
      x: unit(index * SLOT + GAP / 2),
      y: unit(CHART_HEIGHT - height),
      width: unit(SLOT - GAP),
      height: unit(height),
      label: `${from}–${to}% of the film: ${percent(share)} of plays`,
    };
  });

/** The chart's marks where the spots start (those that can be placed), each with its words. */
export const chartMarks = ({ spots, duration }: WatchChart): { x: string; label: string }[] =>
  spots.flatMap(({ start, title, artist }) => {
    const x = spotX(start, duration);
    return x === undefined ? [] : [{ x: unit(x), label: `${clock(start)} ${title}, ${artist}` }];
  });
