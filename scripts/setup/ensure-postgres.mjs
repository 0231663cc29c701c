/**
 * Makes sure PostgreSQL exists for the analytics store's tests and the cluster test, which start their
 * own throwaway cluster (tests/support/postgres.ts) (apt-get, as root). The package's own service is
 * disabled right away: nothing should run on its port but what an operator sets up.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

import { aptInstall, hasCommand, run } from "./apt.mjs";

/** Where Debian installs each major version's programs, off the PATH. */
const DEBIAN_VERSIONS = "/usr/lib/postgresql";

/** Whether initdb is installed: in Debian's folder, or on the PATH. */
function hasInitdb() {
  if (
    existsSync(DEBIAN_VERSIONS) &&
    readdirSync(DEBIAN_VERSIONS).some((version) => existsSync(path.join(DEBIAN_VERSIONS, version, "bin/initdb")))
  )
    return true;
  return hasCommand("initdb");
}

/** Installs PostgreSQL if need be; exits with a message when it cannot. */
export function ensurePostgres() {
  if (hasInitdb()) return;

  if (aptInstall("postgresql", "PostgreSQL is missing; installing Debian's postgresql.")) {
    if (hasCommand("systemctl")) run("systemctl", ["disable", "--now", "postgresql.service"]);
    if (hasInitdb()) return;
  }

  console.error(
    [
      "PostgreSQL (initdb and pg_ctl, any version from 13) is not installed.",
      "Install it, then stop the system service: the tests start their own throwaway server.",
      "  Debian/Ubuntu:  sudo apt-get install postgresql && sudo systemctl disable --now postgresql",
      "  macOS:          brew install postgresql",
    ].join("\n"),
  );
  process.exit(1);
}
