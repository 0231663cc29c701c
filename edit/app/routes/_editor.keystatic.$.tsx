/**
 * Keystatic's screen (/keystatic and every path under it, which Keystatic routes in the browser): a
 * place for it, drawn by the screen's own script (edit/ui.tsx, bundled at the screen's start:
 * edit/server/screen-bundle.ts), and the preview's origin for its fields to show the site. The
 * editing links come after it, from the root (page-handle.ts's SCREEN).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { editingOf } from "#edit/server/editing-context.ts";
import { PREVIEW_META } from "#edit/preview.ts";
import { SCREEN } from "../page-handle.ts";

export const handle = SCREEN;

export function loader({ context }: LoaderFunctionArgs) {
  const { script, previewOrigin } = editingOf(context).screen;
  return { script, previewOrigin };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: "Roster — editing" },
  { name: PREVIEW_META, content: data?.previewOrigin ?? "" },
];

export default function KeystaticScreen() {
  const { script } = useLoaderData<typeof loader>();
  return (
    <>
      <div id="root" />
      <script type="module" src={script} />
    </>
  );
}
