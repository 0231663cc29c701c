/**
 * The days GET /edit/api/views and its CSVs are asked for: two dates, checked, with a default of the
 * last week. Daily aggregates are kept FIGURES_KEPT_MONTHS (docs/privacy.md), so a longer range would show
 * figures with a hole at its start: it is refused rather than shown short.
 */
import { z } from "zod";

import { dayOf } from "#analytics/types.ts";
import { FIGURES_KEPT_MONTHS } from "#model/analytics-event.ts";
/** The default range: this many full days before today, and today. */
const DEFAULT_DAYS = 7;

/** A calendar date that exists (zod refuses 2023-02-29 as well as 2024-13-01). */
const isoDate = z.iso.date();

export interface DayRange {
  /** The first day, YYYY-MM-DD (UTC), included. */
  from: string;
  /** The last day, YYYY-MM-DD (UTC), included. */
  to: string;
}

/** The day `months` calendar months and `days` days after `day` (negative: before). */
function shifted(day: string, { months = 0, days = 0 }: { months?: number; days?: number }): string {
  const [year, month, date] = day.split("-").map(Number);
  return dayOf(new Date(Date.UTC(year, month - 1 + months, date + days)));
}

/** The range `from` and `to` ask for (absent: the last 7 full days and today, by `now`), or what is wrong with it. */
export function dayRange(params: URLSearchParams, now: Date): DayRange | { error: string } {
  const given = { from: params.get("from") ?? "", to: params.get("to") ?? "" };
  for (const name of ["from", "to"] as const)
    if (given[name] !== "" && !isoDate.safeParse(given[name]).success)
      return { error: `${name}: ${JSON.stringify(given[name])} must be a date as YYYY-MM-DD` };
  const to = given.to || dayOf(now);
  const from = given.from || shifted(to, { days: -DEFAULT_DAYS });
  if (from > to) return { error: `from: ${from} is after to (${to})` };
  if (from < shifted(to, { months: -FIGURES_KEPT_MONTHS }))
    return {
      error: `from: ${from} to ${to} is over ${FIGURES_KEPT_MONTHS} months, as long as the daily figures are kept; choose a later from`,
    };
  return { from, to };
}

/** The days a page shows: those asked for, checked, or as asked when they are not a range (its script then says why). */
export function shownRange(params: URLSearchParams, now: Date): DayRange {
  const range = dayRange(params, now);
  return "error" in range ? { from: params.get("from") ?? "", to: params.get("to") ?? "" } : range;
}
