/**
 * A recipient link's selects page (docs/privacy.md): the loader says a notice is due only for a
 * well-formed token the server calls active; anything else renders the shortlist as before. Any
 * `link` at all keeps the page out of every cache, so a token the store refused or did not confirm in
 * time leaves no copy under its URL. The document, rendered by Remix with the app's entry.server and
 * selects route (a stand-in root), carries the notice, `private, no-store`, and the plain URL
 * everywhere it offers one.
 */
import { setTimeout as sleep } from "node:timers/promises";

import { type AppLoadContext, createRequestHandler, type MetaFunction, type ServerBuild } from "@remix-run/node";
import { Links, Meta, Outlet } from "@remix-run/react";
import { createElement } from "react";
import { describe, expect, it, vi } from "vitest";

import { artists } from "#app/content/index.ts";
import * as entry from "#app/entry.server.tsx";
import { DOCUMENT_CACHE_CONTROL } from "#app/lib/http.server.ts";
import { SITE_URL } from "#app/lib/site-url.server.ts";
import { loader as rootLoader } from "#app/loaders/root.server.ts";
import * as selectsRoute from "#app/routes/selects.tsx";

const TOKEN = "AbCdEfGhIjKlMnOpQrSt_-";
const [first, second] = [...artists.directors, ...artists.photographers];
const LIST = `/selects?artists=${first.id},${second.id}`;

/** A load context whose recipient links are `active`, recording the tokens it was asked about. */
function contextSaying(active: boolean) {
  const recipientLink = vi.fn<(token: string) => Promise<boolean>>(async () => active);
  return { context: { recipientLink } satisfies AppLoadContext, recipientLink };
}

async function load(path: string, context: AppLoadContext = {}) {
  const response = await selectsRoute.loader({ request: new Request(`http://localhost${path}`), params: {}, context });
  return { data: await response.json(), cacheControl: response.headers.get("Cache-Control") };
}

describe("the selects loader and a recipient link", () => {
  it("asks for the notice, and no cache, for a well-formed token the server calls active", async () => {
    const { context, recipientLink } = contextSaying(true);
    const { data, cacheControl } = await load(`${LIST}&link=${TOKEN}`, context);
    expect(recipientLink).toHaveBeenCalledExactlyOnceWith(TOKEN);
    expect(data.recipientNotice).toBe(true);
    expect(cacheControl).toBe("private, no-store");
    // The page still lists the shortlist, and offers its plain link to share.
    expect(data.artists.map((artist: { id: string }) => artist.id)).toEqual([first.id, second.id]);
    expect(data.shareUrl).toBe(`${SITE_URL}${LIST}`);
  });

  it("shows no notice without the server's word, for an inactive or late token, but lets no cache keep it", async () => {
    const inactive = contextSaying(false);
    // What the instance answers when the store has not said within its second (server/instance.ts).
    const late = { recipientLink: async () => sleep(50, false) } satisfies AppLoadContext;
    for (const [path, context] of [
      [`${LIST}&link=${TOKEN}`, {}],
      [`${LIST}&link=${TOKEN}`, inactive.context],
      [`${LIST}&link=${TOKEN}`, late],
      // Another spelling of the parameter's name is the same parameter to the page.
      [`${LIST}&%6Cink=${TOKEN}`, inactive.context],
    ] as const) {
      const { data, cacheControl } = await load(path, context);
      expect(data.recipientNotice, path).toBe(false);
      expect(cacheControl, path).toBe("private, no-store");
      expect(data.artists).toHaveLength(2);
    }
    expect(inactive.recipientLink).toHaveBeenCalledTimes(2);
  });

  it("leaves a page without a link to the usual cache headers", async () => {
    const { data, cacheControl } = await load(LIST, contextSaying(true).context);
    expect(data.recipientNotice).toBe(false);
    expect(cacheControl).toBeNull();
  });

  it("never asks the server about a malformed token, and lets no cache keep its page", async () => {
    const { context, recipientLink } = contextSaying(true);
    for (const token of ["", "short", `${TOKEN}x`, "AbCdEfGhIjKlMnOpQrSt+/", "AbCdEfGhIjKlMnOpQrS%3C", "<script>"]) {
      const { data, cacheControl } = await load(`${LIST}&link=${encodeURIComponent(token)}`, context);
      expect(data.recipientNotice, token).toBe(false);
      expect(cacheControl, token).toBe("private, no-store");
    }
    // A bare `link`, without a value, is a link all the same.
    expect((await load(`${LIST}&link`, context)).cacheControl).toBe("private, no-store");
    expect(recipientLink).not.toHaveBeenCalled();
  });
});

describe("the selects route's headers", () => {
  const headersOf = (loaderHeaders: HeadersInit) =>
    new Headers(
      (selectsRoute.headers as (args: { loaderHeaders: Headers }) => HeadersInit)({
        loaderHeaders: new Headers(loaderHeaders),
      }),
    );

  it("pass the loader's Cache-Control on, and keep the page out of search engines", () => {
    const headers = headersOf({ "Cache-Control": "private, no-store" });
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(headers.get("X-Robots-Tag")).toBe("noindex");
    expect([...headersOf({}).keys()]).toEqual(["x-robots-tag"]);
  });
});

/** The app's entry and selects route under a root with the app's loader, rendering the head and the page alone. */
function appBuild(): ServerBuild {
  const root = {
    default: () =>
      createElement(
        "html",
        { lang: "en" },
        createElement("head", null, createElement(Meta), createElement(Links)),
        createElement("body", null, createElement(Outlet)),
      ),
    // The head's words, for every route's meta (app/lib/seo.ts).
    loader: rootLoader,
  };
  const entryRoute = { hasAction: false, hasLoader: true, hasClientAction: false, hasClientLoader: false };
  return {
    mode: "production",
    entry: { module: entry },
    routes: {
      root: { id: "root", path: "", module: root },
      "routes/selects": {
        id: "routes/selects",
        parentId: "root",
        path: "selects",
        // The route's meta is typed for its own loader's data; a build's manifest takes any route's.
        module: { ...selectsRoute, meta: selectsRoute.meta as MetaFunction },
      },
    },
    assets: {
      entry: { imports: [], module: "/build/entry.client.js" },
      routes: {
        root: { id: "root", path: "", module: "/build/root.js", hasErrorBoundary: false, ...entryRoute },
        "routes/selects": {
          id: "routes/selects",
          parentId: "root",
          path: "selects",
          module: "/build/routes/selects.js",
          hasErrorBoundary: false,
          ...entryRoute,
        },
      },
      url: "/build/manifest.js",
      version: "test",
    },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_lazyRouteDiscovery: true,
      v3_singleFetch: false,
    },
    isSpaMode: false,
  };
}

describe("the document", () => {
  const handle = createRequestHandler(appBuild(), "production");
  const render = async (path: string, context?: AppLoadContext) => {
    const response = await handle(new Request(`http://localhost${path}`), context);
    return { response, html: await response.text() };
  };
  const plainUrl = `${SITE_URL}${LIST}`;

  it("of an active link shows the notice, is kept by no cache, and offers only the plain URL", async () => {
    const { response, html } = await render(`${LIST}&link=${TOKEN}`, contextSaying(true).context);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(html).toMatch(/<p role="note"[^>]*>This link was made for you: .* sees when it is opened/);
    expect(html).toContain(
      `<a href="/selects?artists=${first.id},${second.id}" rel="noreferrer" class="text-paper underline underline-offset-4">Open it without this</a>`,
    );
    expect(html).toContain(`<link rel="canonical" href="${plainUrl}"/>`);
    expect(html).toContain(`<meta property="og:url" content="${plainUrl}"/>`);
    expect(html).toMatch(new RegExp(`<input[^>]*id="selects-link"[^>]*value="${plainUrl.replace(/[?.]/g, "\\$&")}"`));
    // Nowhere in the page, its loader data included: a buyer who shares what the page offers shares the plain list.
    expect(html).not.toContain(TOKEN);
  });

  it("of any other link is the usual page, kept by no cache", async () => {
    const usual = await render(LIST, contextSaying(true).context);
    expect(usual.response.headers.get("Cache-Control")).toBe(DOCUMENT_CACHE_CONTROL);
    for (const [path, context] of [
      [`${LIST}&link=${TOKEN}`, contextSaying(false).context],
      [`${LIST}&link=${TOKEN}`, undefined],
      [`${LIST}&link=nope`, contextSaying(true).context],
    ] as const) {
      const { response, html } = await render(path, context);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
      expect(html, path).not.toContain('role="note"');
      expect(html, path).toBe(usual.html);
    }
  });
});
