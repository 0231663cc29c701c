/** A reel's watch-through curve as an inline SVG (its geometry and words: edit/views/watch-chart.ts). */
import {
  CHART_HEIGHT,
  CHART_WIDTH,
  chartBars,
  chartMarks,
  chartSummary,
  type WatchChart as Chart,
} from "#edit/views/watch-chart.ts";

export function WatchChart(chart: Chart) {
  const summary = chartSummary(chart);
  return (
    <svg className="watch-chart" viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`} role="img" aria-label={summary}>
      <title>{summary}</title>
      <line className="half" x1="0" x2={CHART_WIDTH} y1={CHART_HEIGHT / 2} y2={CHART_HEIGHT / 2} />
      {chartBars(chart.curve).map(({ label, ...bar }) => (
        <rect key={bar.x} className="bar" {...bar}>
          <title>{label}</title>
        </rect>
      ))}
      {chartMarks(chart).map(({ x, label }) => (
        <line key={`${x} ${label}`} className="spot" x1={x} x2={x} y1="0" y2={CHART_HEIGHT}>
          <title>{label}</title>
        </line>
      ))}
    </svg>
  );
}
