import { spawnSync } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, symlink } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect } from "@playwright/test";

const ROOT = path.join(import.meta.dirname, "../../..");

/** What a copy of the project needs to build and serve the site. */
export const PROJECT_SOURCES = [
  "app",
  "scripts",
  "server",
  "package.json",
  "remix.config.js",
  "remix.env.d.ts",
  "tailwind.config.ts",
  "tsconfig.json",
];

/**
 * A copy of this project in a temporary folder, for a test that builds, runs or edits a project
 * of its own without touching this checkout: `sources` (files and folders) are copied, node_modules
 * is linked, and public/ is rebuilt, without its build/, from links to the real files. `editedMedia`
 * names the folders under public/ (e.g. "images/reels") that are real folders in the copy, each of
 * its parents too, so a test can add and delete files there.
 */
export async function scratchProject(prefix: string, sources: string[], editedMedia: string[] = []): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  for (const file of sources) await cp(path.join(ROOT, file), path.join(dir, file), { recursive: true });
  await symlink(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  const realFolders = new Set(
    editedMedia.flatMap((folder) => folder.split("/").map((_, i, parts) => parts.slice(0, i + 1).join("/"))),
  );
  await linkPublic(path.join(ROOT, "public"), path.join(dir, "public"), "", realFolders);
  return dir;
}

async function linkPublic(from: string, to: string, relative: string, realFolders: Set<string>): Promise<void> {
  await mkdir(to);
  for (const entry of await readdir(from)) {
    const child = relative === "" ? entry : `${relative}/${entry}`;
    if (child === "build") continue;
    if (realFolders.has(child)) await linkPublic(path.join(from, entry), path.join(to, entry), child, realFolders);
    else await symlink(path.join(from, entry), path.join(to, entry));
  }
}

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
