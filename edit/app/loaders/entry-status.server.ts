/** An entry's status for the editor asking: its files' media, and the editor's own last save (edit/server/entry-status.ts). */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { editingOf } from "#edit/server/editing-context.ts";

export function entryStatusLoader({ request, context }: LoaderFunctionArgs) {
  const entry = new URL(request.url).searchParams.get("entry") ?? "";
  return Response.json(editingOf(context).entryStatus(entry));
}
