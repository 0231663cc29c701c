/**
 * Where a change may come from: a browser names the page a request comes from (Origin), so a page
 * elsewhere cannot post to the editing screen's forms and APIs on its editor's behalf.
 */
import type { IncomingMessage } from "node:http";

import { textAnswer } from "./answers.ts";

/** Methods that change nothing: every other must come from the screen's own pages. */
const SAFE_METHODS = new Set(["GET", "HEAD"]);

/**
 * Whether `request` changes something and comes from a page that is not one of `origins`. Without
 * an Origin it comes from no browser's page (a tool, a test): refused only where `required`, as the
 * team's service does, whose every change comes from its own pages.
 */
export function fromElsewhere(request: IncomingMessage, origins: readonly string[], required: boolean): boolean {
  if (SAFE_METHODS.has(request.method ?? "GET")) return false;
  const { origin } = request.headers;
  return origin === undefined ? required : !origins.includes(origin);
}

/** The answer to a change from elsewhere: the same from both screens. */
export const fromElsewhereRefused = () =>
  textAnswer(403, "Forbidden: a change must come from the editing screen itself.");
