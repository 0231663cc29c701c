import { spawnSync } from "node:child_process";
import { join } from "node:path";

/**
 * Vitest's global setup, after the content's: the sign-in's tests (tests/support/sign-in-service.ts) serve the
 * editing app as the service does, from its build (edit/build/), so build it first, as `npm run build:edit` does: a
 * fresh clone has none, an edit makes it stale, and two test files building it at once would race.
 */
export default function buildEditingApp() {
  const root = join(import.meta.dirname, "../..");
  const { status, stderr } = spawnSync(join(root, "node_modules/.bin/remix"), ["build", "edit/remix"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (status !== 0) throw new Error(`npm run build:edit failed:\n${stderr}`);
}
