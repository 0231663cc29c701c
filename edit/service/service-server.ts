/**
 * The editing service for a team (`npm run edit:service`; docs/deploy.md, "The editing service for
 * a team"; decision 10): the same screen as `npm run edit`, on a clone of the site's repository of its
 * own, behind the agency's sign-in (auth.ts). Each save is applySave's, wrapped in git (git-store.ts):
 * refused with 409 when her screen's copy of a file is out of date (her version kept on a branch), its
 * media made and published, then one commit by its author, pushed. The preview is the site in
 * development mode on that clone, shown at this origin for every path that is not an editing route.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { rm, symlink } from "node:fs/promises";
import { createServer, type IncomingMessage, request as forward, type ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";

import { CONTENT_DIR } from "#model/content-files.ts";
import { MEDIA_DIR } from "#model/media-paths.ts";
import { failureReport, reasonOf } from "#media-build/failures.ts";
import { isSourceJob, type Job } from "#media-build/kinds.ts";
import { MANIFEST } from "#media-build/manifest.ts";
import { buildMedia } from "#media-build/run.ts";
import { publishMedia } from "#media-publish/publish.ts";
import { readSettings as readBucketSettings, type Settings as BucketSettings } from "#media-publish/settings.ts";
import { applySave } from "#edit/server/apply-save.ts";
import { editingScreen, refusal, relay, saveOf, send } from "#edit/server/edit-server.ts";
import type { Save as ScreenSave } from "#edit/server/save-gate.ts";
import type { MediaBuild } from "#edit/upload-rules.ts";
import { AUTH_PATHS, createAuth, type Editor } from "./auth.ts";
import { type Author, gitStore, type Save as SavedCommit } from "./git-store.ts";
import { saveQueue } from "./save-queue.ts";
import type { ServiceSettings } from "./settings.ts";

const run = promisify(execFile);

/** Methods that change nothing: every other must come from the service's own pages (its Origin). */
const SAFE_METHODS = new Set(["GET", "HEAD"]);

/**
 * The service's routes, each behind sign-in: a page is redirected to it, an API answered 401. The
 * examples are concrete requests of each, for the test that asks every one without a session.
 */
const ROUTES = [
  {
    prefix: "/api/keystatic/",
    kind: "api",
    examples: [
      ["GET", "/api/keystatic/tree"],
      ["GET", "/api/keystatic/blob/0000000000000000000000000000000000000000/app/content/site.yaml"],
      ["POST", "/api/keystatic/update"],
    ],
  },
  { prefix: "/edit/api/saves", kind: "api", examples: [["GET", "/edit/api/saves"]] },
  {
    prefix: "/edit/api/",
    kind: "api",
    examples: [
      ["GET", "/edit/api/status?entry=directors/mira-castell"],
      ["PUT", "/edit/api/uploads/00000000-0000-4000-8000-000000000000.mp4"],
      ["HEAD", "/edit/api/uploads/00000000-0000-4000-8000-000000000000.mp4"],
      ["GET", "/edit/api/views?from=2025-01-01&to=2025-01-07"],
      ["GET", "/edit/api/views.csv?table=shortlists&from=2025-01-01&to=2025-01-07"],
    ],
  },
  { prefix: "/edit/saves", kind: "page", examples: [["GET", "/edit/saves"]] },
  {
    prefix: "/keystatic",
    kind: "page",
    examples: [
      ["GET", "/keystatic"],
      ["GET", "/keystatic/collection/directors/item/mira-castell"],
    ],
  },
  {
    prefix: "/edit/",
    kind: "page",
    examples: [
      ["GET", "/edit/screen.0123456789abcdef.js"],
      ["GET", "/edit/views?from=2025-01-01&to=2025-01-07"],
      ["GET", "/edit/views.0123456789abcdef.js"],
    ],
  },
  { prefix: "/", kind: "page", examples: [["GET", "/artists/directors"]] },
] as const;

type Route = (typeof ROUTES)[number];

export const SERVICE_ROUTES = ROUTES.flatMap(({ kind, examples }) =>
  examples.map(([method, example]) => ({ method, path: example, kind })),
);

const routeOf = (pathname: string): Route => ROUTES.find(({ prefix }) => pathname.startsWith(prefix)) ?? ROUTES[6];

/** What an editor's screen was last given: each file's blob sha in the listing, and the commit then. */
interface View {
  commit: string;
  shas: Map<string, string>;
}

function viewOf(commit: string, listing: string): View {
  const entries = JSON.parse(listing) as { path: string; sha: string; type: string }[];
  return {
    commit,
    shas: new Map(entries.filter(({ type }) => type === "blob").map(({ path: file, sha }) => [file, sha])),
  };
}

const bodyText = (body: unknown): string =>
  typeof body === "string" ? body : new TextDecoder().decode(body as Uint8Array);

/** The content files a save writes or deletes (not its uploads, which are filed elsewhere). */
const contentFilesOf = (save: ScreenSave): string[] =>
  [...save.additions, ...save.deletions]
    .map(({ path: file }) => file)
    .filter((file) => file.startsWith(`${CONTENT_DIR}/`));

/** A commit's subject: the entry, as the screen names it, and what happened to it ("directors/ada-rowe: create"). */
function subjectOf(save: ScreenSave, existed: (file: string) => boolean): string {
  const files = contentFilesOf(save);
  const entryFile = files.find((file) => /\.(md|yaml)$/.test(file)) ?? files[0] ?? "content";
  const entry = entryFile
    .slice(CONTENT_DIR.length + 1)
    .replace(/^artists\//, "")
    .replace(/\.(md|yaml|vtt|srt)$/, "")
    .replace(/\.[A-Za-z-]+$/, "");
  const verb = save.deletions.some(({ path: file }) => file === entryFile)
    ? "delete"
    : existed(entryFile)
      ? "update"
      : "create";
  return `${entry}: ${verb}`;
}

/** The editor's own text is escaped into the pages the service writes itself. */
const html = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * Who is signed in, the recent saves and the sign-out, in a corner of the screen: Keystatic's page
 * has no place for them. Inline styles: the screen's page sets no Content-Security-Policy (Keystatic's
 * own inline styles need none).
 */
const banner = ({
  name,
  email,
}: Editor) => `<form method="post" action="${AUTH_PATHS.signOut}" style="position:fixed;right:8px;bottom:8px;z-index:1000;margin:0;padding:6px 10px;font:13px system-ui,sans-serif;background:#fff;color:#222;border:1px solid #ccc;border-radius:6px">
<span title="${html(email)}">${html(name)}</span> · <a href="/edit/saves">Recent saves</a> · <a href="/edit/views">Views</a> · <button type="submit" style="font:inherit;border:0;background:none;color:#06c;padding:0;cursor:pointer">Sign out</button>
</form>`;

function savesPage(saves: SavedCommit[]): string {
  const rows = saves
    .map(
      ({ author, date, subject, state, branch }) =>
        `<tr><td>${html(author.name)}</td><td>${html(subject)}</td><td><time datetime="${html(date)}">${html(date.slice(0, 16).replace("T", " "))}</time></td><td>${state === "pushed" ? "pushed" : `kept aside on <code>${html(branch ?? "")}</code>`}</td></tr>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Recent saves — editing</title></head>
<body style="font:15px system-ui,sans-serif;margin:2rem">
<h1>Recent saves</h1>
<p><a href="/keystatic">Back to the editing screen</a></p>
<table>
<thead><tr><th scope="col">Who</th><th scope="col">Entry</th><th scope="col">When (UTC)</th><th scope="col">What happened</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="4">No saves yet.</td></tr>'}
</tbody>
</table>
</body>
</html>`;
}

/** Files under `folder` that git sees changed or new in the working copy (the media build's outputs). */
async function changedUnder(dir: string, folder: string): Promise<string[]> {
  const { stdout } = await run("git", ["status", "--porcelain", "-z", "--untracked-files=all", "--", folder], {
    cwd: dir,
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout
    .split("\0")
    .filter((line) => line.length > 3)
    .map((line) => line.slice(3));
}

/**
 * The media jobs of the sources a save filed: their outputs and what is read from those. The clone
 * holds no other entry's sources (git leaves them out), nor, with a bucket, their outputs: a run of
 * every job would find those missing.
 */
function jobsOfSave(jobs: Job[], touched: string[]): (job: Job) => boolean {
  const sources = new Set(
    touched.filter((file) => file.startsWith(`${MEDIA_DIR}/`)).map((file) => file.replace(/\.[^./]+$/, "")),
  );
  const outputs = new Set(
    jobs.filter((job) => isSourceJob(job) && sources.has(job.source.slot.base)).map(({ site }) => site),
  );
  return (job) => outputs.has(job.site) || (!isSourceJob(job) && job.files.some((file) => outputs.has(file)));
}

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
  const bucket: BucketSettings | undefined = env.MEDIA_BUCKET?.trim() ? readBucketSettings(env) : undefined;
  const checkout = path.join(settings.data, "site");
  const publicHost = new URL(settings.publicUrl).host;
  const committer: Author = {
    name: "Editing service",
    email: `editing-service@${new URL(settings.publicUrl).hostname}`,
  };
  const git = gitStore({ dir: checkout, remote: settings.repo, branch: settings.branch, committer });
  await git.open();
  await git.sync();
  if (!existsSync(path.join(checkout, "node_modules")))
    await symlink(path.join(serviceRoot, "node_modules"), path.join(checkout, "node_modules"));

  const auth = await createAuth(settings);
  // The figures come from the store the site's settings name, read as from this project's folder, not the clone.
  const screen = await editingScreen(checkout, settings.publicUrl, { analyticsRoot: serviceRoot, env });
  const views = new Map<string, View>();
  const queue = saveQueue();
  /** Where the save in hand is, for the screen; the last one's outcome once it is done. */
  let current: MediaBuild = { state: "idle" };

  const previewPort = settings.port + 1;
  const preview: ChildProcess = spawn("npm", ["run", "edit:preview", "--", "--port", String(settings.port + 2)], {
    cwd: checkout,
    detached: true,
    stdio: "inherit",
    env: { ...env, PORT: String(previewPort), HOST: "127.0.0.1" },
  });

  /** The content compiled for the preview (its site reloads on generated.js). */
  const compile = () =>
    run(process.execPath, ["--import", "tsx", "scripts/cli/content-build.ts"], { cwd: checkout, env }).catch(
      (error: unknown) => console.error(`the preview's content could not be compiled: ${reasonOf(error)}`),
    );

  function status(): MediaBuild {
    const waiting = queue.waiting();
    if (waiting === 0) return current;
    const behind = `${waiting} save${waiting === 1 ? "" : "s"} waiting behind the one being made`;
    return { state: "running", message: current.message ? `${current.message} (${behind})` : behind };
  }

  /** Her version of the files a save writes, kept on a branch from the commit her screen was given. */
  function keptChanges(save: ScreenSave): Map<string, Uint8Array | null> {
    const changes = new Map<string, Uint8Array | null>();
    for (const { path: file, contents } of save.additions)
      if (file.startsWith(`${CONTENT_DIR}/`)) changes.set(file, Buffer.from(contents, "base64url"));
    for (const { path: file } of save.deletions) if (file.startsWith(`${CONTENT_DIR}/`)) changes.set(file, null);
    return changes;
  }

  /** Puts the working copy back as the branch has it: a save that cannot land leaves nothing behind. */
  async function restore(files: string[]) {
    const tracked = await git.blobShas(files);
    for (const file of files) if (tracked.get(file) === undefined) await rm(path.join(checkout, file), { force: true });
    const known = files.filter((file) => tracked.get(file) !== undefined);
    if (known.length > 0) await run("git", ["checkout", settings.branch, "--", ...known], { cwd: checkout });
  }

  /**
   * After the screen has its answer, still in the queue: the media made and published, then the
   * commit of exactly the save's files, pushed. Whatever cannot land is kept on a branch, and said.
   */
  async function land(editor: Author, save: ScreenSave, subject: string, touched: string[], jobs: Job[] | undefined) {
    const content = touched.filter((file) => !file.startsWith(`${MEDIA_DIR}/`));
    try {
      if (jobs) {
        current = { state: "running", message: `Making the media of ${subject.split(":")[0]}…` };
        const only = jobsOfSave(jobs, touched);
        const { failed } = await buildMedia(jobs, {
          root: checkout,
          force: false,
          only,
          log: (line) => console.log(line),
        });
        if (failed.length > 0) {
          const branch = await git.keepAside(await git.head(), keptChanges(save), editor, `${subject} (media failed)`);
          await restore(content);
          current = {
            state: "failed",
            message: `Not published: ${failureReport(failed).join("\n")}\nYour text is kept on the branch ${branch}.`,
          };
          return;
        }
      }
      const made = jobs ? await changedUnder(checkout, "public") : [];
      if (jobs && bucket) {
        current = { state: "running", message: "Publishing the media to the bucket…" };
        const { openBucket } = await import("#media-publish/bucket.ts");
        const published = await publishMedia(await openBucket(bucket), checkout, {
          bucket: bucket.bucket,
          prefix: bucket.prefix,
          log: (line) => console.log(line),
        });
        const own = new Set(made.map((file) => file.slice("public".length)));
        const lost = [
          ...published.failed.map(({ key, error }) => `${key}: ${error}`),
          ...published.missing.filter((site) => own.has(site)),
        ];
        if (lost.length > 0) throw new Error(`the media could not be published: ${lost.join("; ")}`);
      }
      current = { state: "running", message: "Saving to the repository…" };
      const files = [...content, ...(jobs ? [MANIFEST] : []), ...(jobs && !bucket ? made : [])];
      await git.commit(files, editor, subject);
      const pushed = await git.push(editor);
      current =
        "pushed" in pushed
          ? { state: "idle", message: `Saved: ${subject}, by ${editor.name}.` }
          : {
              state: "failed",
              message: `Not published: ${pushed.reason}\nYour save is kept on the branch ${pushed.keptOn}.`,
            };
    } catch (error) {
      console.error(error);
      current = { state: "failed", message: `Not published: ${reasonOf(error)}` };
    } finally {
      screen.statuses.changed();
      await compile();
    }
  }

  /** A save from the screen: checked against what her screen was given, then applySave's, then landed. */
  async function update(request: IncomingMessage, response: ServerResponse, editor: Editor) {
    const save = await saveOf(request);
    if (save === undefined) return send(response, 400, "Bad Request");
    const author: Author = { name: editor.name, email: editor.email };
    await queue.run(async () => {
      if ((await git.sync()).length > 0) {
        screen.statuses.changed();
        await compile();
      }
      const view = views.get(editor.sessionId);
      if (view === undefined)
        return send(
          response,
          409,
          "Not saved: the service does not know what your screen shows. Reload it and save again.",
        );
      const files = contentFilesOf(save);
      const now = await git.blobShas(files);
      const stale = files.filter((file) => now.get(file) !== view.shas.get(file));
      const subject = subjectOf(save, (file) => now.get(file) !== undefined);
      if (stale.length > 0) {
        const change = await git.lastChange(view.commit, stale);
        const branch = await git.keepAside(view.commit, keptChanges(save), author, `${subject} (kept aside)`);
        const who = change ? `by ${change.author.name} (${change.author.email}) on ${change.date}` : "by someone else";
        return send(
          response,
          409,
          `Not saved: ${stale.join(", ")} changed since you opened it, ${who}.\n` +
            `Your version is kept on the branch ${branch}.\nReload to see their change, then make yours again.`,
        );
      }
      let jobs: Job[] | undefined;
      const outcome = await applySave(checkout, save, { saved: (planned) => (jobs = planned) });
      if (outcome.status !== 200) return send(response, outcome.status, refusal(outcome));
      const listing = await screen.listing();
      views.set(editor.sessionId, viewOf(await git.head(), bodyText(listing.body)));
      current = { state: "running", message: `Saving ${subject}…` };
      relay(response, listing);
      await land(author, save, subject, outcome.touched, jobs);
    });
  }

  async function keystaticApi(request: IncomingMessage, response: ServerResponse, url: URL, editor: Editor) {
    if (url.pathname === "/api/keystatic/update") return update(request, response, editor);
    const asked = new Request(url, { method: request.method, headers: request.headers as Record<string, string> });
    const answer = await screen.keystatic(asked);
    // The listing her screen now shows: a save is checked against it.
    if (url.pathname === "/api/keystatic/tree" && answer.status === 200)
      views.set(editor.sessionId, viewOf(await git.head(), bodyText(answer.body)));
    relay(response, answer);
  }

  /** Any other page: the preview, the site in development mode on the clone, as this origin. */
  function showPreview(request: IncomingMessage, response: ServerResponse) {
    const { cookie: _session, ...headers } = request.headers;
    const asked = forward(
      { host: "127.0.0.1", port: previewPort, method: request.method, path: request.url, headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    asked.on("error", () => send(response, 502, "The preview is starting; reload in a moment."));
    request.pipe(asked);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    // A page elsewhere that reaches the service under another name (DNS rebinding) gets nothing.
    if (request.headers.host !== publicHost) return send(response, 421, "Misdirected Request");
    const url = new URL(request.url ?? "/", settings.publicUrl);
    if (await auth.handle(request, response, url)) return;
    const route = routeOf(url.pathname);
    const editor = auth.editorOf(request);
    if (!editor) return auth.refuse(request, response, url, route.kind === "api");
    if (!SAFE_METHODS.has(request.method ?? "GET") && request.headers.origin !== settings.publicUrl)
      return send(response, 403, "Forbidden: a change must come from the editing screen itself.");
    if (route.prefix === "/api/keystatic/") return keystaticApi(request, response, url, editor);
    if (route.prefix === "/edit/api/saves")
      return send(response, 200, JSON.stringify(await git.recentSaves(30)), "application/json");
    if (route.prefix === "/edit/saves")
      return send(response, 200, savesPage(await git.recentSaves(30)), "text/html; charset=utf-8");
    if (await screen.serve(request, response, url, { build: status(), banner: banner(editor) })) return;
    showPreview(request, response);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) send(response, 500, "Internal Server Error");
    });
  });
  // A slice of a film on a slow line takes longer than Node's default five minutes.
  server.requestTimeout = 0;
  // Longer than a reverse proxy's idle upstream connections (nginx's 60 s), so the service never
  // closes one just as the proxy sends on it (a 502 at the editor's screen); headers' bound above it.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve) => server.listen(settings.port, settings.host, resolve));
  await compile();
  return {
    url: settings.publicUrl,
    async stop() {
      if (preview.pid) process.kill(-preview.pid, "SIGTERM");
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await screen.close();
    },
  };
}
