import { spawnSync } from "node:child_process";
import { createServer } from "node:net";

import { expect } from "@playwright/test";

export { PROJECT_SOURCES, scratchProject } from "../../../scripts/lib/scratch-project";

/** The first free port from 3660 (the range this project's tests may use). */
export async function freePort(): Promise<number> {
  for (let port = 3660; port < 3700; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error("no free port in 3660–3699");
}

/** Runs a command in `dir` (a scratch project) to its end; fails the test with its output if it fails. */
export function run(dir: string, command: string, args: string[], env: Record<string, string> = {}): string {
  const result = spawnSync(command, args, { cwd: dir, env: { ...process.env, ...env }, encoding: "utf8" });
  expect(result.status, `${command} ${args.join(" ")}\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout;
}
