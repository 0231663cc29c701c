import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { nodeVersionRefusal } from "#model/node-version.ts";
import { SERVER_ENTRY } from "#tests/support/server-process.mjs";

import { engines } from "../../../package.json";

describe("nodeVersionRefusal", () => {
  it("admits the version the range names and every newer one, by number", () => {
    for (const running of ["24.0.0", "24.22.3", "25.1.0", "100.0.0"])
      expect(nodeVersionRefusal(">=24", running), running).toBeUndefined();
    expect(nodeVersionRefusal(">=24.1.2", "24.1.10")).toBeUndefined();
    expect(nodeVersionRefusal(">=24.1", "24.1.0")).toBeUndefined();
  });

  it("refuses an older one in a sentence naming both", () => {
    expect(nodeVersionRefusal(">=24", "20.20.2")).toBe(
      "agency-portfolio needs Node 24 or newer (package.json engines: >=24); this is Node 20.20.2.",
    );
    expect(nodeVersionRefusal(">=24", "23.99.99")).toMatch(/this is Node 23\.99\.99\.$/);
    expect(nodeVersionRefusal(">=24.1.2", "24.1.1")).toMatch(/^agency-portfolio needs Node 24\.1\.2 or newer /);
    expect(nodeVersionRefusal(">=24.1", "24.0.9")).toBeDefined();
  });

  it("reads the form package.json uses, and says so of any other", () => {
    expect(nodeVersionRefusal(engines.node, process.versions.node)).toBeUndefined();
    for (const range of ["^24", "24.x", ">=24 <26", ""])
      expect(() => nodeVersionRefusal(range, "24.0.0"), range).toThrow(/engines\.node/);
  });
});

/** The machine's own Node, when older than the project's (Node 20 on this project's CI machines). */
const OLDER_NODE = "/usr/bin/node";
const olderVersion = existsSync(OLDER_NODE)
  ? spawnSync(OLDER_NODE, ["-p", "process.versions.node"], { encoding: "utf8", timeout: 10_000 }).stdout.trim()
  : "";
const isOlder = /^\d+\./.test(olderVersion) && Number(olderVersion.split(".")[0]) < 24;

// Before the check, the analytics store's native module crashed it: "Segmentation fault".
it.skipIf(!isOlder || !existsSync(SERVER_ENTRY))(
  `\`npm start\` (build/server.js) on an older Node (${OLDER_NODE}) says which Node it needs and exits 1`,
  () => {
    // Should the check fail and the server start, on a port of no one's, the timeout ends it. The
    // analytics store stays in (its native module is what crashes), in a folder of the test's own.
    // Not `npm run edit` too: failing, it would build the checkout for its preview.
    const result = spawnSync(OLDER_NODE, [SERVER_ENTRY], {
      encoding: "utf8",
      timeout: 30_000,
      env: {
        ...process.env,
        PORT: "1",
        ANALYTICS_DB: path.join(tmpdir(), `agency-older-node-${process.pid}`, "analytics.sqlite"),
      },
    });
    expect(result.stderr).toBe(
      `agency-portfolio needs Node 24 or newer (package.json engines: >=24); this is Node ${olderVersion}.\n`,
    );
    expect([result.status, result.signal]).toEqual([1, null]);
  },
);
