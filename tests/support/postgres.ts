/**
 * A throwaway PostgreSQL cluster for the analytics store's tests and the cluster test (issue 51): its
 * own data folder in a temporary directory, trust auth, on a free loopback port. Plain async, no test
 * runner's API, so vitest and Playwright both start it. `npm test` installs PostgreSQL when missing
 * (scripts/setup/ensure-postgres.mjs). PostgreSQL refuses to run as root: as root, it runs as `postgres`.
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chown, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Where Debian installs each major version's programs, off the PATH. */
const DEBIAN_VERSIONS = "/usr/lib/postgresql";

/** The folder of initdb and pg_ctl: Debian's newest version, else the PATH's (Homebrew, other distributions). */
function binaries(): string {
  const versions = existsSync(DEBIAN_VERSIONS)
    ? readdirSync(DEBIAN_VERSIONS)
        .filter((version) => existsSync(path.join(DEBIAN_VERSIONS, version, "bin/initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions.length > 0 ? path.join(DEBIAN_VERSIONS, versions[0], "bin") : "";
}

/** A port no one listens on now, as the OS hands one out. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no port was handed out");
  return address.port;
}

/** A running cluster: `url` connects as its superuser to its `postgres` database. */
export interface RunningPostgres {
  url: string;
  /** Stops the server at once (nothing in it is worth keeping) and deletes its folder. */
  stop(): Promise<void>;
}

/** Starts a fresh cluster; resolves once it takes connections. */
export async function startPostgres(): Promise<RunningPostgres> {
  const bin = binaries();
  const program = (name: string) => (bin ? path.join(bin, name) : name);
  const asRoot = process.getuid?.() === 0;
  // As root, every program runs as the `postgres` user, which owns the folder.
  const as = (name: string, args: string[]) =>
    run(asRoot ? "runuser" : program(name), asRoot ? ["-u", "postgres", "--", program(name), ...args] : args);

  const dir = await mkdtemp(path.join(tmpdir(), "analytics-postgres-"));
  const data = path.join(dir, "data");
  const port = await freePort();
  try {
    if (asRoot) {
      const [uid, gid] = await Promise.all([run("id", ["-u", "postgres"]), run("id", ["-g", "postgres"])]);
      await chown(dir, Number(uid.stdout), Number(gid.stdout));
    }
    await as("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
    // Durability is of no use to a throwaway cluster; leaving it off makes writes as quick as SQLite's.
    const options = [
      `-p ${port}`,
      "-c listen_addresses=127.0.0.1",
      `-c unix_socket_directories=${dir}`,
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
    ].join(" ");
    await as("pg_ctl", ["start", "-D", data, "-w", "-t", "30", "-l", path.join(dir, "log"), "-o", options]);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        await as("pg_ctl", ["stop", "-D", data, "-m", "immediate", "-w"]);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
