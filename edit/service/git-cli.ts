/**
 * The git CLI as the editing service runs it (git-store.ts): settings its correctness depends on,
 * an environment with nothing of the machine's repository or terminal, identities git will take,
 * and errors with any credential in a URL redacted.
 */
import { spawn } from "node:child_process";

import type { Author } from "#edit/server/save-log.ts";

export type { Author };

/**
 * Settings the clone's correctness depends on, whatever the machine's config says: no line-ending
 * conversion (a working file's sha must be its committed blob's), no signing (nobody is there to
 * unlock a key), and automatic gc in the foreground so it cannot hold a lock into the next save.
 */
export const SETTINGS = [
  "-c",
  "core.autocrlf=false",
  "-c",
  "commit.gpgsign=false",
  "-c",
  "gc.autoDetach=false",
  // An https remote that stops sending (under 1 KB/s for 20 s) is given up, not waited on.
  "-c",
  "http.lowSpeedLimit=1000",
  "-c",
  "http.lowSpeedTime=20",
];

/**
 * The longest any git call may take before it is stopped: a backstop behind the network settings
 * above and SSH's below, so that a remote that hangs never holds the save queue for good.
 */
export const GIT_TIMEOUT = 10 * 60_000;

/** An ssh remote that does not answer within 10 s, or goes silent for 30 s, is given up. */
const SSH_COMMAND = "ssh -o BatchMode=yes -o ConnectTimeout=10 -o ServerAliveInterval=10 -o ServerAliveCountMax=3";

/** A log record: fields split by US, records by RS, which no name or subject holds. */
export const FIELDS = "\x1f";
export const RECORDS = "\x1e";

export interface RunOptions {
  input?: string | Uint8Array;
  env?: Record<string, string>;
  /** Exit codes that answer a question rather than fail. */
  ok?: number[];
  /** How long it may take, in ms (GIT_TIMEOUT unless said): a fetch before a save is given less. */
  timeout?: number;
}

export interface Result {
  stdout: string;
  code: number;
}

/** A URL's password or token never reaches an error message or a log. */
export function redact(text: string): string {
  return text.replace(/(\/\/)[^/@\s]+@/g, "$1***@");
}

export function baseEnv(committer: Author): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...identity(committer, "COMMITTER") };
  // Inherited from a hook or a test runner, these would point git at another repository or index.
  delete env.GIT_DIR;
  delete env.GIT_WORK_TREE;
  delete env.GIT_INDEX_FILE;
  // A credential prompt would hang the save queue; English messages keep errors readable in the log.
  env.GIT_TERMINAL_PROMPT = "0";
  env.LC_ALL = "C";
  // A content file's name is a path, never a pattern.
  env.GIT_LITERAL_PATHSPECS = "1";
  // The operator's own ssh command (a key of its own) is kept as it is; documented in docs/deploy.md.
  if (env.GIT_SSH_COMMAND === undefined && env.GIT_SSH === undefined) env.GIT_SSH_COMMAND = SSH_COMMAND;
  return env;
}

/** Name and email as git takes them: `<`, `>` and control characters would break the header. */
export function identity(who: Author, role: "AUTHOR" | "COMMITTER"): Record<string, string> {
  const clean = (text: string) => text.replace(/[<>\p{Cc}]/gu, "").trim();
  const email = clean(who.email);
  if (!email) throw new Error(`git: ${role.toLowerCase()} "${who.name}" has no email`);
  return { [`GIT_${role}_NAME`]: clean(who.name) || email, [`GIT_${role}_EMAIL`]: email };
}

/** "ada.rowe@agency.example" → "ada-rowe": the `{editor}` of a kept-aside branch. */
export function editorSlug(email: string): string {
  const local = email.split("@")[0] ?? "";
  const slug = local
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 40)
    .replace(/^-+|-+$/g, "");
  return slug || "editor";
}

/** 2026-11-28T09:15:03.512Z → "20261128-091503", the `{time}` of a kept-aside branch (UTC). */
export function stamp(when: Date): string {
  return when.toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
}

export function split0(text: string): string[] {
  return text.split("\0").filter((part) => part !== "");
}

export function utc(date: string): string {
  return new Date(date).toISOString();
}

/** "Ada Rowe <ada@agency.example>"'s email from for-each-ref's `%(authoremail)`. */
export function unbracket(email: string): string {
  return email.replace(/^<|>$/g, "");
}

/** Runs git in `dir` (or `cwd`) with `env`: its stdout and exit code, or an error with what it said. */
export function gitRunner(dir: string, env: NodeJS.ProcessEnv) {
  return function git(args: string[], options: RunOptions = {}, cwd = dir): Promise<Result> {
    return new Promise((resolve, reject) => {
      const child = spawn("git", [...SETTINGS, ...args], {
        cwd,
        env: { ...env, ...options.env },
        stdio: ["pipe", "pipe", "pipe"],
        // A group of its own, so that a timeout stops its ssh or https helper with it.
        detached: true,
      });
      const timeout = options.timeout ?? GIT_TIMEOUT;
      let timedOut = false;
      // SIGTERM: git removes its lock files on the way out.
      const timer = setTimeout(() => {
        timedOut = true;
        if (child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
      }, timeout);
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
      child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
      child.on("error", (error) => {
        clearTimeout(timer);
        reject(new Error(`git could not be run: ${error.message}`));
      });
      child.on("close", (code) => {
        clearTimeout(timer);
        if (timedOut)
          return reject(new Error(redact(`git ${args.join(" ")} timed out after ${timeout / 1000} s in ${cwd}`)));
        const stdout = Buffer.concat(out).toString();
        if (code !== null && (code === 0 || options.ok?.includes(code))) return resolve({ stdout, code });
        const said = Buffer.concat(err).toString().trim() || stdout.trim();
        reject(new Error(redact(`git ${args.join(" ")} failed (exit ${code ?? "by signal"}) in ${cwd}:\n${said}`)));
      });
      // git may exit before reading all of its input; its exit code then tells what went wrong.
      child.stdin.on("error", () => undefined);
      child.stdin.end(options.input);
    });
  };
}
