/**
 * The editing instance's server, apart from the public site: Keystatic's screen and its local API
 * (which reads and writes the working copy, so it answers only on the loopback interface and to a
 * Host naming it). Each save is applySave's (apply-save.ts): checked, written, its uploads filed,
 * its media made and the content compiled (site-update.ts). The team's service (edit/service/)
 * serves the same screen through editingScreen() below, with sign-in and git around each save.
 * Beside the screen, the views page (edit/views/): the public site's figures, read from its store.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";

import { makeGenericAPIRouteHandler } from "@keystatic/core/api/generic";

import config from "#edit/keystatic.config.ts";
import { PREVIEW_META } from "#edit/preview.ts";
import { isUploadToken } from "#edit/upload-names.ts";
import { MAX_UPLOAD_BYTES, type MediaBuild, STAGED_DIR, STAGED_UPLOAD_LIFETIME_MS } from "#edit/upload-rules.ts";
import { viewsContent } from "#edit/views/views-content.ts";
import { viewsRoutes, VIEWS_PATHS } from "#edit/views/views-routes.ts";
import { analyticsStore } from "#edit/views/views-store.ts";
import { applySave, type SaveOutcome } from "./apply-save.ts";
import { entryStatuses } from "./entry-status.ts";
import { type Save, saveShape } from "./save-gate.ts";
import { screenBundle } from "./screen-bundle.ts";
import { siteUpdater } from "./site-update.ts";
import { answerUpload, cleanStaleParts, receiveUpload, uploadOffset } from "./upload-stream.ts";

export interface EditServerOptions {
  /** The project whose app/content/ and media/ are edited. */
  root: string;
  port: number;
  /** The site in development mode, which the screen's Preview opens. */
  previewOrigin: string;
}

const LOOPBACK = "127.0.0.1";

/** Keystatic's local API, as makeGenericAPIRouteHandler makes it. */
export type KeystaticApi = ReturnType<typeof makeGenericAPIRouteHandler>;
export type KeystaticAnswer = Awaited<ReturnType<KeystaticApi>>;

/** The screen's page: never cached, so each visit names the script this start bundled (screen-bundle.ts). */
const page = (previewOrigin: string, script: string, banner: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="${PREVIEW_META}" content="${previewOrigin}">
<title>Roster — editing</title>
<script type="module" src="${script}"></script>
</head>
<body>${banner}<div id="root"></div></body>
</html>`;

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A save as Keystatic's local API takes one: a POST of JSON with a header a page elsewhere cannot
 * send without asking first (no-cors), so no other site can save through a visitor's browser.
 */
export async function saveOf(request: IncomingMessage): Promise<Save | undefined> {
  const { method, headers } = request;
  if (method !== "POST" || headers["no-cors"] !== "1" || headers["content-type"] !== "application/json")
    return undefined;
  const body = (await bodyOf(request)).toString("utf8");
  try {
    const parsed = saveShape.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A refused save in the screen's words: what was wrong, a line each, under a line that says so. */
export function refusal({ status, problems }: Exclude<SaveOutcome, { status: 200 }>): string {
  const heading =
    status === 400
      ? "Bad Request"
      : `Not saved: the content check found ${problems.length === 1 ? "a problem" : "problems"}.`;
  return [heading, ...problems].join("\n");
}

export function send(
  response: ServerResponse,
  status: number,
  body: string | Uint8Array,
  type = "text/plain; charset=utf-8",
) {
  response.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  response.end(body);
}

/** Sends Keystatic's answer on as it gave it, but never cached. */
export function relay(response: ServerResponse, answer: KeystaticAnswer) {
  for (const [name, value] of new Headers(answer.headers)) response.setHeader(name, value);
  response.setHeader("cache-control", "no-store");
  response.writeHead(answer.status ?? 200);
  response.end(answer.body);
}

/** The single editor's way to the views page, in a corner of the screen (the team's service has its own banner). */
const VIEWS_BANNER = `<a href="${VIEWS_PATHS.page}" style="position:fixed;right:8px;bottom:8px;z-index:1000;padding:6px 10px;font:13px system-ui,sans-serif;background:#fff;color:#06c;border:1px solid #ccc;border-radius:6px">Views</a>`;

/**
 * The screen's own routes on a working copy, for the single editor's server below and the team's
 * service. The views read the analytics store that `env` names (the site's settings), its relative
 * paths from `analyticsRoot`.
 */
export async function editingScreen(
  root: string,
  previewOrigin: string,
  { analyticsRoot = root, env = process.env }: { analyticsRoot?: string; env?: NodeJS.ProcessEnv } = {},
) {
  const [screen, viewsScript] = await Promise.all([
    screenBundle(root),
    screenBundle(root, "edit/views/views-page-script.ts", "views"),
  ]);
  const views = viewsRoutes({
    content: () => viewsContent(root),
    open: analyticsStore(env, analyticsRoot),
    script: viewsScript,
  });
  const keystatic = makeGenericAPIRouteHandler({ config, localBaseDirectory: root });
  const statuses = entryStatuses(root);
  const staged = path.join(root, STAGED_DIR);
  // Files chosen but never saved: kept a day, for a save that comes late.
  const sweep = () => cleanStaleParts(staged, STAGED_UPLOAD_LIFETIME_MS).catch(() => []);
  void sweep();
  setInterval(() => void sweep(), STAGED_UPLOAD_LIFETIME_MS / 24).unref();

  return {
    keystatic,
    statuses,
    /** Closes what the screen opened: the analytics store, if the views page was asked for. */
    close: () => views.close(),
    /** The working copy's listing, as Keystatic answers it; a file the media build is replacing mid-listing (ENOENT) is asked again. */
    async listing(): Promise<KeystaticAnswer> {
      const ask = () => keystatic(new Request("http://edit/api/keystatic/tree", { headers: { "no-cors": "1" } }));
      return ask().catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        return ask();
      });
    },
    /**
     * Answers the screen's page and the views page (with `banner` above each), their scripts, the
     * views' figures, an entry's status and the streamed uploads; false for any other path.
     */
    async serve(
      request: IncomingMessage,
      response: ServerResponse,
      url: URL,
      { build, banner = "" }: { build: MediaBuild; banner?: string },
    ): Promise<boolean> {
      if (await views.serve(request, response, url, banner)) return true;
      if (url.pathname === screen.path) screen.send(request, response);
      else if (url.pathname === "/edit/api/status") {
        const status = statuses.of(url.searchParams.get("entry") ?? "", build);
        send(response, 200, JSON.stringify(status), "application/json");
      } else if (url.pathname.startsWith("/edit/api/uploads/")) {
        const token = url.pathname.slice("/edit/api/uploads/".length);
        if (!isUploadToken(token)) send(response, 404, "Not Found");
        else if (request.method === "HEAD")
          answerUpload(response, { status: 200, bytes: await uploadOffset(path.join(staged, token)) });
        else
          answerUpload(
            response,
            await receiveUpload(request, path.join(staged, token), { maxBytes: MAX_UPLOAD_BYTES, root: staged }),
          );
      } else if (url.pathname === "/keystatic" || url.pathname.startsWith("/keystatic/"))
        send(response, 200, page(previewOrigin, screen.path, banner), "text/html; charset=utf-8");
      else return false;
      return true;
    },
  };
}

/** The screen for one person on one machine: on the loopback only, for it writes this working copy (a team's: edit/service/). */
export async function startEditServer({ root, port, previewOrigin }: EditServerOptions) {
  const screen = await editingScreen(root, previewOrigin);
  const site = siteUpdater(root, { mediaMade: screen.statuses.changed });
  const hosts = new Set([`${LOOPBACK}:${port}`, `localhost:${port}`]);

  /** A save: applySave's, answered as Keystatic's own API answers one (the working copy's listing), or refused. */
  async function update(request: IncomingMessage, response: ServerResponse) {
    const save = await saveOf(request);
    if (save === undefined) return send(response, 400, "Bad Request");
    const outcome = await applySave(root, save, site);
    if (outcome.status !== 200) return send(response, outcome.status, refusal(outcome));
    screen.statuses.changed();
    relay(response, await screen.listing());
  }

  async function api(request: IncomingMessage, url: URL, response: ServerResponse) {
    if (url.pathname === "/api/keystatic/update") return update(request, response);
    const body = request.method === "POST" ? await bodyOf(request) : undefined;
    const headers = request.headers as Record<string, string>;
    const asked = new Request(url, { method: request.method, headers, body: body && new Uint8Array(body) });
    relay(response, await screen.keystatic(asked));
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", `http://${LOOPBACK}:${port}`);
    // A page elsewhere that reaches the working copy's API under another name (DNS rebinding) gets nothing.
    if (!hosts.has(request.headers.host ?? "")) return send(response, 421, "Misdirected Request");
    const handle = async () => {
      if (url.pathname.startsWith("/api/keystatic/")) return api(request, url, response);
      if (!(await screen.serve(request, response, url, { build: site.build(), banner: VIEWS_BANNER })))
        response.writeHead(302, { location: "/keystatic" }).end();
    };
    handle().catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) send(response, 500, error instanceof Error ? error.message : String(error));
    });
  });
  server.on("close", () => void screen.close());
  await new Promise<void>((resolve) => server.listen(port, LOOPBACK, resolve));
  return server;
}
