import { chmod, mkdir, mkdtemp, readFile, readlink, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { linkModules, otherFolder } from "#release/release-folders.ts";

let scratch: string;
beforeEach(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "release-folders-"));
});
afterEach(() => rm(scratch, { recursive: true, force: true }));

/** A project folder holding `lockfile` as its package-lock.json (and, when asked, a node_modules). */
async function project(name: string, lockfile: string, modules = false) {
  const folder = path.join(scratch, name);
  await mkdir(path.join(folder, modules ? "node_modules" : ""), { recursive: true });
  await writeFile(path.join(folder, "package-lock.json"), lockfile);
  return folder;
}

describe("a release folder's packages", () => {
  it("are the running checkout's own when the lockfile is the same: nothing installed", async () => {
    const checkout = await project("checkout", '{"lockfileVersion":3}', true);
    const release = await project("release", '{"lockfileVersion":3}');
    expect(await linkModules(release, path.join(scratch, "data"), checkout, process.env)).toBe(false);
    expect(await readlink(path.join(release, "node_modules"))).toBe(path.join(checkout, "node_modules"));
  });

  it("are those installed before for its lockfile, named by its SHA-256, when the checkout's differs", async () => {
    const lockfile = '{"lockfileVersion":3,"packages":{"":{"name":"site"}}}';
    const hash = createHash("sha256").update(lockfile).digest("hex");
    const installed = path.join(scratch, "data", "modules", hash, "node_modules");
    await mkdir(installed, { recursive: true });
    const checkout = await project("checkout", '{"lockfileVersion":3}', true);
    const release = await project("release", lockfile);
    expect(await linkModules(release, path.join(scratch, "data"), checkout, process.env)).toBe(false);
    expect(await readlink(path.join(release, "node_modules"))).toBe(installed);
    // Linked again to the checkout's once a later commit goes back to its lockfile.
    await writeFile(path.join(release, "package-lock.json"), '{"lockfileVersion":3}');
    expect(await linkModules(release, path.join(scratch, "data"), checkout, process.env)).toBe(false);
    expect(await readlink(path.join(release, "node_modules"))).toBe(path.join(checkout, "node_modules"));
  });

  it("are installed by `npm ci` with no package's install script for a lockfile not seen before", async () => {
    // An npm that records how it was called and installs an empty node_modules.
    const bin = path.join(scratch, "bin");
    await mkdir(bin);
    await writeFile(path.join(bin, "npm"), '#!/bin/sh\necho "$@" > "$CALLS"\nmkdir node_modules\n');
    await chmod(path.join(bin, "npm"), 0o755);
    const calls = path.join(scratch, "npm-calls");
    const checkout = await project("checkout", '{"lockfileVersion":3}', true);
    const release = await project("release", '{"lockfileVersion":3,"packages":{}}');
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, CALLS: calls };
    expect(await linkModules(release, path.join(scratch, "data"), checkout, env)).toBe(true);
    expect((await readFile(calls, "utf8")).trim().split(" ")).toEqual([
      "ci",
      "--ignore-scripts",
      "--include=dev",
      "--no-audit",
      "--no-fund",
    ]);
  });
});

describe("the folder a release is built in", () => {
  it("is never the one serving", () => {
    const [a, b] = ["a", "b"].map((name) => path.join("/data", "releases", name));
    expect(otherFolder("/data", undefined)).toBe(a);
    expect(otherFolder("/data", a)).toBe(b);
    expect(otherFolder("/data", b)).toBe(a);
  });
});
