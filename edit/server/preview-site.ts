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
 * instead (`follow`): each build is of the branch's last commit, in one of two worktrees of the
 * clone taken in turn, so that a save whose film is still being made (its text written, its media
 * not) never stops another's save from showing, and the server keeps serving the other folder, assets
 * and all, while `remix build` empties this one's.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { rm, symlink } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";

const run = promisify(execFile);

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

/** Runs `command` in `cwd` to its end; an error with the end of its output if it fails. */
function runToEnd(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8_000));
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}:\n${output}`)),
    );
  });
}

async function answers(origin: string): Promise<boolean> {
  const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2_000) }).catch(() => undefined);
  return response?.ok ?? false;
}

export interface PreviewOptions {
  checkout: string;
  port: number;
  env: NodeJS.ProcessEnv;
  /** Build the last commit of `branch`, in worktrees under `folder`, not the working copy. */
  follow?: { branch: string; folder: string };
}

/** The folder to build next, ready: the working copy itself, or a worktree at the branch's last commit (undefined: built already). */
async function nextFolder(
  { checkout, follow }: PreviewOptions,
  serving: string | undefined,
  built: string | undefined,
): Promise<{ folder: string; commit?: string } | undefined> {
  if (!follow) return { folder: checkout };
  const git = async (cwd: string, ...args: string[]) => (await run("git", args, { cwd })).stdout;
  const commit = (await git(checkout, "rev-parse", "--verify", `refs/heads/${follow.branch}^{commit}`)).trim();
  if (commit === built) return undefined;
  const folder = path.join(follow.folder, serving === path.join(follow.folder, "a") ? "b" : "a");
  if (existsSync(path.join(folder, ".git"))) await git(folder, "checkout", "--quiet", "--force", "--detach", commit);
  else {
    // A folder left without its worktree (a stop halfway through an add) is made again.
    await rm(folder, { recursive: true, force: true });
    await git(checkout, "worktree", "prune");
    await git(checkout, "worktree", "add", "--quiet", "--force", "--detach", folder, commit);
  }
  if (!existsSync(path.join(folder, "node_modules")))
    await symlink(path.join(checkout, "node_modules"), path.join(folder, "node_modules"));
  return { folder, commit };
}

export function previewSite(options: PreviewOptions): PreviewSite {
  const { port, env } = options;
  const origin = `http://127.0.0.1:${port}`;
  const settings = previewEnv(env, port);
  /** The folder the server runs in, and the commit built there (following a branch). */
  let serving: string | undefined;
  let built: string | undefined;
  let server: ChildProcess | undefined;
  let building: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function replaceServer(folder: string) {
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await once(server, "exit");
    }
    if (stopped) return;
    server = spawn(process.execPath, ["build/server.js"], { cwd: folder, env: settings, stdio: "ignore" });
    serving = folder;
    for (const start = Date.now(); Date.now() - start < START_TIMEOUT_MS; await sleep(200))
      if (await answers(origin)) return;
    throw new Error(`the preview's server did not answer within ${START_TIMEOUT_MS / 1000} s`);
  }

  async function build() {
    do {
      again = false;
      try {
        const next = await nextFolder(options, serving, built);
        if (next) {
          await runToEnd("npm", ["run", "--silent", "build"], next.folder, settings);
          await replaceServer(next.folder);
          built = next.commit;
        }
      } catch (error) {
        // The last good build keeps serving; the content check's own words say why in the log.
        console.error(`the preview was not rebuilt: ${error instanceof Error ? error.message : String(error)}`);
      }
    } while (again && !stopped);
    building = undefined;
  }

  const preview: PreviewSite = {
    origin,
    rebuild() {
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
