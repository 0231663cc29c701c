/**
 * /edit/{file}: the screen's script, /edit/screen.{hash}.js (edit/server/screen-bundle.ts), in the best
 * encoding the browser takes and kept for good; any other name under /edit/ is not found.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { textAnswer } from "#edit/http/answers.ts";
import { editingOf } from "#edit/server/editing-context.ts";

export function loader({ request, context }: LoaderFunctionArgs) {
  const { screen } = editingOf(context);
  return new URL(request.url).pathname === screen.script ? screen.answer(request) : textAnswer(404, "Not Found");
}
