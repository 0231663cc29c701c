/**
 * Where the team's service lands a save (edit/server/save-landing.ts), always under its
 * lock: one commit of the save's files by its author in the clone, then the commits waiting there
 * pushed, in order (now, or once the remote answers again); or, when its media could not be made,
 * her text kept on an `edits/…` branch and the working copy put back as the branch has it.
 */
import { execFile } from "node:child_process";
import { rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

import type { Landing } from "#edit/server/save-landing.ts";
import { moveSave } from "#edit/server/save-state.ts";
import { keptChanges } from "#edit/server/save-subject.ts";
import { GIT_TIMEOUT } from "./git-cli.ts";
import type { GitStore } from "./git-store.ts";

const run = promisify(execFile);

export function gitLanding({ checkout, branch, git }: { checkout: string; branch: string; git: GitStore }): Landing {
  /** Puts the working copy back as the branch has it: a save that cannot land leaves nothing behind. */
  async function restore(files: string[]) {
    const tracked = await git.blobShas(files);
    for (const file of files) if (tracked.get(file) === undefined) await rm(path.join(checkout, file), { force: true });
    const known = files.filter((file) => tracked.get(file) !== undefined);
    if (known.length > 0)
      await run("git", ["checkout", branch, "--", ...known], { cwd: checkout, timeout: GIT_TIMEOUT });
  }

  return {
    async land({ record, author }, files) {
      // Kept here from now on, whatever the remote does: the pipeline pushes it (push, below).
      moveSave(record, { step: "pushing", commit: await git.commit(files, author, record.subject) });
    },
    async push(waiting) {
      const pushed = await git.push(waiting[0].author);
      if ("keptOn" in pushed) {
        // Rebased together, kept together: every waiting commit is on that one branch.
        for (const record of waiting)
          moveSave(record, { step: "kept aside", message: pushed.reason, branch: pushed.keptOn });
        return;
      }
      // Each save's commit on the branch (rebased, if others landed first): the site shows it from there.
      const on = await git.onBranch(waiting.flatMap(({ commit }) => (commit ? [commit] : [])));
      for (const record of waiting)
        moveSave(record, { step: "pushed", commit: (record.commit && on.get(record.commit)) ?? pushed.pushed });
    },
    unpushed: () => git.unpushed(),
    async mediaFailed({ record, author, save }, content, reason) {
      const subject = `${record.subject} (media failed)`;
      const branchName = await git.keepAside(await git.head(), keptChanges(save), author, subject);
      await restore(content);
      moveSave(record, { step: "kept aside", message: reason, branch: branchName });
    },
  };
}
