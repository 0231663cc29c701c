/**
 * `npm run start:cluster` (docs/deploy.md): Varnish on PORT (default 8080, HOST) in front of two
 * instances at PORT+1 and PORT+2, in the foreground. Ctrl-C or SIGTERM stops every process within
 * 10 s; an instance that dies is not restarted, Varnish dying stops everything.
 */
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import { ensureVarnish } from "#scripts/setup/ensure-varnish.mjs";
import { answersHealthz, clusterWorkDir, SERVER_ENTRY } from "#tests/support/server-process.mjs";

const ROOT = path.join(import.meta.dirname, "../..");
const VCL_DIR = path.join(ROOT, "deploy/varnish");
const PORT = Number(process.env.PORT || 8080);
const HOST = process.env.HOST ?? "";
const INSTANCE_PORTS = [PORT + 1, PORT + 2];
/** Past this, children still running are killed, so the whole cluster is gone within 10 s. */
const SHUTDOWN_DEADLINE_MS = 9_000;
const WORK_DIR = clusterWorkDir(PORT);

/** The backends.vcl that deploy/varnish/default.vcl includes, for instances on these loopback ports. */
function backendsVcl(ports) {
  const names = ports.map((_, index) => `app${index + 1}`);
  const eachBackend = (line) => names.map((name, index) => line(name, ports[index], index)).join("\n");
  return `# Written by scripts/cli/cluster.mjs for this run; deploy/varnish/default.vcl includes it.
${eachBackend((name, port) => `backend ${name} { .host = "127.0.0.1"; .port = "${port}"; .probe = healthz; .connect_timeout = 1s; .first_byte_timeout = 30s; }`)}

sub vcl_init {
    new app = directors.round_robin();
${eachBackend((name) => `    app.add_backend(${name});`)}
}

sub app_other_backend {
${eachBackend((name, _, index) => `    ${index ? "} elsif" : "if"} (bereq.http.X-Failed-Backend != "${name}" && std.healthy(${name})) {\n        set bereq.backend = ${name};`)}
    } else {
        set bereq.backend = app.backend();
    }
}
`;
}

async function waitUntilHealthy(child, host, port, what) {
  if (await answersHealthz(child, `http://${host}:${port}`, 300)) return;
  throw new Error(
    `${what} did not start on port ${port}${what === "an instance" ? ": run `npm run build` first" : ""}`,
  );
}

const varnishd = ensureVarnish();
rmSync(WORK_DIR, { recursive: true, force: true });
mkdirSync(WORK_DIR, { recursive: true });
writeFileSync(path.join(WORK_DIR, "backends.vcl"), backendsVcl(INSTANCE_PORTS));

/** Every child, in its own process group so a terminal's Ctrl-C reaches only this script, which signals each once. */
const children = [];
let stopping = false;

function startChild(command, args, env) {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: "inherit", detached: true });
  children.push(child);
  return child;
}

async function stop(code) {
  if (stopping) return;
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  const exited = running.map((child) => new Promise((resolve) => child.once("exit", resolve)));
  for (const child of running) child.kill("SIGTERM");
  const deadline = sleep(SHUTDOWN_DEADLINE_MS).then(() => {
    // The whole group: varnishd's cache process too. A group may have gone in the meantime.
    for (const child of running) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    }
  });
  await Promise.race([Promise.all(exited), deadline]);
  rmSync(WORK_DIR, { recursive: true, force: true });
  process.exit(code);
}

// SIGHUP too: a closed terminal would otherwise leave the children, in their own groups, running.
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.once(signal, () => stop(0));

/** The instances, then Varnish in front of them once they answer. */
async function start() {
  const instances = INSTANCE_PORTS.map((port) => ({
    port,
    child: startChild(process.execPath, [SERVER_ENTRY], { PORT: String(port), HOST: "127.0.0.1" }),
  }));
  await Promise.all(instances.map(({ child, port }) => waitUntilHealthy(child, "127.0.0.1", port, "an instance")));
  // Stopped while the instances were starting: Varnish must not start after the others were signalled.
  if (stopping) return;
  for (const { child, port } of instances) {
    child.on("exit", (code, signal) => {
      if (!stopping)
        console.error(
          `cluster: the instance on port ${port} exited (${signal ?? code}); Varnish carries on with the other`,
        );
    });
  }

  const varnish = startChild(
    varnishd,
    [
      ["-F"], // in the foreground, as a child of this script
      ["-j", "none"], // as the user running this script (the default jail needs root and a varnish user)
      ["-n", WORK_DIR],
      ["-a", `${HOST}:${PORT}`],
      ["-f", path.join(VCL_DIR, "default.vcl")],
      ["-p", `vcl_path=${WORK_DIR}:${VCL_DIR}`],
      // Varnish keeps what the app sends (Brotli or gzip, per the normalized Accept-Encoding) as it is.
      ["-p", "http_gzip_support=off"],
      ["-T", "127.0.0.1:0"], // the management interface, on the loopback only, for varnishadm -n
      ["-s", "malloc,256m"],
    ].flat(),
  );
  varnish.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`cluster: varnishd exited (${signal ?? code}); stopping the instances`);
    stop(1);
  });
  await waitUntilHealthy(varnish, HOST || "127.0.0.1", PORT, "Varnish");
  console.log(
    `cluster: ready on http://${HOST || "localhost"}:${PORT} (varnishd pid ${varnish.pid}, -n ${WORK_DIR}); ` +
      instances.map(({ port, child }) => `instance on port ${port} pid ${child.pid}`).join("; "),
  );
}

start().catch((error) => {
  if (!stopping) console.error(`cluster: ${error.message}`);
  stop(1);
});
