/** A command run to its end in a folder, for the release's install and build. */
import { spawn } from "node:child_process";
import { getPriority, setPriority } from "node:os";
import { stripVTControlCharacters } from "node:util";

import { killGroup, recordChild } from "./leftover-processes.ts";

/** Why a command failed: the line an operator needs first, and the end of what it printed. */
export class CommandFailed extends Error {
  constructor(
    readonly reason: string,
    readonly output: string,
  ) {
    super(reason);
  }
}

/** Where a problem is, as the content check (`file:line: field: message`) and compilers (`file:line:column:`) say it. */
const LOCATION = /^[\w./@-]+:\d+(?::\d+)?:(?:\s|$)/;

/**
 * The line an operator needs first: the first naming a problem's place, with esbuild's message when
 * it gives the place on a line of its own (`✘ [ERROR] Unexpected ";"`, then `app/root.tsx:12:5:`);
 * else the last line of its errors not npm's; else its exit.
 */
export function reasonOf(errors: string, code: number | null): string {
  // Without the colours a compiler gives its errors even when it writes to a pipe.
  const lines = stripVTControlCharacters(errors)
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const at = lines.findIndex((line) => LOCATION.test(line));
  if (at >= 0) {
    if (!lines[at]!.endsWith(":")) return lines[at]!;
    const error = lines
      .slice(0, at)
      .reverse()
      .find((line) => line.includes("[ERROR]"));
    return error ? `${lines[at]} ${error.slice(error.indexOf("[ERROR]") + "[ERROR]".length).trim()}` : lines[at]!;
  }
  return [...lines].reverse().find((line) => !line.startsWith("npm ")) ?? `it exited with ${code}`;
}

export interface RunOptions {
  /** Past this, the command (and, with `record`, every process it started) is killed and it fails. */
  timeoutMs?: number;
  /** The folder a follower records its running commands in (leftover-processes.ts). */
  record?: string;
}

/** How much of a command's errors its reason is looked for in: its first and its last this many characters. */
const ERRORS_KEPT = 16_000;

/**
 * Text kept by its first and last `limit` characters, in whole lines: the first problem a check lists
 * and a compiler's last words both stay, however much is printed between them.
 */
function headAndTail(limit: number) {
  let head = "";
  let tail: string | undefined;
  return {
    add(text: string) {
      if (tail === undefined) {
        head += text;
        if (head.length <= limit) return;
        const cut = head.lastIndexOf("\n", limit) + 1;
        tail = head.slice(cut);
        head = head.slice(0, cut);
      } else tail += text;
      if (tail.length <= limit) return;
      // From the first line that starts within the limit; a single line longer than it, its end.
      const from = tail.indexOf("\n", tail.length - limit);
      tail = from < 0 ? tail.slice(-limit) : tail.slice(from + 1);
    },
    text: () => head + (tail ?? ""),
  };
}

/** A command's time limit when none is given: longer than any build or install seen, short of for ever. */
export const DEFAULT_TIMEOUT_MS = 30 * 60_000;

/** How much nicer than this process a command runs (the processes it starts after inherit it). */
export const COMMAND_NICENESS = 10;

/**
 * A build is background work: the workers serving visitors, this process's siblings, go first on a
 * busy machine's CPU. A command already gone has nothing left to slow.
 */
function yieldTheCpu(pid: number | undefined) {
  if (pid === undefined) return;
  try {
    setPriority(pid, Math.min(19, getPriority() + COMMAND_NICENESS));
  } catch {
    // Exited before it could be told: nothing of it runs.
  }
}

/** Runs `command` in `cwd`, nicer than this process; rejects with a CommandFailed if it exits other than 0, or outlasts its time. */
export function runToEnd(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  { timeoutMs = DEFAULT_TIMEOUT_MS, record }: RunOptions = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    // Recorded, it leads a process group of its own, which a follower started again can stop whole.
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: Boolean(record) });
    yieldTheCpu(child.pid);
    if (record) recordChild(record, child, cwd);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (record) killGroup(child);
      else child.kill("SIGKILL");
    }, timeoutMs);
    let output = "";
    const errors = headAndTail(ERRORS_KEPT);
    child.stdout.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8_000)));
    child.stderr.on("data", (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8_000);
      errors.add(chunk.toString());
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (timedOut)
        reject(new CommandFailed(`${command} ${args.join(" ")}: not done in ${timeoutMs / 1000} s`, output));
      else if (code === 0) resolve();
      else reject(new CommandFailed(reasonOf(errors.text(), code), output));
    });
  });
}
