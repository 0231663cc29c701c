/** What every editing page's nav shows (edit/app/components/editing-nav.tsx): who edits, and how they sign out. */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { givenOf } from "#edit/server/editing-context.ts";

export function loader({ context }: LoaderFunctionArgs) {
  const given = givenOf(context);
  // The sign-in's own pages have nobody editing yet.
  if (given.editor === undefined) return { team: null };
  const { editor, signOut, recentSaves } = given;
  // The team signs in (its name in the nav, Recent saves, the sign-out); `npm run edit`'s one person does not.
  return { team: signOut === undefined || recentSaves === undefined ? null : { ...editor, signOut } };
}
