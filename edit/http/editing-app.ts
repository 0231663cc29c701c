/**
 * The editing app (edit/app/, built by `npm run build:edit` into edit/build/) as both screens' servers
 * mount it: its server build loaded once, each request handed to Remix's request handler with the
 * load context the screen gives it, its answer sent on never cached; its browser assets served from
 * the build, kept for good (their names carry their content's hash). The servers' own headers
 * (framing refused) and checks (Host, Origin, sign-in) come before, as for every other path.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";

import {
  type AppLoadContext,
  createReadableStreamFromReadable,
  createRequestHandler,
  type ServerBuild,
  writeReadableStreamToWritable,
} from "@remix-run/node";

import config from "#edit/remix/remix.config.mjs";
import { textAnswer } from "./answers.ts";

/** Where the build's values are relative to: the folder `remix build` is given. */
const CONFIG_DIR = "edit/remix";

/** The types a Remix build's assets are served as; any other file there is not the browser's. */
const ASSET_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json",
};

export interface EditingApp {
  /** Whether `pathname` is the app's: its pages and APIs, and its assets. */
  owns(pathname: string): boolean;
  /** Answers the request with the app (an asset, or Remix's answer given `context`). */
  serve(request: IncomingMessage, response: ServerResponse, url: URL, context: AppLoadContext): Promise<void>;
}

/** The Fetch request Remix is given: the path and query on `url`'s origin, the headers as sent, the body streamed. */
export function fetchRequest(request: IncomingMessage, response: ServerResponse, url: URL): Request {
  const headers = new Headers();
  for (let i = 0; i < request.rawHeaders.length; i += 2)
    headers.append(request.rawHeaders[i], request.rawHeaders[i + 1]);
  const controller = new AbortController();
  // "close" also follows a finished answer: only a client that left before its end aborts the work.
  response.on("close", () => {
    if (!response.writableFinished) controller.abort();
  });
  const method = request.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(url, {
    method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(request), duplex: "half" } : {}),
  });
}

/**
 * Remix's answer, its headers as given (each Set-Cookie its own), never cached. A header the app sets takes the
 * place of the screen's of that name: a sign-in page's Content-Security-Policy, stricter than the screen's.
 */
export async function sendAnswer(response: ServerResponse, answer: Response) {
  for (const [name, value] of answer.headers)
    if (name === "set-cookie") response.appendHeader(name, value);
    else response.setHeader(name, value);
  // Never cached, but where the route says otherwise (the screen's script, named by its content's hash).
  if (!answer.headers.has("cache-control")) response.setHeader("cache-control", "no-store");
  // A route's own reason phrase where it gives one, else Node's for the status ("Not Found").
  response.writeHead(answer.status, answer.statusText || undefined);
  if (answer.body) await writeReadableStreamToWritable(answer.body, response);
  else response.end();
}

/** A file of the browser's build, or false when there is none at that path. */
async function sendAsset(response: ServerResponse, assets: string, pathname: string, head: boolean): Promise<boolean> {
  let file: string;
  try {
    file = path.join(assets, decodeURIComponent(pathname.slice(config.publicPath.length)));
  } catch {
    return false;
  }
  const type = ASSET_TYPES[path.extname(file)];
  if (!type || !file.startsWith(`${assets}${path.sep}`)) return false;
  const found = await stat(file).catch(() => undefined);
  if (!found?.isFile()) return false;
  response.writeHead(200, {
    "content-type": type,
    "content-length": found.size,
    "cache-control": "public, max-age=31536000, immutable",
  });
  if (head) response.end();
  else createReadStream(file).pipe(response);
  return true;
}

/**
 * The app built in the project at `root` (edit/build/), or an error saying how to build it. `prefixes`
 * are the paths the screens hand to it.
 */
export async function editingApp(root: string, prefixes: readonly string[]): Promise<EditingApp> {
  const from = path.join(root, CONFIG_DIR);
  const serverBuild = path.resolve(from, config.serverBuildPath);
  const assets = path.resolve(from, config.assetsBuildDirectory);
  const build = (await import(pathToFileURL(serverBuild).href).catch((error: unknown) => {
    throw new Error(`The editing app is not built (${serverBuild}): run \`npm run build:edit\`.`, { cause: error });
  })) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  return {
    owns: (pathname) => [config.publicPath, ...prefixes].some((prefix) => pathname.startsWith(prefix)),
    async serve(request, response, url, context) {
      const head = request.method === "HEAD";
      if (url.pathname.startsWith(config.publicPath)) {
        if ((request.method === "GET" || head) && (await sendAsset(response, assets, url.pathname, head))) return;
        return sendAnswer(response, textAnswer(404, "Not Found"));
      }
      let answer: Response;
      try {
        answer = await handle(fetchRequest(request, response, url), context);
      } catch (error) {
        // A client that left: the work it asked for was aborted, and there is nobody to answer.
        if (response.destroyed) return;
        throw error;
      }
      if (!response.destroyed) await sendAnswer(response, answer);
    },
  };
}
