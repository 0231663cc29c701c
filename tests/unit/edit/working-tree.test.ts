/**
 * The listing the screen is given (edit/server/working-tree.ts), against Keystatic's own answer for the
 * same working copy: a repository with what a checkout holds besides content (an executable, a symbolic
 * link, ignored files, node_modules, a file changed and one new since the last commit).
 */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { makeGenericAPIRouteHandler } from "@keystatic/core/api/generic";
import { afterAll, expect, test } from "vitest";

import config from "#edit/keystatic.config.ts";
import { workingTree } from "#edit/server/working-tree.ts";

const root = mkdtempSync(path.join(tmpdir(), "working-tree-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

async function keystaticListing() {
  const api = makeGenericAPIRouteHandler({ config, localBaseDirectory: root });
  const answer = await api(new Request("http://edit/api/keystatic/tree", { headers: { "no-cors": "1" } }));
  const body = typeof answer.body === "string" ? answer.body : new TextDecoder().decode(answer.body as Uint8Array);
  return JSON.parse(body) as { path: string }[];
}

const byPath = (entries: { path: string }[]) => [...entries].sort((a, b) => a.path.localeCompare(b.path));

test("git's listing is Keystatic's, entry for entry, before and after the working copy changes", async () => {
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: root, env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" } });
  write(".gitignore", "/build/\n*.log\n");
  write("app/content/site.yaml", "title: A\n");
  write("app/content/artists/directors/ada-rowe.md", "---\nname: Ada\n---\nBio.\n");
  write("app/content/reels/.gitignore", "draft.md\n");
  write("app/content/reels/draft.md", "ignored by a nested rule\n");
  write(".ci/run", "#!/bin/sh\n");
  chmodSync(path.join(root, ".ci/run"), 0o755);
  write("build/index.js", "ignored\n");
  write("node_modules/x/index.js", "never listed\n");
  symlinkSync("app/content/site.yaml", path.join(root, "linked.yaml"));
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("-c", "user.name=T", "-c", "user.email=t@agency.example", "commit", "-qm", "seed");

  expect(byPath(await workingTree(root))).toEqual(byPath(await keystaticListing()));

  write("app/content/site.yaml", "title: B\n");
  write("app/content/artists/directors/theo-marchand.md", "---\nname: Theo\n---\n");
  write("debug.log", "ignored\n");
  rmSync(path.join(root, "app/content/artists/directors/ada-rowe.md"));
  const listed = byPath(await workingTree(root));
  expect(listed).toEqual(byPath(await keystaticListing()));
  expect(listed.map(({ path: file }) => file)).toContain("app/content/artists/directors/theo-marchand.md");
  expect(listed.map(({ path: file }) => file)).not.toContain("app/content/artists/directors/ada-rowe.md");
});
