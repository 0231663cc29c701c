/**
 * The Express app: the HTTP policy (http-policy.ts), compression, static files (static-files.ts),
 * then every other request rendered by Remix through the page cache (page-cache.ts).
 */
import { type ServerBuild, writeReadableStreamToWritable } from "@remix-run/node";
import compression from "compression";
import express, { type RequestHandler } from "express";
import morgan from "morgan";

import { pageHeaders, plainTextErrors, readOnly, toFetchRequest } from "./http-policy";
import { type PageCache, pageCacheKey } from "./page-cache";
import { staticFiles } from "./static-files";

/** Renders a request with the app: Remix's request handler for a build. */
export type Render = (request: Request) => Promise<Response>;

/** A build's renderer and the page cache of what it rendered: swapped together when the build changes. */
export interface Serving {
  render: Render;
  pageCache: PageCache;
}

export interface AppOptions {
  /** The project's directory, holding public/. */
  root: string;
  build: Pick<ServerBuild, "assetsBuildDirectory" | "publicPath">;
  /**
   * Called once per request, so `npm run dev` can swap in each new build; a render still in flight
   * then fills the old build's cache, never the new one's.
   */
  serving: () => Serving;
  /** Where the request log goes: standard output unless a test silences it. */
  requestLog?: NodeJS.WritableStream;
}

export async function createApp({ root, build, serving, requestLog = process.stdout }: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  // Health checks (a load balancer's or Varnish's probes, every second) would drown the requests.
  app.use(morgan("tiny", { skip: (req) => req.path === "/healthz", stream: requestLog }));
  app.use(readOnly);
  app.use(compression());
  app.use(await staticFiles(root, build));
  app.use(pageHeaders);
  app.all("*", renderPage(serving));
  app.use(plainTextErrors);
  return app;
}

/**
 * Answers from the page cache, or renders and keeps what may be kept. `X-Page-Cache` says which
 * (`hit`: replayed; `miss`: rendered), so the cache can be watched from outside.
 */
function renderPage(serving: () => Serving): RequestHandler {
  return async (req, res, next) => {
    try {
      const { render, pageCache } = serving();
      const key = pageCacheKey(req.method, req.originalUrl);
      const cached = key && pageCache.get(key);
      if (cached) {
        // res.send answers 304 itself when the request's If-None-Match names the cached ETag.
        res.status(cached.status).set(cached.headers).set("X-Page-Cache", "hit").send(cached.body);
        return;
      }
      const response = await render(toFetchRequest(req, res));
      res.status(response.status);
      for (const [name, value] of response.headers) res.append(name, value);
      res.set("X-Page-Cache", "miss");
      const kept = key && req.method === "GET" ? await pageCache.keep(key, response) : undefined;
      if (kept) res.end(kept.body);
      else if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      next(error);
    }
  };
}
