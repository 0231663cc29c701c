/** Recent saves (/edit/saves, the team's service only): each save, who made it, and where it is now. */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { SCREEN_PATH } from "#edit/views/editing-paths.ts";
import { SavesTable } from "../components/saves-table.tsx";
import type { savesPageLoader } from "../loaders/saves.server.ts";

export { savesPageLoader as loader } from "../loaders/saves.server.ts";

export default function SavesPage() {
  const { saves } = useLoaderData<typeof savesPageLoader>();
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
