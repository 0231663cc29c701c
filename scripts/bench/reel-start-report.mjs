/**
 * The reel-start section's report (scripts/bench/reel-start.mjs): one table row per reel and
 * profile, each figure beside its goal, then the measurements that failed.
 */
import { REEL_PAGES } from "#tests/support/pages.mjs";
import { cell, mark, summary } from "./shared.mjs";

const GOALS = { ratio: 1.5, pressToPlayMs: 200, height: 1080 };

/** One table row per reel and profile. */
function rows(results) {
  const lines = [
    "| reel | profile | site ms (range) | floor ms (range) | ratio | goal | press→play ms | height after 10 s |",
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const reelPage of REEL_PAGES) {
    for (const profileName of Object.keys(results[reelPage])) {
      const measured = results[reelPage][profileName];
      const site = summary(measured.site);
      const floor = summary(measured.floor);
      const ratio = site.median !== undefined && floor.median !== undefined ? site.median / floor.median : undefined;
      const ratioCell = ratio === undefined ? "✗" : `${ratio.toFixed(2)}× ${mark(ratio <= GOALS.ratio)}`;
      let pressCell = "-";
      if (measured.pressToPlay.length) {
        const press = summary(measured.pressToPlay);
        pressCell =
          press.median === undefined
            ? "✗ all failed"
            : `${cell(press)} ${mark(press.median <= GOALS.pressToPlayMs)} (goal ≤ ${GOALS.pressToPlayMs})`;
      }
      let heightCell = "-";
      if (profileName === "desktop") {
        const height = summary(measured.site, "height");
        heightCell =
          height.median === undefined
            ? "✗"
            : `${Math.round(height.median)} ${mark(height.median >= GOALS.height)} (goal ${GOALS.height})`;
      }
      lines.push(
        `| ${reelPage} | ${profileName} | ${cell(site)} | ${cell(floor)} | ${ratioCell} | ≤ ${
          GOALS.ratio
        }× | ${pressCell} | ${heightCell} |`,
      );
    }
  }
  return lines.join("\n");
}

/** Measurement failures, listed once under the table, so a ✗ can be traced. */
function failures(results) {
  const lines = [];
  for (const [reelPage, profiles] of Object.entries(results))
    for (const [profileName, sets] of Object.entries(profiles))
      for (const [set, list] of Object.entries(sets))
        for (const { error } of list) if (error) lines.push(`- ${reelPage} ${profileName} ${set}: ${error}`);
  return lines.join("\n");
}

/** The table, then the failed measurements under it, if any: `results[reelPage][profileName][set]`. */
export function reelStartReport(results) {
  const failed = failures(results);
  return failed ? `${rows(results)}\nFailed measurements:\n${failed}` : rows(results);
}
