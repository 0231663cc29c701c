import { spawnSync } from "node:child_process";
import { createServer } from "node:net";

import { expect } from "@playwright/test";

export { PROJECT_SOURCES, scratchProject } from "#tests/support/project-copy.ts";

/**
 * The first free port of this worker's share of 3660–3699 (the range this project's tests may use):
 * ten ports for each worker running at once, so two workers starting servers at the same moment
 * never pick the same port, and one never takes the other's server for its own.
 */
export async function freePort(): Promise<number> {
  const first = 3660 + (Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 4) * 10;
  for (let port = first; port < first + 10; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${first}–${first + 9}`);
}

/** Runs a command in `dir` (a scratch project) to its end; fails the test with its output if it fails. */
export function run(dir: string, command: string, args: string[], env: Record<string, string> = {}): string {
  const result = spawnSync(command, args, { cwd: dir, env: { ...process.env, ...env }, encoding: "utf8" });
  expect(result.status, `${command} ${args.join(" ")}\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout;
}
