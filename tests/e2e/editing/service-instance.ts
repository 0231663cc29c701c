/**
 * The editing service for a team (`npm run edit:service`, issue 50) with everything it talks to, all on this
 * machine and on ports of this worker's range: a real OpenID provider, a bare repository as the site's remote
 * (seeded from a copy of the project, media out of git as docs/media.md lays out), a second clone playing a
 * developer, and s3rver as the bucket holding the existing media. One instance for a whole spec: starting it
 * costs a publish of the media, a clone and the preview's start.
 *
 * The remote refuses force pushes and deletions, so a service that forced would fail rather than pass unseen,
 * and a pre-receive hook records, for every push to the branch, whether each media output its
 * media/manifest.json adds or changes is already in the bucket: the moment the push arrives, exactly.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { readFileSync, writeFileSync } from "node:fs";
import {
  appendFile,
  chmod,
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import { startOidcProvider, type TestOidcProvider } from "#tests/support/oidc-provider.ts";
import { S3RVER_KEYS, startS3rver } from "#tests/support/s3rver.ts";
import { descendantsOf, parents } from "#tests/support/process-tree.ts";
import { giveRoom, mountTmpfs, takeRoom, unmount } from "#tests/support/small-disk.ts";
import { startServer } from "#tests/support/server-process.mjs";
import { COMMITTED_PUBLIC, MEDIA_OUT_OF_GIT, SITE_FILES } from "#tests/support/project-copy.ts";
import { freePort, PROJECT_SOURCES, scratchProject } from "#tests/support/scratch-project.ts";

const ROOT = path.join(import.meta.dirname, "../../..");
const BUCKET = "agency-media";
/** Uploads the service keeps waiting for a save, per editor and in all, in GiB: small, so a test can go past them. */
export const UPLOAD_QUOTAS = { EDIT_UPLOAD_QUOTA: "0.5", EDIT_UPLOAD_TOTAL: "0.75" };
export const BRANCH = "main";

/** Who pushes to the remote besides the service: the seed commit and the developer's changes. */
export const DEVELOPER = { name: "Dev Eloper", email: "dev@agency.example" };

/**
 * Each server's place in a block of ports from freePort(): all chosen at once, for the provider is told the
 * service's address, and the bucket the site's, before either listens.
 */
const PORTS = {
  service: 0,
  /** EDIT_PORT+1, the preview; +2 is its development server's (`remix dev --port`). */
  preview: 1,
  store: 3,
  provider: 4,
  /** The site built from a fresh clone of the remote. */
  site: 5,
  /** A page of another origin, trying to save. */
  elsewhere: 6,
  /**
   * The public site as the service follows it (EDIT_SITE_URL), when a spec stands one in: Varnish, with the
   * cluster's two instances on the two ports after it (`npm run start:cluster`).
   */
  publicSite: 7,
} as const;
/** The ports the block holds: the public site's instances are on the two after the last. */
const PORT_COUNT = Math.max(...Object.values(PORTS)) + 3;

/** One of the service's routes, as edit/service/service-server.ts lists them (a type only: erased from the spec). */
export type ServiceRoute = (typeof import("#edit/service/service-server.ts"))["SERVICE_ROUTES"][number];

/**
 * SERVICE_ROUTES, read in a process of the service's own (tsx, as `npm run edit:service` runs): the module brings
 * Keystatic and the screen's components with it, which are no business of the test runner's.
 */
async function serviceRoutes(code: string): Promise<ServiceRoute[]> {
  const script = `const { SERVICE_ROUTES } = await import("#edit/service/service-server.ts");
process.stdout.write(JSON.stringify(SERVICE_ROUTES));`;
  const printed = await runAsync(code, process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    timeoutMs: 60_000,
  });
  return JSON.parse(printed) as ServiceRoute[];
}

/** One push as the remote's pre-receive hook saw it. */
export interface PushRecord {
  ref: string;
  old: string;
  new: string;
  /** The media outputs whose manifest entry it adds or changes (on the branch only). */
  checked: string[];
  /** Those of them the bucket did not have when the push arrived. */
  missing: string[];
}

export interface ServiceInstance {
  /** EDIT_PUBLIC_URL. */
  origin: string;
  ports: { [Name in keyof typeof PORTS]: number };
  /** The bucket as the site reads it (MEDIA_ORIGIN). */
  mediaOrigin: string;
  /** The bare repository the service pushes to, which a public site may follow. */
  remote: string;
  /** The seed commit: what was on the branch before any save. */
  seed: string;
  /** A scratch folder of the instance's, removed with it. */
  scratch: string;
  provider: TestOidcProvider;
  /** Git in the remote: its output, trimmed. */
  git(...args: string[]): string;
  /** The developer brings their clone up to date, changes files, commits and pushes; the commit. */
  developerPushes(changes: Record<string, (text: string) => string>, subject: string): string;
  /** Every push the remote received so far. */
  pushes(): PushRecord[];
  /**
   * The service's resident memory in MiB: `own`, its node process (the one listening on its port); `withChildren`,
   * that and every process it started (git, ffmpeg, a media build's helpers) but the preview's server and builds.
   */
  serviceMemory(): Promise<{ own: number; withChildren: number }>;
  /** SERVICE_ROUTES, as the service's own module exports them. */
  routes: ServiceRoute[];
  /** What the service printed so far. */
  log(): string;
  /** The service's processes, the preview's included, each with its environment and listening sockets. */
  processes(): Promise<ServiceProcess[]>;
  /** The secrets the service is given (the provider's client secret, the session secret, the bucket's key). */
  secrets: string[];
  /** Stops the service as a deploy would (SIGTERM to its tree) and starts it again on the same data. */
  restart(): Promise<void>;
  /** Kills the service's tree at once (SIGKILL: a power cut, the OOM killer) and starts it again on the same data. */
  crash(): Promise<void>;
  /** Kills the bucket's server (s3rver): nothing answers on its port until bucketBack(). */
  bucketAway(): Promise<void>;
  /** Starts the bucket's server again, on the same port and the same files. */
  bucketBack(): Promise<void>;
  /**
   * With `dataDisk`, EDIT_DATA is a tmpfs of its own (false when this user may not mount one: not root), whose room
   * diskFull() takes away and diskRoom() gives back.
   */
  dataDisk: boolean;
  diskFull(): Promise<void>;
  diskRoom(): Promise<void>;
  /** A fresh clone of the remote, built with the bucket as its media and served; stopped with the instance. */
  startFreshClone(): Promise<string>;
  stop(): Promise<void>;
}

/** Git's environment, for the service's git as for the tests': nothing from this machine's or user's config. */
function gitEnv(scratch: string): Record<string, string> {
  return { GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: path.join(scratch, "gitconfig") };
}

/** Runs a command to its end, within `timeoutMs`, without blocking the worker; its stdout, or an error with its output. */
export function runAsync(
  cwd: string,
  command: string,
  args: string[],
  { env = {}, timeoutMs }: { env?: Record<string, string>; timeoutMs: number },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve(stdout);
      const why = signal === "SIGKILL" ? `took longer than ${timeoutMs / 1000} s` : `exited with ${code ?? signal}`;
      reject(new Error(`${command} ${args.join(" ")} ${why}\n${stdout.slice(-4000)}\n${stderr.slice(-4000)}`));
    });
  });
}

/**
 * The remote's pre-receive hook, in CommonJS (the bare repository has no package.json): for each push to the
 * branch, the outputs media/manifest.json adds or changes, each asked of the bucket with a HEAD. It only records;
 * the spec judges.
 */
const HOOK = (config: { branchRef: string; mediaOrigin: string; log: string }) => `#!${process.execPath}
const { execFileSync } = require("node:child_process");
const { appendFileSync, readFileSync } = require("node:fs");
const config = ${JSON.stringify(config)};
const none = /^0+$/;
function manifest(commit) {
  try {
    return JSON.parse(execFileSync("git", ["show", commit + ":media/manifest.json"], { encoding: "utf8" }));
  } catch {
    return {};
  }
}
(async () => {
  for (const line of readFileSync(0, "utf8").split("\\n").filter(Boolean)) {
    const [old, next, ref] = line.split(" ");
    const record = { ref, old, new: next, checked: [], missing: [] };
    if (ref === config.branchRef && !none.test(next)) {
      const before = none.test(old) ? {} : manifest(old);
      for (const [output, entry] of Object.entries(manifest(next))) {
        if (JSON.stringify(before[output]) === JSON.stringify(entry)) continue;
        record.checked.push(output);
        const there = await fetch(config.mediaOrigin + output, { method: "HEAD" }).then((r) => r.ok, () => false);
        if (!there) record.missing.push(output);
      }
    }
    appendFileSync(config.log, JSON.stringify(record) + "\\n");
  }
})();
`;

/** The site's repository as an agency keeps it once its media are in a bucket: a commit of real files, no links. */
async function seedRemote(scratch: string, mediaOrigin: string, env: Record<string, string>) {
  const seed = path.join(scratch, "seed");
  const remote = path.join(scratch, "remote.git");
  for (const file of [...SITE_FILES, ...COMMITTED_PUBLIC])
    await cp(path.join(ROOT, file), path.join(seed, file), { recursive: true, dereference: true });
  await appendFile(path.join(seed, ".gitignore"), MEDIA_OUT_OF_GIT);
  const git = (cwd: string, ...args: string[]) =>
    execFileSync("git", args, { cwd, env: { ...process.env, ...env }, encoding: "utf8" }).trim();
  git(seed, "init", "-q", "-b", BRANCH);
  git(seed, "add", "-A");
  git(seed, "-c", `user.name=${DEVELOPER.name}`, "-c", `user.email=${DEVELOPER.email}`, "commit", "-qm", "The site");
  git(scratch, "clone", "-q", "--bare", seed, remote);
  git(remote, "config", "receive.denyNonFastForwards", "true");
  git(remote, "config", "receive.denyDeletes", "true");
  const log = path.join(scratch, "pushes.jsonl");
  await writeFile(log, "");
  const hook = path.join(remote, "hooks/pre-receive");
  await writeFile(hook, HOOK({ branchRef: `refs/heads/${BRANCH}`, mediaOrigin, log }));
  await chmod(hook, 0o755);
  const developer = path.join(scratch, "developer");
  git(scratch, "clone", "-q", remote, developer);
  git(developer, "config", "user.name", DEVELOPER.name);
  git(developer, "config", "user.email", DEVELOPER.email);
  await rm(seed, { recursive: true });
  return { remote, developer, log, seed: git(remote, "rev-parse", BRANCH) };
}

/** Which of `pids` listens on 127.0.0.1:`port`: the socket's inode in /proc/net/tcp, then whose descriptor it is. */
async function listenerOf(port: number, pids: Iterable<number>): Promise<number | undefined> {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  const inodes = new Set(
    (await readFile("/proc/net/tcp", "utf8"))
      .split("\n")
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[1] === local && fields[3] === "0A")
      .map((fields) => `socket:[${fields[9]}]`),
  );
  for (const pid of pids) {
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => []);
    for (const fd of fds) if (inodes.has(await readlink(`/proc/${pid}/fd/${fd}`).catch(() => ""))) return pid;
  }
  return undefined;
}

/** Whether a listening socket's address, as /proc/net/tcp or tcp6 writes it (hex, little-endian words), is the loopback's. */
function isLoopbackHex(hex: string): boolean {
  if (hex.length === 8) return hex.slice(6) === "7F";
  const mapped = hex.startsWith("0000000000000000FFFF0000") && hex.slice(30) === "7F";
  return mapped || hex === "00000000000000000000000001000000";
}

/** Every TCP socket listening on this machine, by the inode its descriptors name: on the loopback or not, and its port. */
async function listeningSockets(): Promise<Map<string, { loopback: boolean; port: number }>> {
  const found = new Map<string, { loopback: boolean; port: number }>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"])
    for (const line of (await readFile(table, "utf8").catch(() => "")).split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[3] !== "0A") continue;
      const [hex, port] = fields[1].split(":");
      found.set(`socket:[${fields[9]}]`, { loopback: isLoopbackHex(hex), port: parseInt(port, 16) });
    }
  return found;
}

/** One process of the service's tree: its command line, its environment, and where it listens. */
export interface ServiceProcess {
  pid: number;
  command: string;
  environment: string;
  listens: { loopback: boolean; port: number }[];
}

/** Whether a process is there and not a zombie (which a container's init may never reap). */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** Signals a process (or a group, with a negative id) that may have ended meanwhile. */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
  }
}

async function residentKiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** Resolves once the service prints that it is ready; rejects with its output if it exits first or takes too long. */
function ready(child: ChildProcess, line: string, output: () => string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the service did not print "${line}" within ${timeoutMs / 1000} s:\n${output()}`)),
      timeoutMs,
    );
    const watch = () => {
      if (!output().includes(line)) return;
      clearTimeout(timer);
      child.stdout?.off("data", watch);
      resolve();
    };
    child.stdout?.on("data", watch);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the service exited (${code ?? signal}) before it was ready:\n${output()}`));
    });
  });
}

/**
 * Settings a spec adds to the service's, knowing the instance's ports (EDIT_SITE_URL on `ports.publicSite`), its
 * remote and its scratch folder (a public site's SITE_FOLLOW and SITE_DATA, which the service is given too).
 */
export type ExtraSettings = (
  ports: ServiceInstance["ports"],
  instance: Pick<ServiceInstance, "remote" | "scratch">,
) => Record<string, string>;

/**
 * EDIT_DATA's tmpfs, with `dataDisk`: past the 5 GiB the service keeps free under its uploads (upload-staging.ts).
 * Its pages are memory only as they are written: the clone, the preview's builds and a spec's uploads.
 */
const DATA_DISK_MIB = 8192;

/**
 * Starts the whole instance; `stop()` ends every process it started and removes every folder it made. `dataDisk`:
 * EDIT_DATA on a tmpfs of its own, for a spec that fills it.
 */
export async function startServiceInstance(
  extra: ExtraSettings = () => ({}),
  { dataDisk = false } = {},
): Promise<ServiceInstance> {
  const first = await freePort(PORT_COUNT);
  const ports = Object.fromEntries(Object.entries(PORTS).map(([name, offset]) => [name, first + offset])) as {
    [Name in keyof typeof PORTS]: number;
  };
  const origin = `http://127.0.0.1:${ports.service}`;
  const endpoint = `http://127.0.0.1:${ports.store}`;
  const mediaOrigin = `${endpoint}/${BUCKET}`;
  const scratch = await mkdtemp(path.join(tmpdir(), "edit-service-"));
  const folders = [scratch];
  const children: ChildProcess[] = [];
  let provider: TestOidcProvider | undefined;
  let service: ChildProcess | undefined;
  let output = "";

  let launch = async () => undefined as void;
  const secrets: string[] = [];

  async function stopService(how: "SIGTERM" | "SIGKILL" = "SIGTERM") {
    // The service's whole tree, found before it is signalled: a child in a process group of its own
    // would otherwise outlive a group kill.
    const tree = service?.pid ? descendantsOf(service.pid, await parents()) : new Set<number>();
    if (how === "SIGKILL") for (const pid of tree) signal(pid, "SIGKILL");
    if (service?.pid && service.exitCode === null) signal(-service.pid, how);
    for (let waited = 0; waited < 50 && [...tree].some(isRunning); waited++) await sleep(100);
    for (const pid of tree) if (isRunning(pid)) signal(pid, "SIGKILL");
  }

  const data = path.join(scratch, "data");
  let mounted = false;

  async function stop() {
    await stopService();
    for (const child of children) child.kill();
    await provider?.stop();
    if (mounted) unmount(data);
    // A child still exiting may write a last file meanwhile: rm tries again rather than hide the error that stopped us.
    for (const folder of folders) await rm(folder, { recursive: true, force: true, maxRetries: 5 });
  }

  try {
    await writeFile(path.join(scratch, "gitconfig"), "");
    const env = gitEnv(scratch);
    const store = path.join(scratch, "store");
    await mkdir(store);
    let bucket = await startS3rver(ports.store, store, BUCKET);
    children.push(bucket);
    // The existing media, from this checkout which has them (the operator's machine that made them), for both
    // pages that read the bucket: the preview, through the service's origin, and the site built from a clone.
    const published = runAsync(
      ROOT,
      "npm",
      // The outputs only: the sources of this checkout (a developer's) are not the instance's to publish, nor its list to rewrite.
      [
        "run",
        "--silent",
        "media:publish",
        "--",
        "--outputs-only",
        "--cors",
        origin,
        "--cors",
        `http://127.0.0.1:${ports.site}`,
      ],
      { env: { ...S3RVER_KEYS, MEDIA_BUCKET: BUCKET, MEDIA_ENDPOINT: endpoint }, timeoutMs: 120_000 },
    );
    const repository = await seedRemote(scratch, mediaOrigin, env);
    provider = await startOidcProvider({ redirectUris: [`${origin}/auth/callback`], port: ports.provider });
    // The service's own code, as an operator's image holds it: apart from the clone it edits.
    const code = await scratchProject("edit-service-code-", [
      ...PROJECT_SOURCES,
      "edit",
      ".gitignore",
      "package-lock.json",
    ]);
    folders.push(code);
    await published;

    if (dataDisk) {
      await mkdir(data);
      mounted = mountTmpfs(data, DATA_DISK_MIB);
    }
    const settings = {
      ...process.env,
      ...env,
      EDIT_PUBLIC_URL: origin,
      EDIT_OIDC_ISSUER: provider.issuer,
      EDIT_OIDC_CLIENT_ID: provider.clientId,
      EDIT_OIDC_CLIENT_SECRET: provider.clientSecret,
      EDIT_ALLOWED: "@agency.example",
      EDIT_SESSION_SECRET: randomBytes(36).toString("base64url"),
      EDIT_REPO: repository.remote,
      EDIT_DATA: data,
      EDIT_HOST: "127.0.0.1",
      EDIT_PORT: String(ports.service),
      ...UPLOAD_QUOTAS,
      ...S3RVER_KEYS,
      MEDIA_BUCKET: BUCKET,
      MEDIA_ENDPOINT: endpoint,
      MEDIA_ORIGIN: mediaOrigin,
      ...extra(ports, { remote: repository.remote, scratch }),
    };
    secrets.push(settings.EDIT_OIDC_CLIENT_SECRET, settings.EDIT_SESSION_SECRET, S3RVER_KEYS.AWS_SECRET_ACCESS_KEY);
    launch = async () => {
      const from = output.length;
      service = spawn("npm", ["run", "edit:service"], {
        cwd: code,
        // Its own process group, so stopService() reaches what it starts.
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
        env: settings,
      });
      const keep = (chunk: Buffer) => (output += chunk.toString());
      service.stdout?.on("data", keep);
      service.stderr?.on("data", keep);
      await ready(service, `editing service: ${origin}`, () => output.slice(from), 180_000);
    };
    // Read while the service starts; awaited once it is ready (and not left unhandled if it never is).
    const routes = serviceRoutes(code);
    routes.catch(() => undefined);
    await launch();

    const instanceProvider = provider;
    const git = (...args: string[]) =>
      execFileSync("git", args, { cwd: repository.remote, env: { ...process.env, ...env }, encoding: "utf8" }).trim();
    const inDeveloper = (...args: string[]) =>
      execFileSync("git", args, { cwd: repository.developer, env: { ...process.env, ...env }, encoding: "utf8" });

    return {
      origin,
      ports,
      mediaOrigin,
      remote: repository.remote,
      seed: repository.seed,
      scratch,
      provider: instanceProvider,
      routes: await routes,
      git,
      developerPushes(changes, subject) {
        inDeveloper("pull", "-q", "--ff-only", "origin", BRANCH);
        for (const [file, change] of Object.entries(changes)) {
          const full = path.join(repository.developer, file);
          const text = readFileSync(full, "utf8");
          const changed = change(text);
          if (changed === text) throw new Error(`the developer's change to ${file} changes nothing`);
          writeFileSync(full, changed);
        }
        inDeveloper("commit", "-qam", subject);
        inDeveloper("push", "-q", "origin", BRANCH);
        return inDeveloper("rev-parse", "HEAD").trim();
      },
      pushes: () =>
        readFileSync(repository.log, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as PushRecord),
      async serviceMemory() {
        const parentOf = await parents();
        const tree = descendantsOf(service!.pid!, parentOf);
        const listening = await listenerOf(ports.service, tree);
        if (listening === undefined) throw new Error(`no process of the service's listens on ${origin}`);
        const counted = descendantsOf(listening, parentOf);
        // The preview is the site's memory, not the service's: its server and its builds, each started with the
        // preview's port in its environment (preview-site.ts), are left out with everything they started.
        const previewPort = `PORT=${ports.preview}`;
        for (const pid of [...counted]) {
          const environment = (await readFile(`/proc/${pid}/environ`, "utf8").catch(() => "")).split("\0");
          if (environment.includes(previewPort))
            for (const child of descendantsOf(pid, parentOf)) counted.delete(child);
        }
        let kib = 0;
        for (const pid of counted) kib += await residentKiB(pid);
        return { own: (await residentKiB(listening)) / 1024, withChildren: kib / 1024 };
      },
      log: () => output,
      secrets,
      async processes() {
        const sockets = await listeningSockets();
        const found: ServiceProcess[] = [];
        for (const pid of descendantsOf(service!.pid!, await parents())) {
          const read = (file: string) => readFile(`/proc/${pid}/${file}`, "utf8").catch(() => "");
          const listens = [];
          for (const fd of await readdir(`/proc/${pid}/fd`).catch(() => [])) {
            const socket = sockets.get(await readlink(`/proc/${pid}/fd/${fd}`).catch(() => ""));
            if (socket) listens.push(socket);
          }
          const command = (await read("cmdline")).split("\0").join(" ").trim();
          found.push({ pid, command, environment: await read("environ"), listens });
        }
        return found;
      },
      async restart() {
        await stopService();
        await launch();
      },
      async crash() {
        await stopService("SIGKILL");
        await launch();
      },
      async bucketAway() {
        const exited = once(bucket, "exit");
        bucket.kill("SIGKILL");
        await exited;
      },
      async bucketBack() {
        bucket = await startS3rver(ports.store, store, BUCKET);
        children.push(bucket);
      },
      dataDisk: mounted,
      diskFull: () => takeRoom(data),
      diskRoom: () => giveRoom(data, DATA_DISK_MIB),
      async startFreshClone() {
        const dir = await mkdtemp(path.join(tmpdir(), "edit-service-clone-"));
        folders.push(dir);
        await runAsync(tmpdir(), "git", ["clone", "-q", "--branch", BRANCH, repository.remote, dir], {
          env,
          timeoutMs: 30_000,
        });
        await symlink(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
        await runAsync(dir, "npm", ["run", "--silent", "build"], {
          env: { MEDIA_ORIGIN: mediaOrigin },
          timeoutMs: 150_000,
        });
        const site = await startServer(ports.site, { cwd: dir, env: { MEDIA_ORIGIN: mediaOrigin } });
        children.push(site.child);
        return site.origin;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
