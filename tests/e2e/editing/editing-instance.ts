/** `npm run edit` in a scratch copy of the project, on ports of its own, for the editing screen's specs. */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cp, mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import { PROJECT_SOURCES, scratchProject } from "#tests/support/scratch-project.ts";

const ROOT = path.join(import.meta.dirname, "../../..");

/** Folders of public/ the media build writes a new artist's files to: real folders in the copy. */
const MADE_MEDIA = [
  "images/directors",
  "images/photographers",
  "images/bio",
  "images/og/artists",
  "images/work",
  "videos/directors",
];

export interface EditingInstance {
  dir: string;
  /** The editing screen. */
  editOrigin: string;
  /** The site in development mode: the screen's preview. */
  siteOrigin: string;
  child: ChildProcess;
}

async function answers(url: string, child: ChildProcess, seconds: number): Promise<void> {
  for (let tries = 0; tries < seconds * 4; tries++) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(1_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (child.exitCode !== null) break;
    await sleep(250);
  }
  throw new Error(`npm run edit did not answer ${url} within ${seconds} s (exit code ${child.exitCode})`);
}

/** Starts the editing instance in a copy of the project; `port` is the screen's, the site takes the two after it. */
export async function startEditingInstance(port: number): Promise<EditingInstance> {
  // .gitignore too: Keystatic lists the files git would track, never the development build it rewrites.
  const dir = await scratchProject("editing-", [...PROJECT_SOURCES, "edit", ".gitignore"], MADE_MEDIA);
  await mkdir(path.join(dir, "media"));
  await cp(path.join(ROOT, "media/manifest.json"), path.join(dir, "media/manifest.json"));
  // A repository, so a spec can read what a save changed as `git diff` shows it.
  const git = (...args: string[]) => spawnSync("git", args, { cwd: dir, stdio: "ignore" });
  git("init", "-q");
  git("add", "app/content");
  git("-c", "user.name=test", "-c", "user.email=test@example.com", "commit", "-qm", "content");
  const child = spawn("npm", ["run", "edit"], {
    cwd: dir,
    detached: true,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, EDIT_PORT: String(port), PORT: String(port + 1) },
  });
  const instance = { dir, child, editOrigin: `http://127.0.0.1:${port}`, siteOrigin: `http://127.0.0.1:${port + 1}` };
  try {
    await answers(`${instance.editOrigin}/keystatic`, child, 60);
    await answers(`${instance.siteOrigin}/healthz`, child, 120);
  } catch (error) {
    // The spec never gets the instance to stop: it is stopped here, its copy removed.
    await stopEditingInstance(instance);
    throw error;
  }
  return instance;
}

export async function stopEditingInstance(instance: EditingInstance | undefined): Promise<void> {
  // A group whose npm has ended already (an instance that failed to start) has nothing left to stop.
  if (instance?.child.pid && instance.child.exitCode === null) process.kill(-instance.child.pid, "SIGTERM");
  if (instance) await rm(instance.dir, { recursive: true, force: true });
}
