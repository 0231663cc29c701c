/** Servers as child processes on loopback ports (after `npm run build`), for the benchmark and tests. */
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export const SERVER_ENTRY = "build/server.js";

/**
 * A production server's environment on a loopback `port`, with `env` over it. Its events go to a
 * store of its own in the temporary folder, never to the checkout's data/.
 */
const serverEnv = (port, env) => ({
  ...process.env,
  PORT: String(port),
  HOST: "127.0.0.1",
  NODE_ENV: "production",
  ANALYTICS_DB: path.join(tmpdir(), `agency-server-${port}`, "analytics.sqlite"),
  ...env,
});

/**
 * @param {number} port
 * @param {{ env?: Record<string, string>, stdio?: import("node:child_process").StdioOptions, cwd?: string,
 *   startSeconds?: number, node?: string, execArgv?: string[] }} [options]
 *   `cwd`: the project whose build to serve (this one by default); `startSeconds`: how long it may
 *   take to answer (10 s; a site following a branch builds it first); `node`: the Node to run it on
 *   (this one by default), with `execArgv`.
 */
export async function startServer(
  port,
  { env = {}, stdio = "ignore", cwd, startSeconds = 10, node = process.execPath, execArgv = [] } = {},
) {
  const child = spawn(node, [...execArgv, SERVER_ENTRY], { cwd, env: serverEnv(port, env), stdio });
  return waitUntilHealthy(child, port, startSeconds * 10);
}

/**
 * One folder served by tests/support/static-server.mjs, with `media` as a media origin.
 * @param {string} dir
 * @param {number} port
 * @param {{ media?: boolean }} [options]
 */
export function startStaticServer(dir, port, { media = false } = {}) {
  const args = ["tests/support/static-server.mjs", dir, String(port), ...(media ? ["--media"] : [])];
  return waitUntilHealthy(spawn(process.execPath, args, { stdio: "ignore" }), port);
}

/**
 * @param {import("node:child_process").ChildProcess} child
 * @param {number} port
 * @param {number} [attempts] 100 ms apart
 * @returns {Promise<{ child: import("node:child_process").ChildProcess, origin: string }>}
 */
async function waitUntilHealthy(child, port, attempts = 100) {
  const origin = `http://127.0.0.1:${port}`;
  if (await answersHealthz(child, origin, attempts)) return { child, origin };
  child.kill();
  throw new Error(`the server did not start on ${origin}: run \`npm run build\` first`);
}

/**
 * Whether `child` comes to answer `{origin}/healthz`, tried `attempts` times 100 ms apart; false once it has exited.
 * @param {import("node:child_process").ChildProcess} child
 * @param {string} origin
 */
export async function answersHealthz(child, origin, attempts = 100) {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const ok = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(1_000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return true;
    if (child.exitCode !== null || child.signalCode !== null) return false;
    await sleep(100);
  }
  return false;
}

/**
 * Stops `child` as a deploy does (SIGTERM), if it still runs; resolves once it has exited.
 * @param {import("node:child_process").ChildProcess | undefined} child
 */
export async function stopProcess(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** A process's resident memory in MiB, from /proc (Linux). @param {number} pid */
export async function residentMiB(pid) {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const rss = status.match(/VmRSS:\s+(\d+)/);
  if (!rss) throw new Error(`process ${pid} has no VmRSS in /proc (a zombie, or a kernel thread)`);
  return Number(rss[1]) / 1024;
}

/** The working directory (`varnishadm -n`) of the cluster's Varnish on `port`. @param {number} port */
export function clusterWorkDir(port) {
  return path.join(tmpdir(), `agency-varnish-${port}`);
}

/**
 * Starts `npm run start:cluster` on `port`; resolves once Varnish answers, with the process ids the cluster reported.
 * @param {number} port
 * @param {{ env?: Record<string, string>, stderr?: "inherit" | "ignore", startSeconds?: number }} [options]
 *   `stderr`: Varnish's and the instances' messages; `startSeconds`: how long it may take (30 s; one
 *   following a branch builds it first)
 * @returns {Promise<{ child: import("node:child_process").ChildProcess, origin: string, varnishPid: number,
 *   instances: { port: number, pid: number }[] }>}
 */
export function startCluster(port, { env = {}, stderr = "inherit", startSeconds = 30 } = {}) {
  const child = spawn(process.execPath, ["scripts/cli/cluster.mjs"], {
    env: serverEnv(port, env),
    stdio: ["ignore", "pipe", stderr],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    let ready = false;
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`the cluster did not start on port ${port}:\n${output}`));
    }, startSeconds * 1000);
    // Read to the end, so the instances' request logs never fill the pipe.
    child.stdout.on("data", (chunk) => {
      if (ready) return;
      output += chunk;
      const line = output.match(/^cluster: ready .*\(varnishd pid (\d+),.*$/m);
      if (!line) return;
      ready = true;
      clearTimeout(timer);
      const instances = [...line[0].matchAll(/instance on port (\d+) pid (\d+)/g)].map(([, instancePort, pid]) => ({
        port: Number(instancePort),
        pid: Number(pid),
      }));
      resolve({ child, origin: `http://127.0.0.1:${port}`, varnishPid: Number(line[1]), instances });
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`the cluster exited (${code}) before it was ready:\n${output}`));
    });
  });
}
