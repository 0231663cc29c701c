/**
 * The editing app's document: its look, the editing screen's links above every page, the page in
 * `main`. The pages read and work without JavaScript; Remix's scripts then only enhance them. A page
 * anyone may open (the sign-in's, page-handle.ts) has neither the links nor the scripts; Keystatic's
 * screen has the links after it, in its own look, and Keystatic's script in place of Remix's.
 */
import type { MetaFunction } from "@remix-run/node";
import { Meta, Outlet, Scripts, useMatches, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

import { SCREEN_NAV_STYLE } from "#edit/views/editing-nav.ts";
import { EDITING_STYLE } from "#edit/views/editing-style.ts";
import { EditingNav } from "./components/editing-nav.tsx";
import { ErrorPage } from "./components/error-page.tsx";
import type { loader } from "./loaders/root.server.ts";
import { pageHandle } from "./page-handle.ts";

export { loader } from "./loaders/root.server.ts";

export const meta: MetaFunction = () => [{ title: "Editing" }];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const { withoutSession, screen } = pageHandle(useMatches());
  const nav = !withoutSession && <EditingNav team={data?.team ?? undefined} />;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <style dangerouslySetInnerHTML={{ __html: screen ? SCREEN_NAV_STYLE : EDITING_STYLE }} />
      </head>
      {screen ? (
        <body>
          {children}
          {nav}
        </body>
      ) : (
        <body>
          {nav}
          <main>{children}</main>
          {!withoutSession && <Scripts />}
        </body>
      )}
    </html>
  );
}

export default function EditingApp() {
  return <Outlet />;
}

export const ErrorBoundary = ErrorPage;
