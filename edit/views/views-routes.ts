/**
 * The figures in the editing screen (docs/content.md, "Views"): GET /edit/api/views (the JSON the
 * page reads), /edit/api/views.csv (each table for a spreadsheet) and /edit/views (the page and its
 * script). Both editing servers route these through editingScreen(); the store is opened on the
 * first request, not at start, so an editing screen without analytics starts and edits as before.
 * Nothing here writes an event: it only reads the store's figures.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

import type { ViewFigures } from "#analytics/types.ts";
import { VIEWS_PATHS } from "./editing-paths.ts";
import { dayRange, type DayRange, shownRange } from "./range.ts";
import type { ViewsContent } from "./views-content.ts";
import { CSV_TABLES, type CsvTable, viewsCsv } from "./views-csv.ts";
import { viewsPage } from "./views-page.ts";
import { send } from "#edit/http/send.ts";
import { storeFailure } from "./views-store.ts";

// edit-server.ts still takes it from here.
export { VIEWS_PATHS };

/** A page's script as the servers bundle it (edit/server/screen-bundle.ts): its URL path, and its answer. */
export interface PageScript {
  path: string;
  send(request: IncomingMessage, response: ServerResponse): void;
}

/** The part of the analytics store (analytics/store.ts) the screen reads. */
export interface FiguresStore {
  figures(from: string, to: string, now: Date): Promise<ViewFigures>;
  close(): Promise<void>;
}

export interface ViewsOptions {
  /** The content's names of the reels and artists, as they are now (views-content.ts). */
  content(): ViewsContent;
  /** The store, opened once for the screen (views-store.ts's openOnce), or a StoreUnavailable saying why not. */
  open(): Promise<FiguresStore>;
  /** The page's script (edit/views/views-page-script.ts, bundled). */
  script: PageScript;
  /** The clock the default range and the store's figures are read by. */
  now?: () => Date;
}

const isCsvTable = (table: string): table is CsvTable => (CSV_TABLES as readonly string[]).includes(table);

export function viewsRoutes({ content, open, script, now = () => new Date() }: ViewsOptions) {
  /** The range's figures, or the answer that says why there are none. */
  async function figuresOf(range: DayRange, at: Date): Promise<ViewFigures | { status: 503; message: string }> {
    try {
      return await (await open()).figures(range.from, range.to, at);
    } catch (error) {
      return storeFailure(error);
    }
  }

  async function answerFigures(response: ServerResponse, url: URL, csv: boolean) {
    const at = now();
    const range = dayRange(url.searchParams, at);
    if ("error" in range) return send(response, 400, `Bad Request: ${range.error}`);
    const table = url.searchParams.get("table") ?? "";
    if (csv && !isCsvTable(table))
      return send(response, 400, `Bad Request: table: must be one of ${CSV_TABLES.join(", ")}`);
    const figures = await figuresOf(range, at);
    if ("status" in figures) return send(response, figures.status, figures.message);
    if (!csv || !isCsvTable(table)) return send(response, 200, JSON.stringify(figures), "application/json");
    const { filename, text } = viewsCsv(table, figures, content(), range);
    response.setHeader("content-disposition", `attachment; filename="${filename}"`);
    send(response, 200, text, "text/csv; charset=utf-8; header=present");
  }

  return {
    /** Answers the views' paths (with `banner` above the page); false for any other. */
    async serve(request: IncomingMessage, response: ServerResponse, url: URL, banner = ""): Promise<boolean> {
      const paths: string[] = [VIEWS_PATHS.page, VIEWS_PATHS.api, VIEWS_PATHS.csv, script.path];
      if (!paths.includes(url.pathname)) return false;
      if (request.method !== "GET" && request.method !== "HEAD") {
        response.setHeader("allow", "GET, HEAD");
        send(response, 405, "Method Not Allowed");
      } else if (url.pathname === script.path) script.send(request, response);
      else if (url.pathname === VIEWS_PATHS.page) {
        const range = shownRange(url.searchParams, now());
        const page = viewsPage({ range, content: content(), script: script.path, banner });
        send(response, 200, page, "text/html; charset=utf-8");
      } else await answerFigures(response, url, url.pathname === VIEWS_PATHS.csv);
      return true;
    },
  };
}
