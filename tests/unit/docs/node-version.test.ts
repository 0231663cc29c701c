/**
 * One Node for the project: the `engines` range an operator's npm checks (whose least major version
 * `npm test` fetches when the machine's is older, scripts/setup/ensure-node.mjs), the base of both
 * images, the server bundles' target and the one the README names all say the same major version
 * (decision 14). A bump that misses one of them fails here, naming it.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, test } from "vitest";

import packageJson from "../../../package.json";

const ROOT = path.join(import.meta.dirname, "../../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
/** The least major version `engines` admits: the one `npm test` runs on. */
const NODE_MAJOR = Number(/^>=(\d+)$/.exec(packageJson.engines.node)?.[1]);

/** The major version in a Dockerfile's default base image (`ARG NODE_IMAGE=node:24-bookworm-slim`). */
function imageMajor(dockerfile: string): number | undefined {
  const base = /^ARG NODE_IMAGE=node:(\d+)-/m.exec(read(dockerfile));
  return base ? Number(base[1]) : undefined;
}

// A copy of the code alone (content-procedures.spec.ts runs the unit tests in one) has no README or images to check.
describe.skipIf(!existsSync(path.join(ROOT, "README.md")))("the project's Node", () => {
  test("engines names a supported LTS line as its least version", () => {
    // Node's even majors are its LTS lines; 24 is the oldest still supported (until April 2028).
    expect(NODE_MAJOR % 2, packageJson.engines.node).toBe(0);
    expect(NODE_MAJOR).toBeGreaterThanOrEqual(24);
  });

  test.each(["Dockerfile", "deploy/edit-service/Dockerfile"])("%s is built on it", (dockerfile) => {
    expect(imageMajor(dockerfile)).toBe(NODE_MAJOR);
  });

  test("the README names it, and no other", () => {
    const named = [...read("README.md").matchAll(/\bNode (\d+)\b/g)].map((match) => Number(match[1]));
    expect(named).toContain(NODE_MAJOR);
    expect(named.filter((major) => major !== NODE_MAJOR)).toEqual([]);
  });

  test("the server bundles target it", () => {
    const targets = [...JSON.stringify(packageJson.scripts).matchAll(/--target=node(\d+)/g)].map((m) => Number(m[1]));
    expect(targets.length).toBeGreaterThan(0);
    expect(new Set(targets)).toEqual(new Set([NODE_MAJOR]));
  });
});
