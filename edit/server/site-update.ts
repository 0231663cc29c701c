/**
 * What follows a save, one step at a time: the media build, handed the jobs of the saved content,
 * then the content compiled for the site in development mode (scripts/cli/content-build.ts writes
 * app/content/generated.js, which the site reloads). The one compile after a save, and only once its
 * media are made: the site never compiles a save whose media are half made. A save during a run is
 * made in one more run after it; the build makes only what is missing or out of date (its
 * manifest's hashes), so a run after one director's save makes her files and checks the rest.
 */
import { spawn } from "node:child_process";

import { failureReport, reasonOf } from "#media-build/failures.ts";
import type { Job } from "#media-build/kinds.ts";
import { buildMedia } from "#media-build/run.ts";
import type { MediaBuild } from "#edit/upload-rules.ts";

export interface SiteUpdate {
  /** Where the media build is, for the screen. */
  build(): MediaBuild;
  /** After a save: the media of `jobs` made first, when it needs some; then the content compiled. */
  saved(jobs: Job[] | undefined): void;
}

/** `mediaMade`: called at the end of each media run, made or failed, before the compile. */
export function siteUpdater(root: string, { mediaMade }: { mediaMade(): void }): SiteUpdate {
  let build: MediaBuild = { state: "idle" };
  /** The jobs of the latest save that came during a run. */
  let waiting: Job[] | undefined;
  let compiling = false;
  let compileAgain = false;

  function compile() {
    if (compiling) {
      compileAgain = true;
      return;
    }
    compiling = true;
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/cli/content-build.ts"], {
      cwd: root,
      stdio: "inherit",
    });
    child.on("close", () => {
      compiling = false;
      if (compileAgain) {
        compileAgain = false;
        compile();
      }
    });
  }

  async function makeMedia(jobs: Job[]) {
    build = { state: "running" };
    try {
      const { failed } = await buildMedia(jobs, { root, force: false, log: (line) => console.log(line) });
      build = failed.length === 0 ? { state: "idle" } : { state: "failed", message: failureReport(failed).join("\n") };
    } catch (error) {
      build = { state: "failed", message: reasonOf(error) };
    }
    console.log(`media build ${build.state === "failed" ? `failed:\n${build.message}` : "done"}`);
    mediaMade();
    const next = waiting;
    waiting = undefined;
    if (next) void makeMedia(next);
    else compile();
  }

  return {
    build: () => build,
    saved(jobs) {
      // During a run, the compile at its end takes this save in too.
      if (build.state === "running") waiting = jobs ?? waiting;
      else if (jobs) void makeMedia(jobs);
      else compile();
    },
  };
}
