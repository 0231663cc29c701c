/**
 * The views: the page's figures and names (GET /edit/views), and the same figures for any client,
 * as JSON (GET /edit/api/views) or one table as CSV (GET /edit/api/views.csv), each for the days
 * asked (range.ts: the last week by default).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { editingOf } from "#edit/server/editing-context.ts";
import { dayRange, shownRange } from "#edit/views/range.ts";
import { CSV_TABLES, type CsvTable, viewsCsv } from "#edit/views/views-csv.ts";
import { textAnswer } from "#edit/http/answers.ts";

const isCsvTable = (table: string): table is CsvTable => (CSV_TABLES as readonly string[]).includes(table);

/** The figures of the days `request` asks for, or the answer that says why there are none. */
async function figuresOf({ request, context }: LoaderFunctionArgs) {
  const { views } = editingOf(context);
  const params = new URL(request.url).searchParams;
  const now = views.now();
  const range = dayRange(params, now);
  if ("error" in range) return { params, refused: textAnswer(400, `Bad Request: ${range.error}`) };
  const figures = await views.figures(range, now);
  if ("status" in figures) return { params, refused: textAnswer(figures.status, figures.message) };
  return { params, range, figures, content: views.content() };
}

/**
 * The page's: the days shown (those asked, even when they are not a range, so the form keeps them)
 * and their figures, or why there are none, which the page says in place of its tables. Always 200:
 * the page is there, whatever the store says.
 */
export async function viewsPageLoader(args: LoaderFunctionArgs) {
  const asked = await figuresOf(args);
  const range = shownRange(asked.params, editingOf(args.context).views.now());
  if (asked.refused) return { range, problem: await asked.refused.text(), shown: null };
  return { range, problem: "", shown: { figures: asked.figures, content: asked.content } };
}

export async function viewsApiLoader(args: LoaderFunctionArgs) {
  const asked = await figuresOf(args);
  return asked.refused ?? Response.json(asked.figures);
}

export async function viewsCsvLoader(args: LoaderFunctionArgs) {
  const table = new URL(args.request.url).searchParams.get("table") ?? "";
  if (!isCsvTable(table)) return textAnswer(400, `Bad Request: table: must be one of ${CSV_TABLES.join(", ")}`);
  const asked = await figuresOf(args);
  if (asked.refused) return asked.refused;
  const { filename, text } = viewsCsv(table, asked.figures, asked.content, asked.range);
  return textAnswer(200, text, {
    "content-type": "text/csv; charset=utf-8; header=present",
    "content-disposition": `attachment; filename="${filename}"`,
  });
}
