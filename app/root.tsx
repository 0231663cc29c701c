import type { LinksFunction, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  LiveReload,
  Meta,
  Outlet,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";

import { PageViews } from "#app/analytics/page-views.tsx";
import { DeferredScripts } from "#app/components/deferred-scripts.tsx";
import { SiteFooter } from "#app/components/site-footer.tsx";
import { SiteHeader } from "#app/components/site-header.tsx";
import { MediaOriginContext } from "#app/components/use-media-url.ts";
import stylesheet from "#app/styles/tailwind.css";
import { PAGE_LANGUAGE } from "#model/page-language.ts";
import type { loader } from "#app/loaders/root.server.ts";

export { loader } from "#app/loaders/root.server.ts";

/**
 * Error pages are titled here, the only route whose meta runs when the root ErrorBoundary shows; with
 * the agent's name from the root loader, when it answered.
 */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (!error) return [];
  const title = isNotFound(error) ? "Page not found" : "Error";
  return [{ title: data ? `${title} — ${data.agentName}` : title }, { name: "robots", content: "noindex" }];
};

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/images/icons/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

/**
 * Without JavaScript the phone menu cannot toggle, so it is shown as a plain list of links, and
 * animated thumbnails' play buttons and other controls that need scripts, which could do nothing,
 * are hidden.
 */
const NO_SCRIPT_CSS = `[data-menu-button],[data-freeze-toggle],[data-script-only]{display:none}
[data-mobile-menu]{flex-basis:100%}
#mobile-menu{display:block;position:static;border:0;padding:0}
#mobile-menu ul{flex-direction:row;flex-wrap:wrap;column-gap:1.25rem}
#mobile-menu a{font-size:.875rem;padding:.25rem 0}`;

/** The document shell around every page, including error pages, so they keep header and nav. */
export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang={PAGE_LANGUAGE}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {data && <style data-reel-frames="">{data.reelFrameCss}</style>}
        <noscript>
          <style>{NO_SCRIPT_CSS}</style>
        </noscript>
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 bg-paper px-4 py-3 text-sm text-ink focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to content
        </a>
        {data && <SiteHeader agentName={data.agentName} nav={data.nav} />}
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <MediaOriginContext.Provider value={data?.mediaOrigin ?? ""}>{children}</MediaOriginContext.Provider>
        </main>
        {data && <SiteFooter agencyName={data.agencyName} year={data.copyrightYear} />}
        <ScrollRestoration />
        <DeferredScripts />
        <LiveReload />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <Outlet />
      <PageViews />
    </>
  );
}

function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

export function ErrorBoundary() {
  const notFound = isNotFound(useRouteError());
  return (
    <section className="mx-auto max-w-screen-2xl px-5 py-24 md:px-10 md:py-40">
      <h1 className="text-3xl font-light md:text-5xl">{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p className="mt-6 max-w-xl text-muted">
        {notFound
          ? "We couldn’t find that artist or page. It may have moved, or the link may be mistyped."
          : "Please try again in a moment."}
      </p>
      <Link
        to="/artists/directors"
        className="mt-10 inline-block border-b border-paper pb-1 text-sm uppercase tracking-label"
      >
        Back to the artists
      </Link>
    </section>
  );
}
