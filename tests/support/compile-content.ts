import { spawnSync } from "node:child_process";
import { join } from "node:path";

/**
 * Vitest's global setup: the tests import the content as the app does, from
 * app/content/generated.js, so compile it first (a fresh clone has none; an edit makes it stale).
 */
export default function compileContent() {
  const root = join(import.meta.dirname, "../..");
  const { status, stderr } = spawnSync(
    join(root, "node_modules/.bin/tsx"),
    [join(root, "scripts/cli/content-build.ts")],
    {
      encoding: "utf8",
    },
  );
  if (status !== 0) throw new Error(`npm run content:build failed:\n${stderr}`);
}
