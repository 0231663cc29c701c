/**
 * The editing instance's server, apart from the public site: Keystatic's screen and its local API
 * (which reads and writes the working copy, so it answers only on the loopback interface and to a
 * Host naming it). Each save is applySave's (apply-save.ts): checked, written, its uploads filed,
 * its media made and the content compiled (site-update.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

import { makeGenericAPIRouteHandler } from "@keystatic/core/api/generic";

import config from "#edit/keystatic.config.ts";
import { storage } from "#edit/storage.ts";
import { PREVIEW_META } from "#edit/preview.ts";
import { applySave, type SaveOutcome } from "./apply-save.ts";
import { entryStatuses } from "./entry-status.ts";
import { type Save, saveShape } from "./save-gate.ts";
import { screenBundle } from "./screen-bundle.ts";
import { siteUpdater } from "./site-update.ts";

export interface EditServerOptions {
  /** The project whose app/content/ and media/ are edited. */
  root: string;
  port: number;
  /** Another interface than the loopback: only in GitHub mode, where the API never touches the working copy. */
  host?: string;
  /** The site in development mode, which the screen's Preview opens. */
  previewOrigin: string;
}

const LOOPBACK = "127.0.0.1";

/** The screen's page: never cached, so each visit names the script this start bundled (screen-bundle.ts). */
const page = (previewOrigin: string, script: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="${PREVIEW_META}" content="${previewOrigin}">
<title>Roster — editing</title>
<script type="module" src="${script}"></script>
</head>
<body><div id="root"></div></body>
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
async function saveOf(request: IncomingMessage): Promise<Save | undefined> {
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
function refusal({ status, problems }: Exclude<SaveOutcome, { status: 200 }>): string {
  const heading =
    status === 400
      ? "Bad Request"
      : `Not saved: the content check found ${problems.length === 1 ? "a problem" : "problems"}.`;
  return [heading, ...problems].join("\n");
}

function send(response: ServerResponse, status: number, body: string | Uint8Array, type = "text/plain; charset=utf-8") {
  response.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  response.end(body);
}

export async function startEditServer({ root, port, previewOrigin, host = LOOPBACK }: EditServerOptions) {
  if (host !== LOOPBACK && storage.kind === "local")
    throw new Error(
      "the editing screen writes this working copy: it listens on 127.0.0.1 only (see docs/deploy.md for a team)",
    );
  const screen = await screenBundle(root);
  const keystatic = makeGenericAPIRouteHandler({ config, localBaseDirectory: root });
  const statuses = entryStatuses(root);
  const site = siteUpdater(root, { mediaMade: statuses.changed });
  const hosts = new Set([`${LOOPBACK}:${port}`, `localhost:${port}`]);

  async function api(request: IncomingMessage, url: URL, response: ServerResponse) {
    // In GitHub mode the screen saves to GitHub itself: the working copy is never written.
    if (storage.kind === "local" && url.pathname === "/api/keystatic/update") return update(request, url, response);
    const body = request.method === "POST" ? await bodyOf(request) : undefined;
    const headers = request.headers as Record<string, string>;
    const asked = new Request(url, { method: request.method, headers, body: body && new Uint8Array(body) });
    relay(response, await keystatic(asked));
  }

  /** A save: applySave's, answered as Keystatic's own API answers one (the working copy's listing), or refused. */
  async function update(request: IncomingMessage, url: URL, response: ServerResponse) {
    const save = await saveOf(request);
    if (save === undefined) return send(response, 400, "Bad Request");
    const outcome = await applySave(root, save, site);
    if (outcome.status !== 200) return send(response, outcome.status, refusal(outcome));
    statuses.changed();
    // A file the media build is replacing at that moment vanishes mid-listing (ENOENT): asked again.
    const listing = () => keystatic(new Request(new URL("/api/keystatic/tree", url), { headers: { "no-cors": "1" } }));
    relay(
      response,
      await listing().catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        return listing();
      }),
    );
  }

  /** Sends Keystatic's answer on as it gave it, but never cached. */
  function relay(response: ServerResponse, answer: Awaited<ReturnType<typeof keystatic>>) {
    const headers = new Headers(answer.headers);
    for (const [name, value] of headers) if (name !== "set-cookie") response.setHeader(name, value);
    // GitHub mode signs in with several cookies: each its own header.
    if (headers.getSetCookie().length > 0) response.setHeader("set-cookie", headers.getSetCookie());
    response.setHeader("cache-control", "no-store");
    response.writeHead(answer.status ?? 200);
    response.end(answer.body);
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", `http://${LOOPBACK}:${port}`);
    // A page elsewhere that reaches the working copy's API under another name (DNS rebinding) gets nothing.
    if (storage.kind === "local" && !hosts.has(request.headers.host ?? ""))
      return send(response, 421, "Misdirected Request");
    const handle = async () => {
      if (url.pathname.startsWith("/api/keystatic/")) return api(request, url, response);
      if (url.pathname === screen.path) return screen.send(request, response);
      if (url.pathname === "/edit/api/status") {
        const status = statuses.of(url.searchParams.get("entry") ?? "", site.build());
        return send(response, 200, JSON.stringify(status), "application/json");
      }
      if (url.pathname === "/keystatic" || url.pathname.startsWith("/keystatic/"))
        return send(response, 200, page(previewOrigin, screen.path), "text/html; charset=utf-8");
      response.writeHead(302, { location: "/keystatic" }).end();
    };
    handle().catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) send(response, 500, error instanceof Error ? error.message : String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return server;
}
