/** Running the installers the test setup falls back on (ensure-browser.mjs, ensure-varnish.mjs). */
import { spawnSync } from "node:child_process";

/** Runs `command`, showing it and its output; whether it succeeded. */
export function run(command, args) {
  console.log(`$ ${command} ${args.join(" ")}`);
  return spawnSync(command, args, { stdio: "inherit", timeout: 600_000 }).status === 0;
}

/** Whether `command` is on the PATH. */
export function hasCommand(command) {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

/** Whether this run has read the package lists: once is enough for every install a fresh machine needs. */
let updated = false;

/** Installs Debian's package(s) `name` as root where apt-get exists, saying `why`; whether it could try. */
export function aptInstall(name, why) {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !hasCommand("apt-get")) return false;
  console.log(why);
  if (!updated) updated = run("apt-get", ["update", "-qq"]);
  run("apt-get", ["install", "-y", "--no-install-recommends", ...[name].flat()]);
  return true;
}
