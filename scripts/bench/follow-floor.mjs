/**
 * The follow section's floor (follow.mjs): what the public hosts did on a push before the site followed its
 * branch, docs/deploy.md's copy-paste script `calloway-update` (in git's history: `git log -p -S
 * 'calloway-update' -- docs/deploy.md`), step by step: fetch, a fresh folder from `git archive`, `npm ci`,
 * `npm run build`, the `current` link moved, each instance restarted in turn (waiting for /healthz), and
 * `npm run purge` (a full ban). Its last line, keeping the last three releases, runs after the ban and is left out.
 *
 * Its instances are a cluster's (`npm run start:cluster`, Varnish in front of two) whose instances the bench
 * restarts on the release folder, as systemd restarted the script's units: the cluster itself serves this
 * checkout's build and never restarts an instance.
 */
import { existsSync, readFileSync } from "node:fs";
import { mkdir, rename, rm, symlink } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import { EVERYTHING } from "#model/cache-ban.ts";
import { startCluster, startServer, stopProcess } from "#tests/support/server-process.mjs";
import { ROOT, run } from "./edit-service-instance.mjs";
import { PORTS, SITE_ENV } from "./follow-site.mjs";

const BRANCH = "main";
/** The script waited up to 30 s for each restarted instance's /healthz. */
const RESTART_SECONDS = 30;

/**
 * The environment of the script's `npm ci` and `npm run build`: the instances' settings, and no NODE_ENV (with
 * `production` there, `npm ci` would leave out the build's own packages).
 */
const buildEnv = () => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== "NODE_ENV")),
  ...SITE_ENV,
});

/** Whether the process `pid` has ended (gone, or a zombie its parent has yet to reap). @param {number} pid */
function ended(pid) {
  if (!existsSync(`/proc/${pid}/stat`)) return true;
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
}

/**
 * Stops the instance `pid` as systemd stops a unit (SIGTERM: it finishes what it is answering, then exits) and
 * starts `node build/server.js` in `folder` on its port; the new instance.
 * @param {number} pid
 * @param {number} port
 * @param {string} folder
 */
async function restart(pid, port, folder) {
  process.kill(pid, "SIGTERM");
  while (!ended(pid)) await sleep(20);
  const { child } = await startServer(port, {
    cwd: folder,
    env: { ...SITE_ENV, TRUST_PROXY: "loopback" },
    startSeconds: RESTART_SECONDS,
  });
  if (child.pid === undefined) throw new Error(`the instance on port ${port} did not start`);
  return child.pid;
}

/** The floor's hosts: a bare clone of `remote` (the script's repo.git), its releases folder, its cluster. */
export async function startFloor(scratch, remote) {
  const site = path.join(scratch, "floor");
  const repo = path.join(site, "repo.git");
  await run("git", ["clone", "-q", "--bare", remote.remote, repo]);
  const env = buildEnv();
  // The release serving before the push, made untimed. Its packages stand for those an earlier run's `npm ci`
  // left in its folder: a copy of this checkout's, not a link, whose other paths would give the browser's scripts
  // other names than the next release's (esbuild names them from their paths), and every page another HTML.
  const first = await run("git", ["-C", repo, "rev-parse", BRANCH]);
  const folder = path.join(site, "releases", first);
  await mkdir(folder, { recursive: true });
  await run("sh", ["-c", `git -C "${repo}" archive ${first} | tar -x -C "${folder}"`]);
  await run("cp", ["-a", path.join(ROOT, "node_modules"), path.join(folder, "node_modules")]);
  await run("npm", ["run", "--silent", "build"], { cwd: folder, env });
  const current = path.join(site, "current");
  await symlink(folder, current);

  const cluster = await startCluster(PORTS.floor, { env: SITE_ENV, stderr: "ignore" });
  /** The instances' pids, by port: the cluster's at first, then those the bench restarts. */
  const pids = new Map(cluster.instances.map(({ port, pid }) => [port, pid]));
  const restartAll = async () => {
    for (const [port, pid] of pids) pids.set(port, await restart(pid, port, current));
  };
  await restartAll();
  await run("npm", ["run", "--silent", "purge"], { cwd: folder, env: { ...env, PORT: String(PORTS.floor) } });

  /**
   * The script, from `git fetch` to the ban: its steps' seconds, and its ban (every page).
   * @returns {Promise<{ steps: Record<string, number>, banned: string[] }>}
   */
  async function update() {
    /** @type {Record<string, number>} */
    const steps = {};
    let started = performance.now();
    const step = (/** @type {string} */ name) => {
      const now = performance.now();
      steps[name] = (now - started) / 1000;
      started = now;
    };
    await run("git", ["-C", repo, "fetch", "--quiet", "origin", BRANCH]);
    const rev = await run("git", ["-C", repo, "rev-parse", "FETCH_HEAD"]);
    const release = path.join(site, "releases", rev);
    await rm(release, { recursive: true, force: true });
    await mkdir(release, { recursive: true });
    await run("sh", ["-c", `git -C "${repo}" archive ${rev} | tar -x -C "${release}"`]);
    step("fetch and archive");
    await run("npm", ["ci", "--no-audit", "--no-fund"], { cwd: release, env });
    step("npm ci");
    await run("npm", ["run", "--silent", "build"], { cwd: release, env });
    step("npm run build");
    await symlink(release, `${current}.new`);
    await rename(`${current}.new`, current);
    await restartAll();
    step("restarts");
    await run("npm", ["run", "--silent", "purge"], { cwd: release, env: { ...env, PORT: String(PORTS.floor) } });
    step("ban");
    return { steps, banned: [EVERYTHING] };
  }

  /** Stops its instances, then the cluster (Varnish). */
  async function stop() {
    for (const pid of pids.values()) if (!ended(pid)) process.kill(pid, "SIGTERM");
    for (const pid of pids.values()) while (!ended(pid)) await sleep(20);
    await stopProcess(cluster.child);
  }

  return { origin: cluster.origin, instance: `http://127.0.0.1:${PORTS.floor + 1}`, update, stop };
}
