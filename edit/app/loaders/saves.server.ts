/** Recent saves (the team's service only): the page's list, and the same as JSON for any client (GET /edit/api/saves). */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { editingOf } from "#edit/server/editing-context.ts";
import { jsonAnswer } from "#edit/http/answers.ts";

async function recentSaves({ context }: LoaderFunctionArgs) {
  const { recentSaves: listed } = editingOf(context);
  // `npm run edit` has no team, and no history of its saves but git's own.
  if (!listed) throw new Response("Not Found", { status: 404 });
  return listed();
}

export const savesPageLoader = async (args: LoaderFunctionArgs) => ({ saves: await recentSaves(args) });

export const savesApiLoader = async (args: LoaderFunctionArgs) => jsonAnswer(await recentSaves(args));
