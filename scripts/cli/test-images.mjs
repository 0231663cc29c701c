/**
 * `node scripts/cli/test-images.mjs`: builds the site's image (Dockerfile) and the editing service's
 * (deploy/edit-service/Dockerfile) from a clean clone of this repository's last commit, one after the other, and
 * checks them, one line per check; exits 1 if any fails. With podman, as root (installed with apt-get when missing;
 * skipped, saying why, when not root or without apt-get), on a stand-in for `node:24-bookworm-slim` made once, kept:
 * Debian 12 (`mmdebstrap --variant=minbase`), this Node in /usr/local, npm, a `node` user with uid 1000, as the
 * official image has. GitHub is made unreachable during the builds; npm trusts this machine's CA bundle.
 *
 * NODE_IMAGE=docker.io/library/node:24-bookworm-slim uses that image instead of the stand-in (where a registry is reachable);
 * IMAGES_SOURCE=<folder> builds from that folder instead of a clean clone (a clone with uncommitted changes).
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

import { aptInstall } from "#scripts/setup/apt.mjs";
import { ensureNode } from "#scripts/setup/ensure-node.mjs";

const ROOT = path.join(import.meta.dirname, "../..");
const CACHE = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "agency-portfolio", "podman");
const IMAGES = { site: "localhost/calloway-artists:test", edit: "localhost/calloway-edit:test" };
const CONTAINERS = { site: "calloway-test-site", edit: "calloway-test-edit" };
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

let failures = 0;
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
function check(ok, what, detail = "") {
  if (!ok) failures += 1;
  console.log(ok ? `ok   ${what}` : `FAIL ${what}${detail ? `: ${detail}` : ""}`);
  return ok;
}

const has = (command) => spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
const hasInit = () => ["/usr/libexec/podman/catatonit", "/usr/bin/catatonit"].some((file) => existsSync(file));

/**
 * podman, runc, catatonit (`--init`) and mmdebstrap, installed when missing; the reason they are not, or undefined.
 * Root only: rootful podman (a rootless one maps the container's users elsewhere, and mmdebstrap needs subuids).
 */
function ensurePodman() {
  if (process.getuid?.() !== 0) return "it runs podman as root, and this is not root";
  const missing = () => [
    ...["podman", "runc", "mmdebstrap"].filter((command) => !has(command)),
    ...(hasInit() ? [] : ["catatonit"]),
  ];
  if (missing().length > 0) aptInstall(missing(), `${missing().join(", ")} missing; installing Debian's.`);
  if (missing().length === 0) return undefined;
  return `${missing().join(", ")} not installed, and apt-get cannot install them here (it needs root and apt-get)`;
}

/** Runs a command to its end, its output kept; { status, output }. */
function run(command, args, { env = process.env, timeout = 60_000, log } = {}) {
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

const podmanEnv = { ...process.env, CONTAINERS_CONF: path.join(CACHE, "containers.conf") };
/** podman's complaint, on a machine without systemd, that it cannot set a timer for the HEALTHCHECK (run by hand here). */
const NO_TIMER = /^time=.*unable to get systemd connection.*\n?/gm;
const podman = async (args, options = {}) => {
  const { status, output } = await run("podman", args, { env: podmanEnv, ...options });
  return { status, output: output.replace(NO_TIMER, "") };
};
const lastLines = (text, count = 15) => text.trimEnd().split("\n").slice(-count).join("\n");

/** A TCP port nothing listens on, for a container's published port. */
async function freePort() {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The Node this script runs on, and npm, as folders to copy into the stand-in base. */
function nodeToCopy() {
  const prefix = path.dirname(path.dirname(process.execPath));
  // A distribution's node links a shared libnode, which a copy of its binary would miss.
  if (process.config.variables.node_shared) throw new Error(`${process.execPath} is a distribution's build`);
  const bundledNpm = path.join(prefix, "lib", "node_modules", "npm");
  const onPath = spawnSync("sh", ["-c", "command -v npm"], { encoding: "utf8" }).stdout.trim();
  if (!existsSync(bundledNpm) && !onPath) throw new Error("no npm to copy into the stand-in base");
  // The machine's npm, where this Node is the npm registry's package (bin/node alone): its folder, npm/bin/npm-cli.js.
  const npm = existsSync(bundledNpm) ? bundledNpm : path.dirname(path.dirname(realpathSync(onPath)));
  return { node: process.execPath, include: path.join(prefix, "include", "node"), npm };
}

/** The stand-in base (Debian 12, this Node and npm, the node user), made once per Node version; its name. */
async function standInBase() {
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

/** Builds `dockerfile` of `source` as `tag` on `base`, GitHub unreachable; whether it built. */
async function build(what, { source, dockerfile, tag, base, logs }) {
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
  return check(
    built.status === 0,
    `${what} image builds from a clean clone, GitHub unreachable (${seconds(started)})`,
    built.status === 0 ? "" : `see ${log}\n${lastLines(built.output)}`,
  );
}

/** Polls `url` until it answers (any status) or `timeout` ms pass; the response or undefined. */
async function waitFor(url, { headers = {}, timeout = 60_000 } = {}) {
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
async function stopWithSigterm(container) {
  const started = performance.now();
  await podman(["kill", "--signal=TERM", container]);
  const waited = await podman(["wait", container], { timeout: 30_000 });
  return { code: waited.output.trim(), took: performance.now() - started };
}

/** How React writes text into HTML, for a name with `&` or `'` in it. */
const asHtml = (text) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

async function checkSite(source) {
  const name = CONTAINERS.site;
  await podman(["rm", "--force", name]);
  const port = await freePort();
  const started = await podman([
    "run",
    "--detach",
    `--name=${name}`,
    `--publish=127.0.0.1:${port}:3000`,
    `--env=SITE_URL=http://localhost:${port}`,
    // The check is run below, by hand; podman's timer for it needs systemd.
    "--health-interval=disable",
    IMAGES.site,
  ]);
  if (started.status !== 0) return check(false, "site container starts", lastLines(started.output));
  try {
    const origin = `http://127.0.0.1:${port}`;
    const health = await waitFor(`${origin}/healthz`, { timeout: 30_000 });
    const body = health ? await health.text() : "";
    check(health?.status === 200 && body.includes('"status":"ok"'), "site: /healthz is ok", body);

    const page = await fetch(`${origin}/artists/directors`);
    const html = await page.text();
    const folder = path.join(source, "app/content/artists/directors");
    const names = readdirSync(folder)
      .filter((file) => file.endsWith(".md"))
      .map((file) =>
        readFileSync(path.join(folder, file), "utf8")
          .match(/^name: (.+)$/m)?.[1]
          .trim(),
      )
      .filter(Boolean);
    const absent = names.filter((director) => !html.includes(asHtml(director)));
    check(
      page.status === 200 && html.includes("Film &amp; Content") && names.length > 0 && absent.length === 0,
      `site: /artists/directors answers ${page.status} with its heading and all ${names.length} directors`,
      absent.length > 0 ? `missing ${absent.join(", ")}` : "",
    );

    const uid = (await podman(["exec", name, "id", "-u"])).output.trim();
    check(uid !== "0" && uid !== "", `site: runs as a user other than root (id -u: ${uid})`);

    const healthcheck = await podman(["healthcheck", "run", name]);
    check(healthcheck.status === 0, "site: the image's HEALTHCHECK passes", lastLines(healthcheck.output));

    const stopped = await stopWithSigterm(name);
    check(
      stopped.code === "0" && stopped.took < 5_000,
      `site: stops on SIGTERM with exit ${stopped.code} in ${(stopped.took / 1000).toFixed(1)} s`,
    );
  } finally {
    const logs = await podman(["logs", "--tail=5", name]);
    if (failures > 0) console.log(`  the site's last lines:\n${logs.output.trimEnd().replace(/^/gm, "    ")}`);
    await podman(["rm", "--force", name]);
  }
}

/**
 * A test OpenID provider (oidc-provider, one of the image's dev dependencies, as in tests/support/oidc-provider.ts),
 * run inside the service's container beside it: the service reads its discovery document at start.
 */
const OIDC_PROVIDER = `
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { Provider } from "oidc-provider";
const env = process.env;
const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const provider = new Provider(env.EDIT_OIDC_ISSUER, {
  clients: [{ client_id: env.EDIT_OIDC_CLIENT_ID, client_secret: env.EDIT_OIDC_CLIENT_SECRET,
    redirect_uris: [env.EDIT_PUBLIC_URL + "/auth/callback"], grant_types: ["authorization_code"], response_types: ["code"] }],
  jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: "test", alg: "RS256", use: "sig" }] },
  cookies: { keys: [randomBytes(32).toString("base64url")] },
});
createServer(provider.callback()).listen(new URL(env.EDIT_OIDC_ISSUER).port, "127.0.0.1", () => writeFileSync("/tmp/oidc-ready", ""));
`;

const commitOf = (source) => spawnSync("git", ["-C", source, "rev-parse", "HEAD"], { encoding: "utf8" }).stdout.trim();

/**
 * The preview's /healthz (EDIT_PORT + 1, on the container's loopback), asked until it serves `commit` or refuses it,
 * for at most 5 minutes: its first build runs on the service's start.
 */
async function previewStatus(container, commit) {
  const since = performance.now();
  const ask = "fetch('http://127.0.0.1:4001/healthz').then((r) => r.text()).then(console.log, () => console.log('{}'))";
  let status = {};
  while (performance.now() - since < 5 * 60_000) {
    const answer = await podman(["exec", container, "node", "-e", ask]);
    try {
      status = JSON.parse(answer.output.trim().split("\n").at(-1));
    } catch {
      status = {};
    }
    if (status.commit === commit) return { ok: true, took: seconds(since) };
    if (status.refused?.commit === commit) break;
    await sleep(2_000);
  }
  const logs = await podman(["logs", "--tail=20", container]);
  return { ok: false, took: seconds(since), detail: `${JSON.stringify(status)}\n${lastLines(logs.output)}` };
}

const REQUIRED_SETTINGS = [
  "EDIT_PUBLIC_URL",
  "EDIT_OIDC_ISSUER",
  "EDIT_OIDC_CLIENT_ID",
  "EDIT_OIDC_CLIENT_SECRET",
  "EDIT_ALLOWED",
  "EDIT_SESSION_SECRET",
  "EDIT_REPO",
];

async function checkEditService(source, scratch) {
  const image = IMAGES.edit;
  const ffmpeg = await podman(["run", "--rm", image, "ffmpeg", "-version"]);
  const version = ffmpeg.output.match(/^ffmpeg version \S+/m)?.[0];
  check(ffmpeg.status === 0 && version !== undefined, `service: ffmpeg runs (${version})`, lastLines(ffmpeg.output));
  const git = await podman(["run", "--rm", image, "git", "--version"]);
  check(git.status === 0 && git.output.startsWith("git version"), `service: git runs (${git.output.trim()})`);

  // Without its settings (the image sets only EDIT_DATA, EDIT_HOST and EDIT_PORT): a line per missing one, no stack.
  const refused = await podman(["run", "--rm", "--health-interval=disable", image], { timeout: 60_000 });
  const lines = refused.output
    .trim()
    .split("\n")
    .filter((line) => !line.startsWith("time="));
  const unnamed = REQUIRED_SETTINGS.filter((setting) => !lines.some((line) => line.includes(setting)));
  check(
    refused.status !== 0 &&
      lines[0]?.startsWith("edit:service: ") &&
      unnamed.length === 0 &&
      lines.every((line) => /\bEDIT_[A-Z_]+\b/.test(line)),
    `service: refuses to start without its settings, exit ${refused.status}, one line per setting missing (${lines.length})`,
    unnamed.length > 0 || refused.status === 0 ? lastLines(refused.output) : lines[0],
  );

  // With them: a bare clone of the source as its remote, the test provider beside it.
  const remote = path.join(scratch, "site.git");
  const cloned = spawnSync("git", ["clone", "--quiet", "--bare", source, remote], { encoding: "utf8" });
  if (cloned.status !== 0) return check(false, "service: a bare clone of the source as its remote", cloned.stderr);
  // The container's node user (uid 1000) reads it: git refuses a repository another user owns.
  spawnSync("chown", ["-R", "1000:1000", remote]);
  const name = CONTAINERS.edit;
  await podman(["rm", "--force", name]);
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const issuer = "http://127.0.0.1:4900";
  const settings = {
    EDIT_PUBLIC_URL: publicUrl,
    EDIT_OIDC_ISSUER: issuer,
    EDIT_OIDC_CLIENT_ID: "edit-service",
    EDIT_OIDC_CLIENT_SECRET: randomBytes(24).toString("base64url"),
    EDIT_ALLOWED: "@agency.example",
    EDIT_SESSION_SECRET: randomBytes(36).toString("base64url"),
    EDIT_REPO: "/srv/site.git",
    EDIT_BRANCH: spawnSync("git", ["-C", source, "branch", "--show-current"], { encoding: "utf8" }).stdout.trim(),
    OIDC_PROVIDER,
  };
  const started = await podman(
    [
      "run",
      "--detach",
      "--init",
      `--name=${name}`,
      `--publish=127.0.0.1:${port}:4000`,
      `--volume=${remote}:/srv/site.git:ro`,
      ...Object.keys(settings).map((key) => `--env=${key}`),
      "--health-interval=disable",
      image,
      "sh",
      "-c",
      'node --input-type=module -e "$OIDC_PROVIDER" & until [ -e /tmp/oidc-ready ]; do sleep 0.2; done; exec node build/edit-service.js',
    ],
    { env: { ...podmanEnv, ...settings } },
  );
  if (started.status !== 0) return check(false, "service container starts", lastLines(started.output));
  try {
    const host = { host: new URL(publicUrl).host };
    const since = performance.now();
    const signedOut = await waitFor(`${publicUrl}/auth/signed-out`, { headers: host, timeout: 120_000 });
    check(
      signedOut?.status === 200,
      `service: starts with its settings (clones its remote, reads the provider's discovery) in ${seconds(since)}`,
      signedOut ? `/auth/signed-out answered ${signedOut.status}` : "no answer in 2 minutes",
    );
    const healthcheck = await podman(["healthcheck", "run", name]);
    check(healthcheck.status === 0, "service: the image's HEALTHCHECK passes", lastLines(healthcheck.output));
    const signIn = await fetch(`${publicUrl}/edit`, { headers: host, redirect: "manual" });
    const toProvider = await fetch(new URL(signIn.headers.get("location") ?? "/", publicUrl), {
      headers: host,
      redirect: "manual",
    });
    check(
      signIn.status === 302 && toProvider.headers.get("location")?.startsWith(`${issuer}/`),
      "service: /edit without a session leads to sign-in at the provider",
      `${signIn.status} → ${signIn.headers.get("location")} → ${toProvider.status} ${toProvider.headers.get("location")}`,
    );
    const preview = await previewStatus(name, commitOf(source));
    check(
      preview.ok,
      `service: its preview (the site following its branch) builds and serves the remote's commit in ${preview.took}`,
      preview.detail,
    );

    // Docker's default grace before SIGKILL is 10 s.
    const stopped = await stopWithSigterm(name);
    check(
      stopped.code === "0" && stopped.took < 10_000,
      `service: stops on SIGTERM with exit ${stopped.code} in ${(stopped.took / 1000).toFixed(1)} s`,
    );
  } finally {
    const logs = await podman(["logs", "--tail=8", name]);
    if (failures > 0) console.log(`  the service's last lines:\n${logs.output.trimEnd().replace(/^/gm, "    ")}`);
    await podman(["rm", "--force", name]);
  }
}

async function main() {
  const missing = ensurePodman();
  if (missing) {
    console.log(`SKIP images not tested: ${missing}.`);
    return;
  }
  // The stand-in base takes this script's Node: the project's (re-run on it when this one is older).
  ensureNode(fileURLToPath(import.meta.url), process.argv.slice(2));
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(path.join(CACHE, "containers.conf"), CONTAINERS_CONF);
  const started = performance.now();
  const scratch = mkdtempSync(path.join(os.tmpdir(), "calloway-images-"));
  try {
    let source = process.env.IMAGES_SOURCE;
    if (!source) {
      source = path.join(scratch, "src");
      const cloned = spawnSync("git", ["clone", "--quiet", ROOT, source], { encoding: "utf8" });
      if (cloned.status !== 0) throw new Error(`git clone failed: ${cloned.stderr}`);
    }
    const commit = spawnSync("git", ["-C", source, "log", "-1", "--format=%h %s"], { encoding: "utf8" }).stdout.trim();
    console.log(`source: ${source} (${commit})`);
    const base = process.env.NODE_IMAGE ?? (await standInBase());
    const logs = path.join(scratch, "logs");
    mkdirSync(logs);

    if (await build("site", { source, dockerfile: "Dockerfile", tag: IMAGES.site, base, logs }))
      await checkSite(source).catch((error) => check(false, "site checks", error.stack));
    const dockerfile = "deploy/edit-service/Dockerfile";
    if (await build("service", { source, dockerfile, tag: IMAGES.edit, base, logs }))
      await checkEditService(source, scratch).catch((error) => check(false, "service checks", error.stack));
  } finally {
    if (failures === 0) rmSync(scratch, { recursive: true, force: true });
    else console.log(`build logs kept in ${scratch}/logs`);
  }
  console.log(`${failures === 0 ? "all checks passed" : `${failures} check(s) failed`} in ${seconds(started)}`);
  if (failures > 0) process.exitCode = 1;
}

await main();
