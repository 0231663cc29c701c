/**
 * The service's preview: the public site's own production server (`npm run build`, then
 * `node build/server.js`) on the service's working copy, on the loopback only, and given only the
 * settings a site needs: never the sign-in's or the bucket's secrets. `remix dev`, which it was,
 * listens on every interface with no way to say otherwise, and holds the compiler in memory for good.
 *
 * After a save, `rebuild()`: one build at a time, and a save during a build is taken in by one more
 * build after it. A build that fails leaves the last good server serving; a good one replaces it.
 *
 * `npm run edit`'s preview is its working copy as it is. The team's service previews its branch
 * instead (`follow`), with the public site's own release mechanism (release/, SITE_FOLLOW on the
 * clone, asked every second): each release is the branch's last commit, so a save whose film is
 * still being made (its text written, its media not) never stops another's save from showing, and
 * a content save is in the preview in about two seconds, its switch dropping no request.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";

import { runToEnd } from "#release/run-to-end.ts";

/** What of the service's environment the preview's build and server get: a site's settings, no secret. */
const PREVIEW_SETTINGS = [
  "PATH",
  "HOME",
  "LANG",
  "LC_ALL",
  "TZ",
  "TMPDIR",
  "NODE_EXTRA_CA_CERTS",
  "MEDIA_ORIGIN",
  "SITE_URL",
];

/** How long a new server may take to answer before the build counts as failed. */
const START_TIMEOUT_MS = 30_000;

export interface PreviewSite {
  /** http://127.0.0.1:{port}: where the service forwards the preview's pages. */
  origin: string;
  /** Builds the working copy as it is now and serves that build, once what runs before it is done. */
  rebuild(): void;
  stop(): Promise<void>;
}

/** The environment a preview process is started with: the site's settings only, on the loopback, no analytics. */
function previewEnv(env: NodeJS.ProcessEnv, port: number): NodeJS.ProcessEnv {
  const kept = Object.fromEntries(PREVIEW_SETTINGS.flatMap((name) => (env[name] ? [[name, env[name]]] : [])));
  return { ...kept, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", ANALYTICS: "off" };
}

async function answers(origin: string): Promise<boolean> {
  const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2_000) }).catch(() => undefined);
  return response?.ok ?? false;
}

export interface PreviewOptions {
  checkout: string;
  port: number;
  env: NodeJS.ProcessEnv;
  /**
   * Follow `branch` of the checkout, with releases under `folder`, by the public site's server
   * (`server` in `serviceRoot`'s build/server.js), rather than build the working copy.
   */
  follow?: { branch: string; folder: string; serviceRoot: string };
}

/**
 * The public site's follower on the checkout's branch: started once, it builds and serves each new
 * commit by itself. Its refusals reach this process's errors, as a failed rebuild's do.
 */
function followingServer({ checkout, follow }: PreviewOptions, settings: NodeJS.ProcessEnv): ChildProcess {
  const server = spawn(process.execPath, [path.join(follow!.serviceRoot, "build", "server.js")], {
    cwd: follow!.serviceRoot,
    env: {
      ...settings,
      SITE_FOLLOW: checkout,
      SITE_FOLLOW_BRANCH: follow!.branch,
      SITE_FOLLOW_INTERVAL: "1",
      SITE_DATA: follow!.folder,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // Its log is JSON lines (server/log.ts); the one refusing a commit has its reason.
  createInterface({ input: server.stdout! }).on("line", (line) => {
    const reason = line.startsWith("{") && (JSON.parse(line) as { reason?: string }).reason;
    if (reason) console.error(`the preview was not rebuilt: ${reason}`);
  });
  return server;
}

export function previewSite(options: PreviewOptions): PreviewSite {
  const { port, env } = options;
  const origin = `http://127.0.0.1:${port}`;
  const settings = previewEnv(env, port);
  let server: ChildProcess | undefined;
  let building: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function replaceServer() {
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await once(server, "exit");
    }
    if (stopped) return;
    server = spawn(process.execPath, ["build/server.js"], { cwd: options.checkout, env: settings, stdio: "ignore" });
    for (const start = Date.now(); Date.now() - start < START_TIMEOUT_MS; await sleep(200))
      if (await answers(origin)) return;
    throw new Error(`the preview's server did not answer within ${START_TIMEOUT_MS / 1000} s`);
  }

  async function build() {
    do {
      again = false;
      try {
        await runToEnd("npm", ["run", "--silent", "build"], options.checkout, settings);
        await replaceServer();
      } catch (error) {
        // The last good build keeps serving; the content check's own words say why in the log.
        console.error(`the preview was not rebuilt: ${error instanceof Error ? error.message : String(error)}`);
      }
    } while (again && !stopped);
    building = undefined;
  }

  if (options.follow) server = followingServer(options, settings);
  const preview: PreviewSite = {
    origin,
    rebuild() {
      // The follower sees each commit on its own.
      if (options.follow) return;
      if (building) again = true;
      else building = build();
    },
    async stop() {
      stopped = true;
      await building;
      if (server && server.exitCode === null) {
        server.kill("SIGTERM");
        await once(server, "exit");
      }
    },
  };
  return preview;
}
