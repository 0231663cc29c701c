/** Running the installers the test setup falls back on (ensure-browser.mjs, ensure-varnish.mjs). */
import { spawnSync } from "node:child_process";

/** Runs `command`, showing it and its output; whether it succeeded. */
export function run(command, args) {
  console.log(`$ ${command} ${args.join(" ")}`);
  return spawnSync(command, args, { stdio: "inherit", timeout: 600_000 }).status === 0;
}

/**
 * Installs Debian's `name` package (or packages, given a list) with apt-get when this runs as root where apt-get exists, and
 * says `why` first; whether it could try (the caller checks what it needed is there now).
 */
export function aptInstall(name, why) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (!isRoot || !hasApt) return false;
  console.log(why);
  run("apt-get", ["update", "-qq"]);
  run("apt-get", ["install", "-y", "--no-install-recommends", ...[name].flat()]);
  return true;
}
