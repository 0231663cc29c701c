/**
 * The views page's tables as CSV (GET /edit/api/views.csv), for a spreadsheet: a header row, then a
 * row per entry (per shortlist and artist for shortlists). Fractions stay decimals from 0 to 1, as
 * the header says, so a spreadsheet can format them as it likes.
 */
import type { ViewFigures } from "#analytics/types.ts";
import { TWENTIETHS } from "#model/analytics-event.ts";
import type { DayRange } from "./range.ts";
import type { ViewsContent } from "./views-content.ts";

export const CSV_TABLES = ["reels", "artists", "shortlists"] as const;
export type CsvTable = (typeof CSV_TABLES)[number];

type Cell = string | number;

/**
 * One field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break, its quotes
 * doubled. Written here rather than with csv-stringify (not installed) for these few lines.
 */
export function csvField(cell: Cell): string {
  const text = typeof cell === "number" ? decimal(cell) : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180's line ending is CRLF, the last line's included. */
export const csvText = (rows: Cell[][]) => rows.map((row) => `${row.map(csvField).join(",")}\r\n`).join("");

/** Four decimals: a share's 0.01 %, without a float's 0.30000000000000004. */
const decimal = (value: number) => String(Math.round(value * 10_000) / 10_000);

function rowsOf(table: CsvTable, figures: ViewFigures, names: ViewsContent): Cell[][] {
  const artistName = (id: string) => names.artists[id] ?? "";
  if (table === "reels")
    return [
      [
        "slug",
        "title",
        "plays",
        "visitors",
        "average_watched (0-1)",
        "finish_rate (0-1)",
        ...Array.from({ length: TWENTIETHS }, (_, index) => `watched_twentieth_${index + 1} (0-1)`),
      ],
      ...figures.reels.map(({ slug, plays, visitors, averageWatched, finishRate, curve }) => [
        slug,
        names.reels[slug]?.title ?? "",
        plays,
        visitors,
        averageWatched,
        finishRate,
        ...curve,
      ]),
    ];
  if (table === "artists")
    return [
      ["id", "name", "page_views", "plays_watching_half_a_spot"],
      ...figures.artists.map(({ id, views, spotViews }) => [id, artistName(id), views, spotViews]),
    ];
  return [
    ["shortlist", "opens", "last_opened (UTC)", "artist_id", "artist_name", "page_views_after_opening"],
    ...figures.shortlists.flatMap(({ key, opens, lastOpened, artists }) =>
      artists.map(({ id, views }) => [key, opens, lastOpened, id, artistName(id), views]),
    ),
  ];
}

/** The table's CSV and the file name it is saved as, naming the table and the days. */
export function viewsCsv(table: CsvTable, figures: ViewFigures, names: ViewsContent, { from, to }: DayRange) {
  return { filename: `views-${table}-${from}-to-${to}.csv`, text: csvText(rowsOf(table, figures, names)) };
}
