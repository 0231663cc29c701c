/**
 * /api/keystatic/…: Keystatic's API, as the screen that serves the app answers it for its editor
 * (edit/server/keystatic-api.ts): a save goes to the one save and its gate; the rest to Keystatic.
 */
import type { ActionFunctionArgs } from "@remix-run/node";

import { editingOf } from "#edit/server/editing-context.ts";

const keystatic = ({ request, context }: ActionFunctionArgs) => editingOf(context).keystatic(request);

export { keystatic as action, keystatic as loader };
