import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { openMirror } from "#release/git-mirror.ts";
import { checkOut } from "#release/release-folders.ts";

let scratch: string;
beforeEach(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "git-mirror-"));
});
afterEach(() => rm(scratch, { recursive: true, force: true }));

const AUTHOR = ["-c", "user.name=Dev", "-c", "user.email=dev@agency.example"];

/** A repository at `scratch/remote` whose main holds `files`; `commit` adds a commit; both return its id. */
async function remoteRepository(files: Record<string, string>) {
  const remote = path.join(scratch, "remote");
  const git = (...args: string[]) => execFileSync("git", args, { cwd: remote, encoding: "utf8" }).trim();
  await mkdir(remote);
  git("init", "-q", "-b", "main");
  async function commit(changes: Record<string, string | { linkTo: string }>) {
    for (const [file, content] of Object.entries(changes)) {
      await mkdir(path.dirname(path.join(remote, file)), { recursive: true });
      if (typeof content === "string") await writeFile(path.join(remote, file), content);
      else await symlink(content.linkTo, path.join(remote, file));
    }
    git("add", "-A");
    git(...AUTHOR, "commit", "-qm", "a change");
    return git("rev-parse", "HEAD");
  }
  const first = await commit(files);
  return { remote, first, commit };
}

/** A TCP server that takes connections and never says a word, as a hung git host does. */
async function silentServer(): Promise<{ port: number; server: Server; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as { port: number }).port, server, sockets };
}

describe("the mirror of the followed branch", () => {
  it("gives up on a remote that takes the connection and never answers, within its time limit", async () => {
    const { port, server, sockets } = await silentServer();
    try {
      const mirror = await openMirror(scratch, `git://127.0.0.1:${port}/site.git`, "main", {
        lsRemoteMs: 500,
        fetchMs: 500,
      });
      for (const [call, asked] of [
        ["ls-remote", () => mirror.remoteHead()],
        ["fetch", () => mirror.fetch()],
      ] as const) {
        const start = performance.now();
        await expect(asked()).rejects.toThrow(`git ${call}: no answer within 0.5 s`);
        expect(performance.now() - start).toBeLessThan(5_000);
      }
      // Git did connect: it was the answer that never came.
      expect(sockets.length).toBeGreaterThanOrEqual(2);
    } finally {
      sockets.forEach((socket) => socket.destroy());
      server.close();
    }
  });

  it("fetches the branch and says what a commit changed: each file's mode and size", async () => {
    const { remote, first, commit } = await remoteRepository({ "a.md": "one", "public/images/x.jpg": "12345" });
    const mirror = await openMirror(path.join(scratch, "data"), remote, "main");
    expect(await mirror.remoteHead()).toBe(first);
    expect(await mirror.fetch()).toBe(first);
    await rm(path.join(remote, "a.md"));
    const second = await commit({
      "public/images/x.jpg": "1234567",
      "public/images/passwd.jpg": { linkTo: "/etc/passwd" },
      "b.md": "",
    });
    expect(await mirror.fetch()).toBe(second);
    const changed = await mirror.changedFiles(first, second);
    expect(changed.sort((x, y) => x.path.localeCompare(y.path))).toEqual([
      { path: "a.md", mode: "000000", size: undefined },
      { path: "b.md", mode: "100644", size: 0 },
      { path: "public/images/passwd.jpg", mode: "120000", size: "/etc/passwd".length },
      { path: "public/images/x.jpg", mode: "100644", size: 7 },
    ]);
  });

  it("removes the lock files a killed git left, which would fail every later fetch", async () => {
    const { remote, commit } = await remoteRepository({ "a.md": "one" });
    const data = path.join(scratch, "data");
    await mkdir(data);
    await (await openMirror(data, remote, "main")).fetch();
    const lock = path.join(data, "repo.git", "refs", "remotes", "origin", "main.lock");
    await writeFile(lock, "");
    const second = await commit({ "a.md": "two" });
    await expect((await openMirror(data, remote, "main")).fetch()).resolves.toBe(second);
    expect(existsSync(lock)).toBe(false);
  });
});

describe("a release folder left half made", () => {
  it("is made again whole: a worktree whose add was killed, a build's leftovers", async () => {
    const { remote, first } = await remoteRepository({ "a.md": "one", ".gitignore": "/build/\n" });
    const data = path.join(scratch, "data");
    await mkdir(data);
    const mirror = await openMirror(data, remote, "main");
    await mirror.fetch();
    const folder = path.join(data, "releases", "a");

    // A build killed halfway: its output is not the commit's, and goes.
    await checkOut(mirror, folder, first);
    await mkdir(path.join(folder, "build"));
    await writeFile(path.join(folder, "build", "server.js"), "export const half = ");
    await checkOut(mirror, folder, first);
    expect(existsSync(path.join(folder, "build"))).toBe(false);
    expect(await readFile(path.join(folder, "a.md"), "utf8")).toBe("one");

    // An add killed before git wrote the worktree's own files: its .git names what is not there.
    await rm(path.join(data, "repo.git", "worktrees"), { recursive: true });
    await rm(path.join(folder, "a.md"));
    await checkOut(mirror, folder, first);
    expect(await readFile(path.join(folder, "a.md"), "utf8")).toBe("one");
    expect(execFileSync("git", ["rev-parse", "HEAD"], { cwd: folder, encoding: "utf8" }).trim()).toBe(first);
  });
});
