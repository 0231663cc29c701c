import { spawnSync } from "node:child_process";
import { createServer } from "node:net";

import { expect } from "@playwright/test";

export { PROJECT_SOURCES, scratchProject } from "#tests/support/project-copy.ts";

function isFree(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * The first free port of this worker's share of 3660–3699 (the range this project's tests may use):
 * ten ports for each worker running at once, so two workers starting servers at the same moment
 * never pick the same port, and one never takes the other's server for its own. With `count`, the
 * first of that many free ports in a row: for a set of servers started one after another, none of
 * which is listening yet when the next port is chosen.
 */
export async function freePort(count = 1): Promise<number> {
  const first = 3660 + (Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 4) * 10;
  for (let port = first; port + count <= first + 10; port++) {
    let free = true;
    for (let next = port; free && next < port + count; next++) free = await isFree(next);
    if (free) return port;
  }
  throw new Error(`no ${count} free port${count === 1 ? "" : "s in a row"} in ${first}–${first + 9}`);
}

/** Runs a command in `dir` (a scratch project) to its end; fails the test with its output if it fails. */
export function run(dir: string, command: string, args: string[], env: Record<string, string> = {}): string {
  const result = spawnSync(command, args, { cwd: dir, env: { ...process.env, ...env }, encoding: "utf8" });
  expect(result.status, `${command} ${args.join(" ")}\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout;
}
