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
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { ensureNode } from "#scripts/setup/ensure-node.mjs";
import {
  buildImage,
  ensurePodman,
  freePort,
  lastLines,
  podman,
  podmanEnv,
  seconds,
  standInBase,
  stopWithSigterm,
  waitFor,
  writeContainersConf,
} from "#scripts/setup/podman.mjs";
import { commitOf, OIDC_PROVIDER, previewStatus } from "#scripts/setup/edit-service-container.mjs";

const ROOT = path.join(import.meta.dirname, "../..");
const IMAGES = { site: "localhost/calloway-artists:test", edit: "localhost/calloway-edit:test" };
const CONTAINERS = { site: "calloway-test-site", edit: "calloway-test-edit" };

let failures = 0;
function check(ok, what, detail = "") {
  if (!ok) failures += 1;
  console.log(ok ? `ok   ${what}` : `FAIL ${what}${detail ? `: ${detail}` : ""}`);
  return ok;
}

/** Checks that `container` exits 0 within `limit` ms of a SIGTERM, as `docker stop` sends it. */
async function checkStops(what, container, limit) {
  const { code, took } = await stopWithSigterm(container);
  check(code === "0" && took < limit, `${what}: stops on SIGTERM with exit ${code} in ${(took / 1000).toFixed(1)} s`);
}

/** Removes `container`, showing its last `lines` lines first when a check has failed. */
async function remove(what, container, lines) {
  const logs = await podman(["logs", `--tail=${lines}`, container]);
  if (failures > 0) console.log(`  the ${what}'s last lines:\n${logs.output.trimEnd().replace(/^/gm, "    ")}`);
  await podman(["rm", "--force", container]);
}

/** Builds one image and says so in a line; whether it built. */
async function build(what, options) {
  const { ok, took, log, output } = await buildImage(options);
  const detail = ok ? "" : `see ${log}\n${lastLines(output)}`;
  return check(ok, `${what} image builds from a clean clone, GitHub unreachable (${took})`, detail);
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

    await checkStops("site", name, 5_000);
  } finally {
    await remove("site", name, 5);
  }
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
    await checkStops("service", name, 10_000);
  } finally {
    await remove("service", name, 8);
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
  writeContainersConf();
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
