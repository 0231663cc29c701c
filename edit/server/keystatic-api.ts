/**
 * Keystatic's API (/api/keystatic/…) as both screens answer it, through the editing app's route
 * (edit/app/routes/api.keystatic.$.ts): a save goes to the one save (save-request.ts), however its
 * path is spelt; the rest to Keystatic's local API on the working copy, its listing made by git.
 */
import { makeGenericAPIRouteHandler } from "@keystatic/core/api/generic";

import config from "#edit/keystatic.config.ts";
import { textAnswer } from "#edit/http/answers.ts";
import { boundedBody } from "#edit/http/request-body.ts";
import { workingTree } from "./working-tree.ts";

/** Keystatic's local API, as makeGenericAPIRouteHandler makes it. */
export type KeystaticApi = ReturnType<typeof makeGenericAPIRouteHandler>;
export type KeystaticAnswer = Awaited<ReturnType<KeystaticApi>>;

/**
 * The largest body the screen's API takes: an entry's text, a reel's captions. Films and pictures
 * are streamed before the save (upload-stream.ts), so a body past this is refused, unread.
 */
export const MAX_SAVE_BYTES = 1024 * 1024;

/**
 * What Keystatic's local API acts on at `pathname`, read as its handler reads it
 * (makeGenericAPIRouteHandler's getParams: the prefix off, each segment decoded, empty ones dropped),
 * so that `/api/keystatic//%75pdate/` is as much its save as `/api/keystatic/update`. Undefined for a
 * segment that does not decode, on which the handler would throw.
 */
function keystaticAction(pathname: string): string | undefined {
  const segments = pathname.replace(/^\/api\/keystatic\/?/, "").split("/");
  try {
    return segments
      .map((segment) => decodeURIComponent(segment))
      .filter(Boolean)
      .join("/");
  } catch {
    return undefined;
  }
}

/** Where a request under /api/keystatic/ goes: the save gate, the listing, the rest of Keystatic's API, or a 400. */
export type KeystaticRoute = "save" | "listing" | "api" | "malformed";

/** The route of `pathname`, decided on the path Keystatic itself would act on, however it is spelt. */
export function keystaticRouteOf(pathname: string): KeystaticRoute {
  const action = keystaticAction(pathname);
  if (action === undefined) return "malformed";
  return action === "update" ? "save" : action === "tree" ? "listing" : "api";
}

/**
 * Keystatic's local API on the working copy at `root`, its listing made by git where it is a repository
 * (working-tree.ts). Its own save is never reached, however the path is spelt: a save is the gate's
 * (save-request.ts), which the servers route to by keystaticRouteOf.
 */
export function localKeystaticApi(root: string): KeystaticApi {
  const generic = makeGenericAPIRouteHandler({ config, localBaseDirectory: root });
  return async (request) => {
    const route = keystaticRouteOf(new URL(request.url).pathname);
    if (route === "malformed") return { status: 400, body: "Bad Request" };
    if (route === "save") return { status: 404, body: "Not Found" };
    if (route !== "listing" || request.method !== "GET" || request.headers.get("no-cors") !== "1")
      return generic(request);
    const entries = await workingTree(root).catch(() => undefined);
    if (entries === undefined) return generic(request);
    return { status: 200, headers: { "content-type": "application/json" }, body: JSON.stringify(entries) };
  };
}

/** Keystatic's answer as a Fetch response (the app's adapter sends it on never cached). */
export const keystaticResponse = ({ status, headers, body }: KeystaticAnswer) =>
  new Response(typeof body === "string" || body === null ? body : new Uint8Array(body), {
    status: status ?? 200,
    headers,
  });

export interface KeystaticRouteOptions {
  /** Keystatic's local API on the screen's working copy (localKeystaticApi). */
  keystatic: KeystaticApi;
  /** A save, answered by the one save (save-request.ts's answer, with the screen's editor and guard). */
  save(request: Request): Promise<Response>;
  /** The listing her screen is now given (the service checks a save against it). */
  listed?(answer: KeystaticAnswer): Promise<void>;
}

/** Answers a request under /api/keystatic/ for one editor: a save, or Keystatic's own answer. */
export function keystaticRoute({ keystatic, save, listed }: KeystaticRouteOptions) {
  return async (request: Request): Promise<Response> => {
    const route = keystaticRouteOf(new URL(request.url).pathname);
    if (route === "malformed") return textAnswer(400, "Bad Request");
    if (route === "save") return save(request);
    const { method, headers, url } = request;
    const body = method === "POST" ? await boundedBody(request, MAX_SAVE_BYTES) : undefined;
    if (method === "POST" && body === undefined) return textAnswer(413, "Payload Too Large");
    const answer = await keystatic(new Request(url, { method, headers, body: body && new Uint8Array(body) }));
    if (route === "listing" && answer.status === 200) await listed?.(answer);
    return keystaticResponse(answer);
  };
}
