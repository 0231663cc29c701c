/** Recent saves (/edit/saves, the team's service only): each save, who made it, and where it is now. */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";

import { SCREEN_PATH } from "#edit/views/editing-paths.ts";
import { useAskAgain } from "#edit/views/use-ask-again.ts";
import { SavesTable } from "../components/saves-table.tsx";
import { anySaveMoving } from "../lib/saves-moving.ts";
import type { savesPageLoader } from "../loaders/saves.server.ts";

export { savesPageLoader as loader } from "../loaders/saves.server.ts";

export default function SavesPage() {
  const { saves } = useLoaderData<typeof savesPageLoader>();
  const revalidator = useRevalidator();
  // The list follows its saves to the site by itself: read again every 2 s while one is on its way.
  useAskAgain(saves, anySaveMoving(saves), revalidator.revalidate);
  return (
    <>
      <h1>Recent saves</h1>
      <p>
        <a href={SCREEN_PATH}>Back to the editing screen</a>
      </p>
      <SavesTable saves={saves} />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Recent saves — editing" }];
