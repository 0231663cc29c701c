/** A command run to its end in a folder, for the release's install and build. */
import { spawn } from "node:child_process";
import { stripVTControlCharacters } from "node:util";

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

/** Runs `command` in `cwd`; rejects with a CommandFailed if it exits other than 0. */
export function runToEnd(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let errors = "";
    child.stdout.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8_000)));
    child.stderr.on("data", (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8_000);
      errors = (errors + chunk.toString()).slice(-16_000);
    });
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new CommandFailed(reasonOf(errors, code), output))));
  });
}
