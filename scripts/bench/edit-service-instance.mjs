/**
 * The editing service as the bench's edit section runs it (edit-service.mjs): started as `npm run edit:service`
 * starts it, on a bare clone of this repository, signing in at a test OpenID provider; its processes told apart
 * (its own Node and what it runs, its preview's build and server) for their CPU and memory; and the git the
 * bench reads of its remote.
 */
import { execFile, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";

import { LOGIN_FORM, TEST_USERS } from "#tests/support/oidc-provider.ts";
import { descendants, processTable, residentMiB, treeOf } from "./edit-service-processes.mjs";

export const ROOT = path.join(import.meta.dirname, "../..");
/**
 * The service takes EDIT_PORT and the one after it, its preview (the site's production server: preview-site.ts);
 * the other sections use 3321–3330, 3341–3343, 3350–3362 and 3377, the tests 3660–3699.
 */
export const PORTS = { service: 3331, preview: 3332, provider: 3333 };
export const BRANCH = "main";

const MINUTE = 60_000;
export const TIMEOUTS = { start: 5 * MINUTE, upload: 10 * MINUTE, save: 15 * MINUTE, command: 15 * MINUTE };

/** How many lines of the service's stderr are kept for the report. */
const COMPLAINTS_KEPT = 40;
/** What Node's inspector says on stderr when it starts and when the bench leaves it: no complaint of the service's. */
const INSPECTOR_LINES =
  /^(Debugger listening on ws:|For help, see: https:\/\/nodejs\.org|Debugger attached\.|Waiting for the debugger to disconnect)/;
/** How long a garbage collection asked through the inspector may take. */
const COLLECTION_TIMEOUT_MS = 30_000;

const execFileAsync = promisify(execFile);

/** Runs a command to its end; its output, trimmed. */
export async function run(command, args, options = {}) {
  const { stdout } = await execFileAsync(command, args, {
    maxBuffer: 64 * 1024 * 1024,
    timeout: TIMEOUTS.command,
    ...options,
  });
  return stdout.trim();
}

/** Git without this machine's or this user's configuration, for the bench's git and the service's alike. */
export const gitEnv = (scratch) => ({
  ...process.env,
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: path.join(scratch, "gitconfig"),
});

export const remoteHead = (remote, env) => run("git", ["--git-dir", remote, "rev-parse", BRANCH], { env });

/**
 * What a commit holds: its files, and a director's entry's blob (the floor writes it by hand, so it is compared
 * with the screen's), for the two sides' commits to be compared.
 */
export async function commitOf(git, commit, id) {
  return {
    files: (await git("show", "--name-only", "--format=", commit)).split("\n").sort(),
    entry: await git("rev-parse", `${commit}:app/content/artists/directors/${id}.md`),
  };
}

/** Refuses a port something listens on: the service or the provider would fail to start, or the bench would talk to a stranger. */
export async function ensureFree(port) {
  await new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", () => reject(new Error(`port ${port} is taken: stop what listens there`)));
    probe.listen(port, "127.0.0.1", () => probe.close(resolve));
  });
}

/** Whether a process is the preview's: its build and its server are started with its port in their environment (preview-site.ts). */
function isPreviews(pid) {
  try {
    return readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`PORT=${PORTS.preview}`);
  } catch {
    return false;
  }
}

/**
 * The resident memory in MiB of the service's processes: with its preview, or without it (then everything under
 * a process of the preview's is left out with it); `own`, its Node alone; `parts`, each command's share.
 * @param {number} servicePid
 * @param {{ preview: boolean }} options
 */
export function serviceMemory(servicePid, { preview }) {
  const table = processTable();
  const counted = treeOf(servicePid, table);
  if (!preview)
    for (const pid of [...counted])
      if (counted.has(pid) && isPreviews(pid)) for (const under of treeOf(pid, table)) counted.delete(under);
  /** @type {Map<string, { count: number, mib: number }>} */
  const byName = new Map();
  for (const pid of counted) {
    const { name } = table.get(pid);
    const part = byName.get(name) ?? { count: 0, mib: 0 };
    byName.set(name, { count: part.count + 1, mib: part.mib + residentMiB(pid) });
  }
  return {
    total: [...byName.values()].reduce((sum, { mib }) => sum + mib, 0),
    own: residentMiB(servicePid),
    parts: [...byName]
      .map(([name, { count, mib }]) => `${name}${count > 1 ? ` ×${count}` : ""} ${Math.round(mib)}`)
      .join(", "),
  };
}

/** The service's memory without its preview (its Node and the ffmpegs it runs) at its highest in each phase of a round, with what it was made of then. */
export function memoryWatch(servicePid) {
  /** @type {Record<string, { total: number, parts: string }>} */
  const peaks = {};
  let phase = "rest";
  return {
    /** @param {"rest" | "upload" | "save"} name */
    phase: (name) => (phase = name),
    sample() {
      const { total, parts } = serviceMemory(servicePid, { preview: false });
      if (total > (peaks[phase]?.total ?? -1)) peaks[phase] = { total, parts };
    },
    peaks: () => peaks,
  };
}

/**
 * The service as `npm run edit:service` runs it, bundled by its `build:edit-service` script then run by Node
 * itself, on its own bare remote (a clone of this repository's HEAD), signing in at `provider`, with no
 * bucket; any address of the test editors' domain may sign in. Its own process group; it answers once it has
 * printed its address. Stopped, with its bundle, by stopService.
 */
export async function startService(scratch, provider) {
  const origin = `http://127.0.0.1:${PORTS.service}`;
  const remote = path.join(scratch, "service-remote.git");
  const data = path.join(scratch, "service-data");
  const env = gitEnv(scratch);
  await run("git", ["clone", "-q", "--bare", "--branch", BRANCH, ROOT, remote], { env });
  /** @type {NodeJS.ProcessEnv} */
  const serviceEnv = {
    ...env,
    EDIT_PUBLIC_URL: origin,
    EDIT_OIDC_ISSUER: provider.issuer,
    EDIT_OIDC_CLIENT_ID: provider.clientId,
    EDIT_OIDC_CLIENT_SECRET: provider.clientSecret,
    EDIT_ALLOWED: `@${TEST_USERS.ada.email.split("@")[1]}`,
    EDIT_SESSION_SECRET: `bench-${process.pid}-`.padEnd(48, "0"),
    EDIT_REPO: remote,
    EDIT_DATA: data,
    EDIT_HOST: "127.0.0.1",
    EDIT_PORT: String(PORTS.service),
  };
  // Outputs committed, as this repository keeps them: a bucket set in the bench's environment is not the service's.
  delete serviceEnv.MEDIA_BUCKET;
  // The preview's processes are told apart by the PORT in their environment: the service's own must have none.
  delete serviceEnv.PORT;
  // A bundle of the bench's own, beside the script's (in build/, where the service finds this project's folder):
  // a service or a test bundling at the same time neither overwrites it nor is overwritten.
  const bundle = path.join(ROOT, "build", `edit-service-bench-${process.pid}.js`);
  await run("npm", ["run", "--silent", "build:edit-service", "--", `--outfile=${bundle}`], { cwd: ROOT });
  // Its inspector on the loopback, on a port of its own choosing: the bench asks it for a garbage collection
  // before it reads the memory a save holds (collectGarbage).
  const child = spawn(process.execPath, ["--inspect=127.0.0.1:0", bundle], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: serviceEnv,
  });
  let output = "";
  const keep = (chunk) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  // What it reports on stderr (a preview not rebuilt, a save failed), the first lines, for the bench's report.
  /** @type {string[]} */
  const complaints = [];
  let partial = "";
  child.stderr.on("data", (chunk) => {
    const lines = (partial + chunk.toString()).split("\n");
    partial = lines.pop() ?? "";
    const said = lines.filter((line) => line.trim() && !INSPECTOR_LINES.test(line));
    complaints.push(...said.slice(0, COMPLAINTS_KEPT - complaints.length));
  });
  const service = {
    /** The output so far, which names the inspector's address. */
    output: () => output,
    origin,
    remote,
    env,
    child,
    bundle,
    pid: /** @type {number} */ (child.pid),
    checkout: path.join(data, "site"),
    manifest: path.join(data, "site/media/manifest.json"),
    complaints,
  };
  const started = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the service did not start in ${TIMEOUTS.start / 1000} s:\n${output}`)),
      TIMEOUTS.start,
    );
    child.stdout.on("data", () => {
      if (!output.includes(`editing service: ${origin}`)) return;
      clearTimeout(timer);
      resolve(undefined);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the service exited (${code ?? signal}) before it answered:\n${output}`));
    });
  });
  await started.catch(async (error) => {
    await stopService(service);
    throw error;
  });
  return service;
}

/**
 * A full garbage collection in the service's Node, asked through its inspector (Chrome's protocol,
 * HeapProfiler.collectGarbage): what it holds after is what it keeps, not what it has not yet collected.
 * @param {{ output: () => string }} service
 */
export async function collectGarbage(service) {
  const address = /Debugger listening on (ws:\/\/\S+)/.exec(service.output())?.[1];
  if (!address) throw new Error("the service's inspector did not say where it listens");
  const socket = new WebSocket(address);
  try {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the inspector did not collect in time")), COLLECTION_TIMEOUT_MS);
      socket.addEventListener("error", () => reject(new Error(`the inspector at ${address} did not answer`)));
      socket.addEventListener("open", () =>
        socket.send(JSON.stringify({ id: 1, method: "HeapProfiler.collectGarbage" })),
      );
      socket.addEventListener("message", ({ data }) => {
        if (JSON.parse(String(data)).id !== 1) return;
        clearTimeout(timer);
        resolve(undefined);
      });
    });
  } finally {
    socket.close();
  }
}

/**
 * Ends the service and every process it started (its group, and any that left it), found before any is signalled;
 * removes its bundle.
 * @param {{ child: import("node:child_process").ChildProcess, bundle: string }} service
 */
export async function stopService({ child, bundle }) {
  await rm(bundle, { force: true });
  if (!child.pid) return;
  const tree = descendants(child.pid);
  const signal = (pid, name) => {
    try {
      process.kill(pid, name);
    } catch {
      // Already gone.
    }
  };
  signal(-child.pid, "SIGTERM");
  for (let waited = 0; waited < 100 && [...tree].some((pid) => processTable().has(pid)); waited++) await sleep(100);
  for (const pid of tree) if (processTable().has(pid)) signal(pid, "SIGKILL");
}

/**
 * Signs `user` in at the provider's login form, and waits for the screen and its preview (whose first build
 * starts with the service, and which is rebuilt after each save: no measurement pays for it).
 * @param {import("@playwright/test").Page} page
 * @param {string} origin
 * @param {{ email: string }} user
 */
export async function signIn(page, origin, user) {
  await page.goto(`${origin}/keystatic`);
  await page.locator(LOGIN_FORM.selectors.login).fill(user.email);
  // The provider's development form takes any password.
  await page.locator(LOGIN_FORM.selectors.password).fill("bench");
  await page.locator(LOGIN_FORM.selectors.submit).click();
  await page.waitForURL(`${origin}/keystatic**`, { timeout: TIMEOUTS.start });
  const deadline = performance.now() + TIMEOUTS.start;
  while (!(await page.request.get(`${origin}/artists/directors`)).ok()) {
    if (performance.now() > deadline) throw new Error(`the preview did not answer in ${TIMEOUTS.start / 1000} s`);
    await sleep(1_000);
  }
}
