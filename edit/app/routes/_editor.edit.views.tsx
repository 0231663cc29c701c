/**
 * The views (/edit/views): what visitors of the public site watched and read in the days asked,
 * from the analytics store the site writes, with the content's names; each table also as CSV.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { SCREEN_PATH, VIEWS_PATHS } from "#edit/views/editing-paths.ts";
import { RangeForm } from "../components/range-form.tsx";
import { ViewsTables } from "../components/views-tables.tsx";
import type { viewsPageLoader } from "../loaders/views.server.ts";

export { viewsPageLoader as loader } from "../loaders/views.server.ts";

export default function ViewsPage() {
  const { range, problem, shown } = useLoaderData<typeof viewsPageLoader>();
  return (
    <>
      <h1>Views</h1>
      <p>
        <a href={SCREEN_PATH}>Back to the editing screen</a>
      </p>
      <RangeForm action={VIEWS_PATHS.page} range={range} />
      <p id="views-status" role="status">
        {problem}
      </p>
      {shown && <ViewsTables figures={shown.figures} content={shown.content} range={range} />}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Views — editing" }];
