import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { readServing, writeServing } from "#release/serving-record.ts";

let scratch: string;
let file: string;
beforeEach(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "serving-record-"));
  file = path.join(scratch, "serving.json");
});
afterEach(() => rm(scratch, { recursive: true, force: true }));

const COMMITS = ["a".repeat(40), "b".repeat(40)];

/** The two release folders, each with a server build, as the follower leaves them. */
async function releaseFolders() {
  const folders = ["a", "b"].map((name) => path.join(scratch, "releases", name));
  for (const folder of folders) {
    await mkdir(path.join(folder, "build"), { recursive: true });
    await writeFile(path.join(folder, "build", "server.js"), "");
  }
  return folders;
}

describe("serving.json", () => {
  it("is always whole when the follower is killed (SIGKILL) while writing it", async () => {
    const [a, b] = await releaseFolders();
    const records = [
      { folder: a!, commit: COMMITS[0]! },
      { folder: b!, commit: COMMITS[1]! },
    ];
    // Node runs the module as it is: its types are only erased.
    const writer = `
      import { writeServing } from ${JSON.stringify(path.resolve("release/serving-record.ts"))};
      const records = ${JSON.stringify(records)};
      await writeServing(${JSON.stringify(file)}, records[0]);
      process.stdout.write("writing");
      for (let i = 1; ; i++) await writeServing(${JSON.stringify(file)}, records[i % 2]);
    `;
    for (let round = 0; round < 10; round++) {
      const child = spawn(process.execPath, ["--input-type=module", "-e", writer], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      await once(child.stdout!, "data");
      await sleep((round * 7) % 30);
      child.kill("SIGKILL");
      await once(child, "exit");
      expect(records, `round ${round}`).toContainEqual(await readServing(file));
    }
  }, 30_000);

  it("stays as it was, with nothing half-written beside it, when the disk is full", async () => {
    const [a, b] = await releaseFolders();
    await writeServing(file, { folder: a!, commit: COMMITS[0]! });
    // The next write lands on Linux's /dev/full, which refuses every write as a full disk does.
    await symlink("/dev/full", `${file}.partial`);
    await expect(writeServing(file, { folder: b!, commit: COMMITS[1]! })).rejects.toMatchObject({ code: "ENOSPC" });
    expect(await readServing(file)).toEqual({ folder: a, commit: COMMITS[0] });
    expect((await readdir(scratch)).sort()).toEqual(["releases", "serving.json"]);
  });

  it("is read warily: nothing to serve from a file cut short, of another shape, or naming a folder without a build", async () => {
    const [a] = await releaseFolders();
    const reasons: string[] = [];
    const read = async (text: string) => {
      await writeFile(file, text);
      return readServing(file, (reason) => reasons.push(reason));
    };
    expect(await readServing(file)).toBeUndefined();
    expect(await read("")).toBeUndefined();
    expect(await read(`{"folder":"${a}","comm`)).toBeUndefined();
    expect(await read(`{"folder":"${a}"}`)).toBeUndefined();
    expect(await read(`{"folder":"${a}","commit":"main"}`)).toBeUndefined();
    expect(
      await read(`{"folder":"${path.join(scratch, "releases", "gone")}","commit":"${COMMITS[0]}"}`),
    ).toBeUndefined();
    expect(reasons).toEqual([
      "is not JSON",
      "is not JSON",
      "names no folder and commit",
      "names no folder and commit",
      `names ${path.join(scratch, "releases", "gone")}, which holds no server build`,
    ]);
    await writeServing(file, { folder: a!, commit: COMMITS[0]! });
    expect(await readServing(file)).toEqual({ folder: a, commit: COMMITS[0] });
  });
});
