/**
 * The editing app's document: its look, the editing screen's links above every page, the page in
 * `main`. The pages read and work without JavaScript; Remix's scripts then only enhance them.
 */
import type { MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Meta, Outlet, Scripts, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

import { SCREEN_PATH } from "#edit/views/editing-paths.ts";
import { EDITING_STYLE } from "#edit/views/editing-style.ts";
import { EditingNav } from "./components/editing-nav.tsx";
import type { loader } from "./loaders/root.server.ts";

export { loader } from "./loaders/root.server.ts";

export const meta: MetaFunction = () => [{ title: "Editing" }];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <style dangerouslySetInnerHTML={{ __html: EDITING_STYLE }} />
      </head>
      <body>
        <EditingNav team={data?.team ?? undefined} />
        <main>{children}</main>
        <Scripts />
      </body>
    </html>
  );
}

export default function EditingApp() {
  return <Outlet />;
}

export function ErrorBoundary() {
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
