/** Recent saves (the team's service only): the page's list, and the same as JSON for any client (GET /edit/api/saves). */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { textAnswer } from "#edit/http/answers.ts";
import { editingOf } from "#edit/server/editing-context.ts";

async function recentSaves({ context }: LoaderFunctionArgs) {
  const { recentSaves: listed } = editingOf(context);
  // `npm run edit` has no team, and no history of its saves but git's own.
  if (!listed) throw textAnswer(404, "Not Found");
  return listed();
}

export const savesPageLoader = async (args: LoaderFunctionArgs) => ({ saves: await recentSaves(args) });

export const savesApiLoader = async (args: LoaderFunctionArgs) => Response.json(await recentSaves(args));
