/** What every editing page's nav shows (edit/app/components/editing-nav.tsx): who edits, and how they sign out. */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { editingOf } from "#edit/server/editing-context.ts";

export function loader({ context }: LoaderFunctionArgs) {
  const { editor, signOut, recentSaves } = editingOf(context);
  // The team signs in (its name in the nav, Recent saves, the sign-out); `npm run edit`'s one person does not.
  return { team: signOut === undefined || recentSaves === undefined ? null : { ...editor, signOut } };
}
