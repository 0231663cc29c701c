/** Whether Recent saves may change by itself in a moment, for the page to ask again (edit/app/routes/_editor.edit.saves.tsx). */
import type { ListedSave } from "#edit/server/editing-context.ts";
import { isDone } from "#edit/server/save-state.ts";

/**
 * Whether any listed save is still on its way: being saved, its media made or published, waiting for the
 * bucket or the git remote, or pushed while the public site is asked whether it shows it. Live, not live,
 * kept aside, failed, and pushed with no site asked, are where a save stays.
 */
export const anySaveMoving = (saves: ListedSave[]): boolean =>
  saves.some((save) => save.waiting === true || !isDone(save.state));
