/** What a page of the editing app shows when it fails or is refused: the status, and the way back. */
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";

import { SCREEN_PATH } from "#edit/views/editing-paths.ts";

export function ErrorPage() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Error";
  return (
    <>
      <h1>{status}</h1>
      <p>
        <a href={SCREEN_PATH}>Back to the editing screen</a>
      </p>
    </>
  );
}
