/**
 * `npm run edit`'s server: the screen for one person on one machine, writing this working copy, so
 * on the loopback only and to a Host naming it (a page elsewhere that reaches it under another name,
 * DNS rebinding, gets nothing). Each save is save-request.ts's, as the team's service's, landed in
 * its working copy (save-landing.ts); beside it, the preview, the site's production server on
 * this working copy (preview-site.ts), rebuilt after each save. With EDIT_SITE_URL, each save is then
 * followed to the public site until it shows it (local-live.ts). The editing app's pages (the views)
 * are given the single editor and this working copy's figures (editing-context.ts).
 */
import { settingsIfSet } from "#media-publish/settings.ts";
import { watchSavedFiles } from "./local-live.ts";
import { redirect } from "@remix-run/node";

import { textAnswer } from "#edit/http/answers.ts";
import { editingApp, sendAnswer } from "#edit/http/editing-app.ts";
import { EDITING_APP_PREFIXES, SCREEN_PATH } from "#edit/views/editing-paths.ts";
import { loadContextOf } from "./editing-context.ts";
import { editingScreen, refuseFraming } from "./edit-server.ts";
import { keystaticRoute } from "./keystatic-api.ts";
import { previewSite } from "./preview-site.ts";
import { fromElsewhere, fromElsewhereRefused } from "#edit/http/origin-check.ts";
import { editingServer } from "#edit/http/request-body.ts";
import { type Author, saveLog } from "./save-log.ts";
import { savePipeline } from "./save-pipeline.ts";
import { saveQueue } from "./save-queue.ts";
import { saveRequests } from "./save-request.ts";
import { siteOriginIfSet } from "./site-health.ts";

export interface EditServerOptions {
  /** The project whose app/content/ and media/ are edited, and whose editing app (edit/build/, `npm run build:edit`) is served. */
  root: string;
  port: number;
  /** Where the preview listens, on the loopback; none for a screen without one (the views' tests). */
  previewPort?: number;
  env?: NodeJS.ProcessEnv;
}

const LOOPBACK = "127.0.0.1";

/** The single editor, owner of every upload and author of every save on her own machine. */
const LOCAL_EDITOR: Author = { name: "You", email: "local" };

export async function startEditServer({ root, port, previewPort, env = process.env }: EditServerOptions) {
  const preview = previewPort === undefined ? undefined : previewSite({ checkout: root, port: previewPort, env });
  const bucket = settingsIfSet(env);
  const screen = await editingScreen(root, preview?.origin ?? "", { mediaInBucket: bucket !== undefined });
  const app = await editingApp(root, EDITING_APP_PREFIXES);
  const hosts = new Set([`${LOOPBACK}:${port}`, `localhost:${port}`]);
  const origins = [...hosts].map((host) => `http://${host}`);
  const lock = saveQueue();
  const saves = saveLog();
  const siteUrl = siteOriginIfSet(env);
  const site = siteUrl === undefined ? undefined : watchSavedFiles(siteUrl, root, saves.landed);
  const pipeline = savePipeline({
    root,
    lock,
    bucket,
    changed: () => screen.statuses.changed(),
    landed: () => {
      preview?.rebuild();
      site?.wake();
    },
  });

  /** A save, answered as Keystatic's own API answers one (the working copy's listing), or refused. */
  const update = saveRequests({
    root,
    lock,
    log: saves,
    pipeline,
    listing: () => screen.listing(),
    recorded: (record, files) => site?.follow(record, files),
  });

  const context = loadContextOf({
    editor: LOCAL_EDITOR,
    screen: screen.page,
    uploads: (request) => screen.uploads(request, LOCAL_EDITOR.email),
    keystatic: keystaticRoute({ keystatic: screen.keystatic, save: (request) => update(request, LOCAL_EDITOR) }),
    entryStatus: (entry) => screen.statuses.of(entry, saves.statusOf(LOCAL_EDITOR.email)),
    views: screen.views,
    links: screen.links,
  });

  const server = editingServer((request, response) => {
    const url = new URL(request.url ?? "/", `http://${LOOPBACK}:${port}`);
    refuseFraming(response);
    const handle = async () => {
      if (!hosts.has(request.headers.host ?? "")) return sendAnswer(response, textAnswer(421, "Misdirected Request"));
      if (fromElsewhere(request, origins, false)) return sendAnswer(response, fromElsewhereRefused());
      if (app.owns(url.pathname)) return app.serve(request, response, url, context);
      await sendAnswer(response, redirect(SCREEN_PATH));
    };
    handle().catch((error: unknown) => {
      console.error(error);
      // The editor's own machine: she is told what went wrong.
      if (!response.headersSent)
        void sendAnswer(response, textAnswer(500, error instanceof Error ? error.message : String(error)));
    });
  });
  server.on("close", () => {
    site?.stop();
    void Promise.all([screen.close(), preview?.stop()]);
  });
  await new Promise<void>((resolve) => server.listen(port, LOOPBACK, resolve));
  preview?.rebuild();
  return { server, preview };
}
