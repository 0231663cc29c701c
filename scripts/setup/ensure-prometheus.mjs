/**
 * Makes sure promtool exists for the metrics' unit test (`promtool check metrics` on a real scrape):
 * Debian's `prometheus` package, through apt-get as root. The package's own Prometheus service is
 * disabled right away: the tests need its checker, not a running server scraping this machine.
 */
import { spawnSync } from "node:child_process";

import { aptInstall, hasCommand, run } from "./apt.mjs";

/** The path of promtool on the PATH, if any. */
export function findPromtool() {
  const found = spawnSync("sh", ["-c", "command -v promtool"], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

/** The path of promtool, installing it first if need be; exits with a message when it cannot. */
export function ensurePrometheus() {
  const present = findPromtool();
  if (present) return present;

  if (aptInstall("prometheus", "promtool is missing; installing Debian's prometheus.")) {
    if (hasCommand("systemctl")) run("systemctl", ["disable", "--now", "prometheus.service"]);
    const installed = findPromtool();
    if (installed) return installed;
  }

  console.error(
    [
      "promtool (Prometheus' checker) is not installed; the metrics' test needs it.",
      "Install it, then stop the system service, which the tests do not need:",
      "  Debian/Ubuntu:  sudo apt-get install prometheus && sudo systemctl disable --now prometheus",
      "  macOS:          brew install prometheus",
    ].join("\n"),
  );
  process.exit(1);
}
