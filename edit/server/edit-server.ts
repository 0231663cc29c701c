/**
 * The editing instance's server, apart from the public site: Keystatic's screen and its local API
 * (which reads and writes the working copy, so it answers only on the loopback interface and to a
 * Host naming it), each save checked first (save-gate.ts), then its uploads filed and their media
 * made (upload-slots.ts, media-build.ts).
 */
import { spawn } from "node:child_process";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";

import { makeGenericAPIRouteHandler } from "@keystatic/core/api/generic";
import { build } from "esbuild";

import { validateContent } from "#content-check/check.ts";
import { readContentFiles } from "#content-check/read.ts";
import config from "#edit/keystatic.config.ts";
import { storage } from "#edit/storage.ts";
import { PREVIEW_META } from "#edit/preview.ts";
import { entryStatus } from "./entry-status.ts";
import { mediaBuilder } from "./media-build.ts";
import { fileCaptions } from "./captions-uploads.ts";
import { checkSave, type Save } from "./save-gate.ts";
import { fileUploads } from "./upload-slots.ts";

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

/** A path Keystatic may name in a save: no "..", no backslash (its own API's rule, applied before the gate reads it). */
const isSafe = (file: string) => !file.includes("\\") && file.split("/").every((part) => part !== "." && part !== "..");

async function bundleScreen(root: string): Promise<Uint8Array> {
  const result = await build({
    entryPoints: [path.join(root, "edit/ui.tsx")],
    bundle: true,
    format: "esm",
    write: false,
    jsx: "automatic",
    minify: true,
    define: {
      "process.env.NODE_ENV": '"production"',
      EDIT_GITHUB_REPO: JSON.stringify(process.env.KEYSTATIC_GITHUB_REPO ?? ""),
    },
    logLevel: "warning",
  });
  return result.outputFiles[0].contents;
}

const page = (previewOrigin: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="${PREVIEW_META}" content="${previewOrigin}">
<title>Roster — editing</title>
<script type="module" src="/edit/screen.js"></script>
</head>
<body><div id="root"></div></body>
</html>`;

function logged(error: unknown): string[] {
  console.error(`the uploads could not be filed: ${error instanceof Error ? error.message : String(error)}`);
  return [];
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
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
  const screen = await bundleScreen(root);
  const keystatic = makeGenericAPIRouteHandler({ config, localBaseDirectory: root });
  // Once the media are made, the content is compiled again: the site in development mode reloads with them.
  const media = mediaBuilder(root, () => {
    spawn(process.execPath, ["--import", "tsx", "scripts/cli/content-build.ts"], { cwd: root, stdio: "inherit" });
  });
  const hosts = new Set([`${LOOPBACK}:${port}`, `localhost:${port}`]);

  async function api(request: IncomingMessage, url: URL, response: ServerResponse) {
    const body = request.method === "POST" ? await bodyOf(request) : undefined;
    let save: Save | undefined;
    if (url.pathname === "/api/keystatic/update" && body) {
      save = JSON.parse(body.toString("utf8")) as Save;
      if (![...save.additions, ...save.deletions].every(({ path: file }) => isSafe(file)))
        return send(response, 400, "Bad Request");
      const checked = await checkSave(root, save);
      if (checked.content === undefined) {
        const problems = checked.problems.join("\n");
        return send(
          response,
          422,
          `Not saved: the content check found ${checked.problems.length === 1 ? "a problem" : "problems"}.\n${problems}`,
        );
      }
    }
    const ask = () =>
      keystatic(
        new Request(url, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: body && new Uint8Array(body),
        }),
      );
    // Keystatic lists the working copy after each save; a file the media build is replacing at that
    // moment vanishes mid-listing (ENOENT). Asking again writes the same files and lists anew.
    const answer = await ask().catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      return ask();
    });
    if (save && answer.status === 200) {
      // The save stands; a source that cannot be filed shows as media not made (entry-status.ts).
      // Captions are content: filed first, as the gate checked them, for the site's watch to recompile.
      await fileCaptions(root).catch(logged);
      const saved = validateContent(readContentFiles(root), { publicDir: null });
      const filled = saved.content ? await fileUploads(root, saved.content).catch(logged) : [];
      if (filled.length > 0 || save.deletions.length > 0) media.request();
    }
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
      if (url.pathname === "/edit/screen.js") return send(response, 200, screen, "text/javascript; charset=utf-8");
      if (url.pathname === "/edit/api/status") {
        const status = entryStatus(root, url.searchParams.get("entry") ?? "", media.status());
        return send(response, 200, JSON.stringify(status), "application/json");
      }
      if (url.pathname === "/keystatic" || url.pathname.startsWith("/keystatic/"))
        return send(response, 200, page(previewOrigin), "text/html; charset=utf-8");
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
