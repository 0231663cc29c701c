/**
 * What a page a session opens asks first (routes/_editor.tsx, around the views and Recent saves): an editor,
 * else to sign in, as the service's own check answers (edit/service/auth.ts's refuse). The screens check
 * before they hand such a page to the app; this is the app's own word on it, not the only one.
 */
import { type LoaderFunctionArgs, redirect } from "@remix-run/node";

import { givenOf } from "#edit/server/editing-context.ts";
import { AUTH_PATHS } from "#edit/views/editing-paths.ts";

export function editorLoader({ request, context }: LoaderFunctionArgs) {
  const { editor } = givenOf(context);
  if (editor !== undefined) return null;
  const { pathname, search } = new URL(request.url);
  throw redirect(`${AUTH_PATHS.signIn}?return=${encodeURIComponent(`${pathname}${search}`)}`);
}
