/**
 * `npm run start:cluster`'s work (scripts/cli/cluster.mjs reads its settings and calls it; docs/deploy.md):
 * Varnish with deploy/varnish/default.vcl in front of two instances of the build, in the foreground,
 * on one machine, as the tests and the bench run it. Tooling, not a deploy artefact: it installs
 * Varnish when missing (scripts/setup/) and waits on the instances as the tests do (tests/support/).
 */
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import { ensureVarnish } from "#scripts/setup/ensure-varnish.mjs";
import { answersHealthz, clusterWorkDir, SERVER_ENTRY } from "#tests/support/server-process.mjs";

const ROOT = path.join(import.meta.dirname, "../..");
const VCL_DIR = path.join(ROOT, "deploy/varnish");
/** Past this, children still running are killed, so the whole cluster is gone within 10 s. */
const SHUTDOWN_DEADLINE_MS = 9_000;

/** The backends.vcl that deploy/varnish/default.vcl includes, for instances on these loopback ports. */
function backendsVcl(ports) {
  const names = ports.map((_, index) => `app${index + 1}`);
  const eachBackend = (line) => names.map((name, index) => line(name, ports[index], index)).join("\n");
  return `# Written by npm run start:cluster (scripts/cluster/run-cluster.mjs) for this run; deploy/varnish/default.vcl includes it.
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

async function waitUntilHealthy(child, host, port, what, attempts = 300) {
  if (await answersHealthz(child, `http://${host}:${port}`, attempts)) return;
  throw new Error(
    `${what} did not start on port ${port}${what === "an instance" ? ": run `npm run build` first" : ""}`,
  );
}

/**
 * Varnish on `port` (listening on `host`, "" for every interface) in front of two instances at
 * port+1 and port+2. It owns the process from then on: SIGTERM, SIGINT or SIGHUP stops every child
 * within 10 s and exits; an instance that dies is not restarted, Varnish dying stops everything.
 * @param {{ port: number, host: string }} options
 */
export function runCluster({ port, host }) {
  const instancePorts = [port + 1, port + 2];
  const workDir = clusterWorkDir(port);
  const varnishd = ensureVarnish();
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  writeFileSync(path.join(workDir, "backends.vcl"), backendsVcl(instancePorts));

  /** Every child, in its own process group so a terminal's Ctrl-C reaches only this process, which signals each once. */
  const children = [];
  let stopping = false;

  function startChild(command, args, env) {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: "inherit",
      detached: true,
    });
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
    rmSync(workDir, { recursive: true, force: true });
    process.exit(code);
  }

  // SIGHUP too: a closed terminal would otherwise leave the children, in their own groups, running.
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.once(signal, () => stop(0));

  /** One follower serving both ports: the instances as the rest of this file sees them. */
  function followingInstances(shared) {
    const child = startChild(process.execPath, [SERVER_ENTRY], {
      ...shared,
      SITE_FOLLOW_PORTS: instancePorts.join(","),
      SITE_FOLLOW_PURGE: `http://127.0.0.1:${port}`,
    });
    return instancePorts.map((instancePort) => ({ port: instancePort, child }));
  }

  /**
   * The instances, then Varnish in front of them once they answer. With SITE_FOLLOW, one follower
   * (release/follower.ts) builds the branch once and serves it on both ports, and has this Varnish
   * drop what each release changed.
   */
  async function start() {
    // Varnish, on this machine, is the proxy whose X-Forwarded-For the instances believe; each
    // instance's metrics, when asked for, are on a port of their own (METRICS_PORT, the one after it).
    const metricsPort = process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : undefined;
    const shared = { HOST: "127.0.0.1", TRUST_PROXY: "loopback" };
    const instances = process.env.SITE_FOLLOW
      ? followingInstances(shared)
      : instancePorts.map((instancePort, index) => ({
          port: instancePort,
          child: startChild(process.execPath, [SERVER_ENTRY], {
            ...shared,
            PORT: String(instancePort),
            ...(metricsPort === undefined ? {} : { METRICS_PORT: String(metricsPort + index) }),
          }),
        }));
    // A follower's first start builds the branch (and installs its packages for a new lockfile): minutes.
    const attempts = process.env.SITE_FOLLOW ? 6_000 : 300;
    await Promise.all(
      instances.map(({ child, port: instancePort }) =>
        waitUntilHealthy(child, "127.0.0.1", instancePort, "an instance", attempts),
      ),
    );
    // Stopped while the instances were starting: Varnish must not start after the others were signalled.
    if (stopping) return;
    for (const { child, port: instancePort } of instances) {
      child.once("exit", (code, signal) => {
        if (stopping) return;
        if (instances.every((instance) => instance.child === child)) {
          console.error(`cluster: the follower exited (${signal ?? code}); stopping Varnish`);
          return stop(1);
        }
        console.error(
          `cluster: the instance on port ${instancePort} exited (${signal ?? code}); Varnish carries on with the other`,
        );
      });
    }

    const varnish = startChild(
      varnishd,
      [
        ["-F"], // in the foreground, as a child of this process
        ["-j", "none"], // as the user running this process (the default jail needs root and a varnish user)
        ["-n", workDir],
        ["-a", `${host}:${port}`],
        ["-f", path.join(VCL_DIR, "default.vcl")],
        ["-p", `vcl_path=${workDir}:${VCL_DIR}`],
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
    await waitUntilHealthy(varnish, host || "127.0.0.1", port, "Varnish");
    console.log(
      `cluster: ready on http://${host || "localhost"}:${port} (varnishd pid ${varnish.pid}, -n ${workDir}); ` +
        instances
          .map(({ port: instancePort, child }) => `instance on port ${instancePort} pid ${child.pid}`)
          .join("; "),
    );
  }

  start().catch((error) => {
    if (!stopping) console.error(`cluster: ${error.message}`);
    stop(1);
  });
}
