/**
 * The service's preview: the public site's own production server (`npm run build`, then
 * `node build/server.js`) on the service's working copy, on the loopback only, and given only the
 * settings a site needs: never the sign-in's or the bucket's secrets. `remix dev`, which it was,
 * listens on every interface with no way to say otherwise, and holds the compiler in memory for good.
 *
 * After a save, `rebuild()`: one build at a time, and a save during a build is taken in by one more
 * build after it. A build that fails leaves the last good server serving; a good one replaces it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";

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
  /** Resolves once no build is running or asked for. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

/** The environment a preview process is started with: the site's settings only, on the loopback, no analytics. */
export function previewEnv(env: NodeJS.ProcessEnv, port: number): NodeJS.ProcessEnv {
  const kept = Object.fromEntries(PREVIEW_SETTINGS.flatMap((name) => (env[name] ? [[name, env[name]]] : [])));
  return { ...kept, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", ANALYTICS: "off" };
}

/** Runs `command` in `cwd` to its end; its output, or an error with the output's end. */
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

export function previewSite({ checkout, port, env }: { checkout: string; port: number; env: NodeJS.ProcessEnv }) {
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
    server = spawn(process.execPath, ["build/server.js"], { cwd: checkout, env: settings, stdio: "ignore" });
    for (const start = Date.now(); Date.now() - start < START_TIMEOUT_MS; await sleep(200))
      if (await answers(origin)) return;
    throw new Error(`the preview's server did not answer within ${START_TIMEOUT_MS / 1000} s`);
  }

  async function build() {
    do {
      again = false;
      try {
        await runToEnd("npm", ["run", "--silent", "build"], checkout, settings);
        await replaceServer();
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
    settled: async () => {
      while (building) await building;
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
