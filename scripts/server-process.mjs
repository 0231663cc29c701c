/**
 * Starts the built production server (`node server.mjs`) as a child process on a loopback port,
 * for the benchmark and for the tests that must own their server (load, shutdown). Run
 * `npm run build` first.
 */
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * @param {number} port
 * @param {{ env?: Record<string, string>, stdio?: import("node:child_process").StdioOptions }} [options]
 */
export async function startServer(port, { env = {}, stdio = "ignore" } = {}) {
  return waitUntilHealthy(
    spawn(process.execPath, ["server.mjs"], {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", ...env },
      stdio,
    }),
    port,
  );
}

/**
 * Serves one folder with express.static (scripts/static-server.mjs): the benchmark's baseline, or
 * with `media` a media origin (CORS, ranges, the site's lifetimes) for MEDIA_ORIGIN.
 * @param {string} dir
 * @param {number} port
 * @param {{ media?: boolean }} [options]
 */
export function startStaticServer(dir, port, { media = false } = {}) {
  const args = ["scripts/static-server.mjs", dir, String(port), ...(media ? ["--media"] : [])];
  return waitUntilHealthy(spawn(process.execPath, args, { stdio: "ignore" }), port);
}

/**
 * @param {import("node:child_process").ChildProcess} child
 * @param {number} port
 * @returns {Promise<{ child: import("node:child_process").ChildProcess, origin: string }>}
 */
async function waitUntilHealthy(child, port) {
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await fetch(`${origin}/healthz`).then((r) => r.ok).catch(() => false)) return { child, origin };
    if (child.exitCode !== null) break;
    await sleep(100);
  }
  child.kill();
  throw new Error(`the server did not start on ${origin}: run \`npm run build\` first`);
}

/**
 * The resident memory of a process in MiB, read from /proc (Linux).
 * @param {number} pid
 */
export async function residentMiB(pid) {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)[1]) / 1024;
}
