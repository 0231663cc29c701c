/**
 * The editing service for a team (`npm run edit:service`; docs/deploy.md, "The editing service for
 * a team"; decision 10): the same screen as `npm run edit`, on a clone of the site's repository of its
 * own, behind the agency's sign-in (auth.ts). Each save is the same one save as `npm run edit`'s
 * (edit/server/save-request.ts), with the service's guard (save-guard.ts: refused with 409 when her
 * screen's copy of a file is out of date, her version kept on a branch) and git as its landing
 * (git-landing.ts: one commit by its author, pushed, through git-store.ts). The editing app
 * (edit/app/: the views, Recent saves) answers the rest of /edit/, given the signed-in editor
 * (edit/server/editing-context.ts), and the sign-in's pages under /auth/, given the sign-in alone. The preview is the site's own production server on that clone
 * (edit/server/preview-site.ts), shown at this origin for every other path.
 */
import { existsSync } from "node:fs";
import { symlink } from "node:fs/promises";
import { type IncomingMessage, request as forward, type ServerResponse } from "node:http";
import path from "node:path";

import { settingsIfSet } from "#media-publish/settings.ts";
import { editingScreen, refuseFraming } from "#edit/server/edit-server.ts";
import { keystaticRoute } from "#edit/server/keystatic-api.ts";
import { textAnswer } from "#edit/http/answers.ts";
import { fromElsewhere, fromElsewhereRefused } from "#edit/http/origin-check.ts";
import { editingServer } from "#edit/http/request-body.ts";
import { mayLand } from "#edit/server/save-paths.ts";
import { previewSite } from "#edit/server/preview-site.ts";
import { saveLog } from "#edit/server/save-log.ts";
import { savePipeline } from "#edit/server/save-pipeline.ts";
import { saveQueue } from "#edit/server/save-queue.ts";
import { saveRequests } from "#edit/server/save-request.ts";
import { entryOfSubject } from "#edit/server/save-subject.ts";
import { createAuth, type Editor } from "./auth.ts";
import { type Author, gitStore } from "./git-store.ts";
import { gitLanding } from "./git-landing.ts";
import { watchPushedSaves } from "./live-check.ts";
import { screenViews, serviceGuard } from "./save-guard.ts";
import { editingApp, sendAnswer } from "#edit/http/editing-app.ts";
import { loadContextOf } from "#edit/server/editing-context.ts";
import { AUTH_PATHS, EDITING_APP_PREFIXES } from "#edit/views/editing-paths.ts";
import { listedSaves } from "./recent-saves.ts";
import { routeOf } from "./service-routes.ts";
import type { ServiceSettings } from "./settings.ts";

export { SERVICE_ROUTES } from "./service-routes.ts";

/** Saves Recent saves lists, newest first: a team's day. */
const SAVES_LISTED = 30;

export interface EditService {
  url: string;
  stop(): Promise<void>;
}

/** Starts the service with `settings` (settings.ts); `serviceRoot` is this project's folder, whose node_modules the clone uses. */
export async function startEditService(
  settings: ServiceSettings,
  serviceRoot: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<EditService> {
  const bucket = settingsIfSet(env);
  const checkout = path.join(settings.data, "site");
  const publicHost = new URL(settings.publicUrl).host;
  const committer: Author = {
    name: "Editing service",
    email: `editing-service@${new URL(settings.publicUrl).hostname}`,
  };
  const git = gitStore({
    dir: checkout,
    remote: settings.repo,
    branch: settings.branch,
    committer,
    // With a bucket, the media are there and only the manifest names them; without, they are committed.
    mayLand: (file) => mayLand(file, { outputs: bucket === undefined }),
  });
  await git.open();
  await git.sync();
  if (!existsSync(path.join(checkout, "node_modules")))
    await symlink(path.join(serviceRoot, "node_modules"), path.join(checkout, "node_modules"));

  const auth = await createAuth(settings);
  // The editing app as this project's code has it (built with the service: `npm run build:edit-service`).
  const app = await editingApp(serviceRoot, EDITING_APP_PREFIXES);
  // The figures come from the store the site's settings name, read as from this project's folder, not the clone.
  const screen = await editingScreen(checkout, settings.publicUrl, {
    analyticsRoot: serviceRoot,
    env,
    mediaInBucket: bucket !== undefined,
  });
  // The branch's last commit, which holds every save that has landed, and no film's half.
  const follow = { branch: settings.branch, folder: path.join(settings.data, "preview"), serviceRoot };
  const preview = previewSite({ checkout, port: settings.port + 1, env, follow });
  const views = screenViews(git);
  const lock = saveQueue();
  const saves = saveLog();
  // With EDIT_SITE_URL, each pushed save is followed to the public site until it is live there.
  const site =
    settings.siteUrl === undefined
      ? undefined
      : watchPushedSaves(settings.siteUrl, saves.landed, {
          dir: checkout,
          committer,
          lock,
          siteToken: settings.siteToken,
        });
  const lands = savePipeline({
    root: checkout,
    landing: gitLanding({ checkout, branch: settings.branch, git }),
    lock,
    bucket,
    // Under EDIT_DATA, beside the clone: a save a stop interrupted is taken up when the service starts.
    journal: path.join(settings.data, "saves"),
    changed: () => screen.statuses.changed(),
    landed: () => {
      preview.rebuild();
      site?.wake();
    },
  });

  const save = saveRequests({ root: checkout, lock, log: saves, pipeline: lands, listing: () => screen.listing() });
  const guard = {
    git,
    checkout,
    views,
    pending: lands.pending,
    synced() {
      screen.statuses.changed();
      preview.rebuild();
    },
  };

  /** Keystatic's API for `editor`: a save checked, under the lock, against the clone as the remote has it and what her screen was given. */
  const keystaticFor = (editor: Editor) => {
    const author: Author = { name: editor.name, email: editor.email };
    return keystaticRoute({
      keystatic: screen.keystatic,
      save: (request) => save(request, author, serviceGuard(guard, author, editor.sessionId)),
      // The listing her screen now shows: a save is checked against it.
      listed: (answer) => views.given(editor.sessionId, answer),
    });
  };

  /** Any other page: the preview, the site's production server on the clone, as this origin. */
  function showPreview(request: IncomingMessage, response: ServerResponse) {
    const { cookie: _session, ...headers } = request.headers;
    const { hostname, port } = new URL(preview.origin);
    const asked = forward({ host: hostname, port, method: request.method, path: request.url, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    asked.on("error", () => {
      if (!response.headersSent)
        void sendAnswer(response, textAnswer(502, "The preview is being built; reload in a moment."));
    });
    request.pipe(asked);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    refuseFraming(response);
    // A page elsewhere that reaches the service under another name (DNS rebinding) gets nothing.
    if (request.headers.host !== publicHost) return sendAnswer(response, textAnswer(421, "Misdirected Request"));
    const url = new URL(request.url ?? "/", settings.publicUrl);
    // The sign-in's own routes, which need no session: the app's, given the sign-in and nobody editing.
    if (url.pathname.startsWith(AUTH_PATHS.prefix)) return app.serve(request, response, url, loadContextOf({ auth }));
    const route = routeOf(url.pathname);
    const editor = auth.editorOf(request);
    if (!editor) return sendAnswer(response, auth.refuse(request, url, route.kind === "api"));
    if (fromElsewhere(request, [settings.publicUrl], true)) return sendAnswer(response, fromElsewhereRefused());
    if (!app.owns(url.pathname)) return showPreview(request, response);
    const context = loadContextOf({
      editor: { name: editor.name, email: editor.email },
      screen: screen.page,
      uploads: (request) => screen.uploads(request, editor.email),
      keystatic: keystaticFor(editor),
      entryStatus: (entry) => screen.statuses.of(entry, saves.statusOf(editor.email)),
      signOut: AUTH_PATHS.signOut,
      views: screen.views,
      links: screen.links,
      recentSaves: async () => listedSaves(await git.recentSaves(SAVES_LISTED), saves.unlanded(), saves.landed()),
      auth,
    });
    await app.serve(request, response, url, context);
  }

  // Bounded in time, a slice of a film on a slow line within it; a 401 closes the connection, its body unread.
  const server = editingServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) void sendAnswer(response, textAnswer(500, "Internal Server Error"));
    });
  });
  // The saves the last run pushed are followed to the public site again (oldest first, before those it left
  // unpushed): after a restart, Recent saves and each author's status say what the site shows, not only "pushed".
  if (site) {
    const pushed = (await git.recentSaves(SAVES_LISTED)).filter(({ state }) => state === "pushed").reverse();
    for (const { author, subject, date, commit } of pushed)
      saves.add(author, entryOfSubject(subject), date, { step: "pushed", commit });
    site.wake();
  }
  // Before any new save: those the last run left (unpushed, or interrupted) keep their place in line.
  await lands.resume(saves);
  await new Promise<void>((resolve) => server.listen(settings.port, settings.host, resolve));
  preview.rebuild();
  return {
    url: settings.publicUrl,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      lands.stop();
      site?.stop();
      await preview.stop();
      await screen.close();
      auth.close();
    },
  };
}
