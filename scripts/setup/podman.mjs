/**
 * Building and running images with podman for scripts/cli/test-images.mjs: podman and its helpers
 * installed when missing, a configuration of its own (runc, no default ulimits), a stand-in for
 * `node:24-bookworm-slim` made once and kept, builds with GitHub unreachable and this machine's CA
 * bundle trusted, and the small waits a check needs.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import { aptInstall, hasCommand } from "./apt.mjs";

export const CACHE = path.join(
  process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"),
  "agency-portfolio",
  "podman",
);
/** The hosts a build would reach GitHub through (a prebuilt binary's download): pointed at nothing for the builds. */
const GITHUB = [
  "github.com",
  "api.github.com",
  "codeload.github.com",
  "objects.githubusercontent.com",
  "raw.githubusercontent.com",
  "release-assets.githubusercontent.com",
];
/** The CA bundle npm must trust in the builds, when there is one: this machine's (a TLS-inspecting proxy's CA in it). */
const CA_BUNDLE = [process.env.NODE_EXTRA_CA_CERTS, "/etc/ssl/certs/ca-certificates.crt"].find(
  (file) => file && existsSync(file),
);
/**
 * runc: crun cannot run in some VMs' hybrid cgroups; no default ulimits: podman's (nofile 1048576) can exceed what
 * an unprivileged VM allows. A file of the script's own, so the machine's configuration is left alone.
 */
const CONTAINERS_CONF = `[containers]\ndefault_ulimits = []\n\n[engine]\nruntime = "runc"\n`;

/** Seconds since `since` (a `performance.now()`), for a line. */
export const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const hasInit = () => ["/usr/libexec/podman/catatonit", "/usr/bin/catatonit"].some((file) => existsSync(file));

/**
 * podman, runc, catatonit (`--init`) and mmdebstrap, installed when missing; the reason they are not, or undefined.
 * Root only: rootful podman (a rootless one maps the container's users elsewhere, and mmdebstrap needs subuids).
 */
export function ensurePodman() {
  if (process.getuid?.() !== 0) return "it runs podman as root, and this is not root";
  const missing = () => [
    ...["podman", "runc", "mmdebstrap"].filter((command) => !hasCommand(command)),
    ...(hasInit() ? [] : ["catatonit"]),
  ];
  if (missing().length > 0) aptInstall(missing(), `${missing().join(", ")} missing; installing Debian's.`);
  if (missing().length === 0) return undefined;
  return `${missing().join(", ")} not installed, and apt-get cannot install them here (it needs root and apt-get)`;
}

/**
 * Runs a command to its end, its output kept (and appended to `log` as it comes, when given); { status, output }.
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv; timeout?: number; log?: string }} [options]
 * @returns {Promise<{ status: number | null; output: string }>}
 */
export function run(command, args, { env = process.env, timeout = 60_000, log } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const keep = (chunk) => {
      output += chunk;
      if (log) writeFileSync(log, chunk, { flag: "a" });
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    const timer = setTimeout(() => child.kill("SIGKILL"), timeout);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, output: log ? output.slice(-4000) : output });
    });
  });
}

export const podmanEnv = { ...process.env, CONTAINERS_CONF: path.join(CACHE, "containers.conf") };
/** podman's complaint, on a machine without systemd, that it cannot set a timer for the HEALTHCHECK (run by hand here). */
const NO_TIMER = /^time=.*unable to get systemd connection.*\n?/gm;
export const podman = async (args, options = {}) => {
  const { status, output } = await run("podman", args, { env: podmanEnv, ...options });
  return { status, output: output.replace(NO_TIMER, "") };
};
export const lastLines = (text, count = 15) => text.trimEnd().split("\n").slice(-count).join("\n");

/** A TCP port nothing listens on, for a container's published port. */
export async function freePort() {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The Node this script runs on, and npm, as folders to copy into the stand-in base. */
function nodeToCopy() {
  const prefix = path.dirname(path.dirname(process.execPath));
  // A distribution's node links a shared libnode, which a copy of its binary would miss.
  if (/** @type {Record<string, unknown>} */ (process.config.variables).node_shared)
    throw new Error(`${process.execPath} is a distribution's build`);
  const bundledNpm = path.join(prefix, "lib", "node_modules", "npm");
  const onPath = spawnSync("sh", ["-c", "command -v npm"], { encoding: "utf8" }).stdout.trim();
  if (!existsSync(bundledNpm) && !onPath) throw new Error("no npm to copy into the stand-in base");
  // The machine's npm, where this Node is the npm registry's package (bin/node alone): the folder of its npm-cli.js.
  const npm = existsSync(bundledNpm) ? bundledNpm : path.dirname(path.dirname(realpathSync(onPath)));
  return { node: process.execPath, include: path.join(prefix, "include", "node"), npm };
}

/** The stand-in base (Debian 12, this Node and npm, the node user), made once per Node version; its name. */
export async function standInBase() {
  const name = `localhost/calloway-node-base:${process.versions.node}`;
  if ((await podman(["image", "exists", name])).status === 0) {
    console.log(`base: ${name} (kept from an earlier run)`);
    return name;
  }
  const started = performance.now();
  const { node, include, npm } = nodeToCopy();
  const tarball = path.join(CACHE, "base.tar");
  const hooks = [
    'mkdir -p "$1/usr/local/lib/node_modules"',
    `copy-in ${node} /usr/local/bin`,
    ...(existsSync(include) ? [`copy-in ${include} /usr/local/include`] : []),
    `copy-in ${npm} /usr/local/lib/node_modules`,
    // As the official image: npm and npx on the PATH, a `node` user and group with id 1000.
    'chroot "$1" sh -c "ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node"',
  ];
  const made = await run(
    "mmdebstrap",
    ["--variant=minbase", "--quiet", ...hooks.map((hook) => `--customize-hook=${hook}`), "bookworm", tarball],
    { timeout: 20 * 60_000 },
  );
  if (made.status !== 0) throw new Error(`mmdebstrap failed:\n${lastLines(made.output)}`);
  const imported = await podman(["import", "--change", 'CMD ["node"]', tarball, name]);
  rmSync(tarball, { force: true });
  if (imported.status !== 0) throw new Error(`podman import failed:\n${lastLines(imported.output)}`);
  console.log(`base: ${name} made (${seconds(started)})`);
  return name;
}

/** This process's hard limit of open files, as `soft:hard` for podman; Docker's builds get 1048576. */
function openFilesLimit() {
  const hard = spawnSync("sh", ["-c", "ulimit -Hn"], { encoding: "utf8" }).stdout.trim();
  const limit = hard === "unlimited" || !/^\d+$/.test(hard) ? 1048576 : Math.min(Number(hard), 1048576);
  return `${limit}:${limit}`;
}

/** Polls `url` until it answers (any status) or `timeout` ms pass; the response or undefined. */
export async function waitFor(url, { headers = {}, timeout = 60_000 } = {}) {
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    try {
      return await fetch(url, { headers, redirect: "manual", signal: AbortSignal.timeout(5_000) });
    } catch {
      await sleep(250);
    }
  }
  return undefined;
}

/** Sends SIGTERM to a running container; its exit code and how long it took to stop. */
export async function stopWithSigterm(container) {
  const started = performance.now();
  await podman(["kill", "--signal=TERM", container]);
  const waited = await podman(["wait", container], { timeout: 30_000 });
  return { code: waited.output.trim(), took: performance.now() - started };
}

/** Builds `dockerfile` of `source` as `tag` on `base`, GitHub unreachable; { ok, took, log, output }. */
export async function buildImage({ source, dockerfile, tag, base, logs }) {
  const started = performance.now();
  const log = path.join(logs, `${path.basename(tag).replace(/[:/]/g, "-")}.log`);
  const args = [
    "build",
    // Docker's image format: the OCI one drops HEALTHCHECK.
    "--format=docker",
    "--layers",
    // buildah gives RUN 1024 open files, which npm ci from a warm cache exceeds (EMFILE): this process's own limit.
    `--ulimit=nofile=${openFilesLimit()}`,
    `--build-arg=NODE_IMAGE=${base}`,
    ...(CA_BUNDLE ? [`--secret=id=npm_ca,src=${CA_BUNDLE}`] : []),
    ...GITHUB.map((host) => `--add-host=${host}:127.0.0.1`),
    `--file=${path.join(source, dockerfile)}`,
    `--tag=${tag}`,
    source,
  ];
  const built = await podman(args, { timeout: 40 * 60_000, log });
  return { ok: built.status === 0, took: seconds(started), log, output: built.output };
}

/** podman's configuration for these runs (CONTAINERS_CONF), written where podmanEnv points. */
export function writeContainersConf() {
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(path.join(CACHE, "containers.conf"), CONTAINERS_CONF);
}
