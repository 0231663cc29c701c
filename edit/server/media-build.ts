/**
 * `npm run media` after each save that adds a source, one run at a time: the build makes only
 * what is missing or out of date (its manifest's hashes), so a run after one director's save
 * makes her files and checks the rest. A save during a run asks for one more run after it.
 */
import { spawn } from "node:child_process";

export interface MediaBuild {
  state: "idle" | "running" | "failed";
  /** The end of the last run's report, when it failed. */
  message?: string;
}

export function mediaBuilder(root: string, onDone: () => void) {
  let status: MediaBuild = { state: "idle" };
  let again = false;

  function run() {
    status = { state: "running" };
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/cli/build-media.ts"], {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("close", (code) => {
      status =
        code === 0 ? { state: "idle" } : { state: "failed", message: output.trim().split("\n").slice(-6).join("\n") };
      console.log(`media build ${code === 0 ? "done" : `failed:\n${output}`}`);
      if (again) {
        again = false;
        run();
      } else onDone();
    });
  }

  return {
    status: () => status,
    request() {
      if (status.state === "running") again = true;
      else run();
    },
  };
}
