/**
 * docs/privacy.md, the page an agency's privacy notice is written from, says how long each thing is
 * kept: its table and its notice give the code's own figures (model/analytics-event.ts), and name
 * the settings that change them.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, test } from "vitest";

import {
  DEFAULT_RECIPIENT_RETENTION_DAYS,
  DEFAULT_RETENTION_DAYS,
  FIGURES_KEPT_MONTHS,
} from "#model/analytics-event.ts";

const FILE = path.join(import.meta.dirname, "../../../docs/privacy.md");

// A copy of the code alone (content-procedures.spec.ts runs the unit tests in one) has no docs.
describe.skipIf(!existsSync(FILE))("docs/privacy.md", () => {
  const privacy = () => readFileSync(FILE, "utf8");

  test("the retention table gives the code's figures and settings", () => {
    const rows = privacy()
      .split("## How long it is kept")[1]
      .split("\n## ")[0]
      .split("\n")
      .filter((line) => line.startsWith("| ") && !line.startsWith("| what | kept") && !line.startsWith("|---"))
      .map((line) => line.split(" | ").map((cell) => cell.replace(/^\| |\s*\|$/g, "")));
    const kept = (what: RegExp) => rows.find(([cell]) => what.test(cell))?.slice(1);
    expect(kept(/^the events themselves/)).toEqual([`${DEFAULT_RETENTION_DAYS} days`, "`ANALYTICS_RETENTION_DAYS`"]);
    expect(kept(/^each day's totals/)).toEqual([`${FIGURES_KEPT_MONTHS} months`, "fixed"]);
    expect(kept(/visits did/)).toEqual([
      `${DEFAULT_RECIPIENT_RETENTION_DAYS} days`,
      "`ANALYTICS_RECIPIENT_RETENTION_DAYS` (1 to 366)",
    ]);
  });

  test("the notice's starting point says the same", () => {
    const notice = privacy().split("## A starting point for the notice")[1].replace(/\n> ?/g, " ");
    expect(notice).toContain(
      `Individual events are deleted after ${DEFAULT_RETENTION_DAYS} days, daily totals after ${FIGURES_KEPT_MONTHS} months.`,
    );
    expect(notice).toContain(`We keep these records for ${DEFAULT_RECIPIENT_RETENTION_DAYS} days`);
  });
});
