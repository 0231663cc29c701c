/** A command run to its end in a folder, for the release's install and build. */
import { spawn } from "node:child_process";

/** Why a command failed: the line an operator needs first, and the end of what it printed. */
export class CommandFailed extends Error {
  constructor(
    readonly reason: string,
    readonly output: string,
  ) {
    super(reason);
  }
}

/**
 * The first line naming a problem in a file (the content check's `file:line: field: message`, a
 * compiler's `file:line:column: error`), else the last line of its errors, else its exit.
 */
function reasonOf(errors: string, code: number | null): string {
  const lines = errors
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  return (
    lines.find((line) => /^[\w./@-]+:\d+(:\d+)?:? /.test(line)) ??
    [...lines].reverse().find((line) => !line.startsWith("npm ")) ??
    `it exited with ${code}`
  );
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
