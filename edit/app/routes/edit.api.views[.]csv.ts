/** GET /edit/api/views.csv?table=…: one table of the views as CSV, for a spreadsheet (edit/views/views-csv.ts). */
export { viewsCsvLoader as loader } from "../loaders/views.server.ts";
