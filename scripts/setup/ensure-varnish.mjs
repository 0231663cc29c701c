/**
 * Makes sure Varnish exists for `npm run start:cluster` (apt-get, as root). The package's own
 * service is disabled right away: the cluster runs its own varnishd.
 */
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

import { aptInstall, hasCommand, run } from "./apt.mjs";

/** varnishd lives in /usr/sbin, which is not on an ordinary user's PATH. */
function findVarnishd() {
  if (existsSync("/usr/sbin/varnishd")) return "/usr/sbin/varnishd";
  const found = spawnSync("sh", ["-c", "command -v varnishd"], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

/** The path of varnishd, installing it first if need be; exits with a message when it cannot. */
export function ensureVarnish() {
  const present = findVarnishd();
  if (present) return present;

  if (aptInstall("varnish", "Varnish is missing; installing Debian's varnish.")) {
    if (hasCommand("systemctl")) run("systemctl", ["disable", "--now", "varnish.service", "varnishncsa.service"]);
    const installed = findVarnishd();
    if (installed) return installed;
  }

  console.error(
    [
      "Varnish (varnishd 7.x, which also needs a C compiler) is not installed.",
      "Install it, then stop the system service so only `npm run start:cluster` runs it:",
      "  Debian/Ubuntu:  sudo apt-get install varnish && sudo systemctl disable --now varnish",
      "  macOS:          brew install varnish",
    ].join("\n"),
  );
  process.exit(1);
}
