import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { runGit } from "#release/git-mirror.ts";
import { stopLeftovers } from "#release/leftover-processes.ts";
import { CommandFailed, runToEnd } from "#release/run-to-end.ts";

let scratch: string;
beforeEach(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "leftovers-"));
});
afterEach(() => rm(scratch, { recursive: true, force: true }));

/** Whether process `pid` runs (a zombie not yet reaped counts as gone: it runs nothing). */
async function runs(pid: number): Promise<boolean> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  return status !== "" && !/^State:\s+Z/m.test(status);
}

/** The pid a command wrote to `file`, once it has. */
async function pidIn(file: string): Promise<number> {
  await vi.waitFor(async () => expect((await readFile(file, "utf8").catch(() => "")).trim()).toMatch(/^\d+$/), {
    timeout: 10_000,
  });
  return Number((await readFile(file, "utf8")).trim());
}

describe("a command the follower runs", () => {
  it("is killed with everything it started when it outlasts its time, and fails saying so", async () => {
    const pidFile = path.join(scratch, "sleep.pid");
    const start = performance.now();
    const running = runToEnd("sh", ["-c", `sleep 30 & echo $! > ${pidFile}; wait`], scratch, process.env, {
      timeoutMs: 500,
      record: path.join(scratch, "running"),
    });
    await expect(running).rejects.toBeInstanceOf(CommandFailed);
    await expect(running).rejects.toThrow(/: not done in 0\.5 s$/);
    expect(performance.now() - start).toBeLessThan(5_000);
    await vi.waitFor(async () => expect(await runs(await pidIn(pidFile))).toBe(false));
    // Ended, it is no longer recorded.
    expect(await readdir(path.join(scratch, "running"))).toEqual([]);
  });

  it("runs unrecorded, to its own end, when its record cannot be written (SITE_DATA full)", async () => {
    // A file where the records' folder should be: its record fails as a write to a full disk fails.
    const record = path.join(scratch, "running");
    await writeFile(record, "");
    expect(await runGit(scratch, ["--version"], { record })).toMatch(/^git version /);
    await runToEnd("sh", ["-c", "exit 0"], scratch, process.env, { record });
    await expect(runToEnd("sh", ["-c", "exit 3"], scratch, process.env, { record })).rejects.toThrow(CommandFailed);
  });

  it("left running by a follower killed (SIGKILL) is stopped, whole, by the next one's start", async () => {
    const record = path.join(scratch, "running");
    const pidFile = path.join(scratch, "sleep.pid");
    // A follower whose build starts a command of its own, then is killed.
    const follower = `
      import { runToEnd } from ${JSON.stringify(path.resolve("release/run-to-end.ts"))};
      await runToEnd("sh", ["-c", "sleep 30 & echo $! > ${pidFile}; wait"], ${JSON.stringify(scratch)}, process.env, {
        record: ${JSON.stringify(record)},
      });
    `;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", follower], {
      stdio: "inherit",
    });
    const orphan = await pidIn(pidFile);
    child.kill("SIGKILL");
    await once(child, "exit");
    expect(await runs(orphan)).toBe(true);

    // A number recorded whose process works elsewhere (this one, say) is not this follower's: left alone.
    await writeFile(path.join(record, String(process.pid)), path.join(scratch, "releases", "a"));
    expect(await stopLeftovers(record)).toBe(1);
    await vi.waitFor(async () => expect(await runs(orphan)).toBe(false));
    expect(await readdir(record)).toEqual([]);
    expect(await stopLeftovers(path.join(scratch, "none"))).toBe(0);
    expect(existsSync(path.join(scratch, "none"))).toBe(false);
  });
});

describe("a release folder's commands", () => {
  it("record nothing when asked not to, and leave no folder", async () => {
    await mkdir(path.join(scratch, "work"));
    await runToEnd("sh", ["-c", "exit 0"], path.join(scratch, "work"), process.env);
    expect(await readdir(scratch)).toEqual(["work"]);
  });
});
