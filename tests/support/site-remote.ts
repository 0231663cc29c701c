/**
 * The site's repository as an agency's git host holds it, for a site that follows it (SITE_FOLLOW):
 * a bare remote seeded with one commit of this project's files (its media on a bucket, so only the
 * icons of public/), and a developer's clone that changes files, commits and pushes.
 */
import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { appendFile, cp, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

import { COMMITTED_PUBLIC, MEDIA_OUT_OF_GIT, SITE_FILES } from "#tests/support/project-copy.ts";

const ROOT = path.join(import.meta.dirname, "../..");
const AUTHOR = ["-c", "user.name=Dev Eloper", "-c", "user.email=dev@agency.example"];

export interface SiteRemote {
  /** The bare repository. */
  remote: string;
  /** The developer's clone. */
  clone: string;
  /** Git in the clone: its output, trimmed. */
  git(...args: string[]): string;
  /** Changes files of the clone (each from its text; a new file from ""), commits and pushes; the commit. */
  push(changes: Record<string, (text: string) => string>, subject: string): Promise<string>;
}

export async function siteRemote(scratch: string, branch = "main"): Promise<SiteRemote> {
  const clone = path.join(scratch, "clone");
  const remote = path.join(scratch, "remote.git");
  for (const file of [...SITE_FILES, ...COMMITTED_PUBLIC])
    await cp(path.join(ROOT, file), path.join(clone, file), { recursive: true, dereference: true });
  await appendFile(path.join(clone, ".gitignore"), MEDIA_OUT_OF_GIT);
  const git = (...args: string[]) => execFileSync("git", args, { cwd: clone, encoding: "utf8" }).trim();
  git("init", "-q", "-b", branch);
  git("add", "-A");
  git(...AUTHOR, "commit", "-qm", "The site");
  execFileSync("git", ["clone", "-q", "--bare", clone, remote]);
  git("remote", "add", "origin", remote);
  git("fetch", "-q", "origin");
  git("branch", "-q", "--set-upstream-to", `origin/${branch}`);
  return {
    remote,
    clone,
    git,
    async push(changes, subject) {
      for (const [file, change] of Object.entries(changes)) {
        const text = await readFile(path.join(clone, file), "utf8").catch(() => "");
        await writeFile(path.join(clone, file), change(text));
      }
      git("add", "-A");
      git(...AUTHOR, "commit", "-qm", subject);
      git("push", "-q", "origin", `HEAD:${branch}`);
      return git("rev-parse", "HEAD");
    },
  };
}

/** The git host's push webhook on `port` for `commit` of `main`, signed with `secret` as GitHub signs it. */
export function callPushHook(port: number, commit: string, secret: string): Promise<Response> {
  const body = JSON.stringify({ ref: "refs/heads/main", after: commit });
  const signature = `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
  return fetch(`http://127.0.0.1:${port}/`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-GitHub-Event": "push", "X-Hub-Signature-256": signature },
    body,
  });
}
