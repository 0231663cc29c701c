/**
 * How the benchmark's edit section follows one save of a film through the editing service
 * (edit-service.mjs): from the press to her media made and her commit on the remote, with what the
 * service's status said on the way.
 */
import { readFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";

import { mediaPaths } from "#model/media-paths.ts";
import { remoteHead, run, TIMEOUTS } from "./edit-service-instance.mjs";
import { firstLine } from "./shared.mjs";

/** How often the save is looked at: the manifest and the remote each poll, the service's status every fifth. */
const POLL_MS = 100;
const STATUS_EVERY = 5;

/**
 * Watches a save from the press on: the service's manifest naming the clip (media made), her commit on the
 * remote's branch (pushed; other saves' commits may land before it, each kept with when it was first seen), and
 * the service's status (each message it shows, a failure). `editor` is who saves it.
 */
export async function watchSave(context, service, { id, pressed, before, editor }) {
  const clip = `${JSON.stringify(mediaPaths.directorClip(id))}:`;
  const status = `${service.origin}/edit/api/status?entry=directors/${id}`;
  const hers = `${editor.email}\x1fdirectors/${id}: create`;
  /** @type {{ at: number, state: string, message: string }[]} */
  const shown = [];
  /** @type {string[]} */
  const unanswered = [];
  /** The commits after `before`, oldest first (the service never forces a push, so they only add up). @type {{ sha: string, who: string, seen: number }[]} */
  const commits = [];
  let head = before;
  let made;
  const deadline = pressed + TIMEOUTS.save;
  for (let poll = 0; ; poll++) {
    const now = performance.now();
    if (now > deadline) throw new Error(`not pushed ${TIMEOUTS.save / 1000} s after the press`);
    if (made === undefined && (await readFile(service.manifest, "utf8")).includes(clip)) made = now;
    const moved = await remoteHead(service.remote, service.env);
    if (moved !== head) {
      head = moved;
      const log = await run(
        "git",
        ["--git-dir", service.remote, "log", "--reverse", "--format=%H%x1f%ae%x1f%s", `${before}..${moved}`],
        { env: service.env },
      );
      for (const line of log.split("\n").filter(Boolean)) {
        const [sha, ...who] = line.split("\x1f");
        if (!commits.some((commit) => commit.sha === sha)) commits.push({ sha, who: who.join("\x1f"), seen: now });
      }
      const landed = commits.find(({ who }) => who === hers);
      if (landed) return { made: made ?? now, pushed: now, shown, unanswered, commits, sha: landed.sha };
    }
    if (poll % STATUS_EVERY === 0) {
      // A poll the connection drops (a kept-alive socket the server closed as it was reused) is asked again at
      // the next, as the screen's own polling would; the drops are told.
      const answer = await context.request.get(status).catch((error) => {
        unanswered.push(`${((now - pressed) / 1000).toFixed(1)} s ${firstLine(error)}`);
        return undefined;
      });
      const build = answer && (await answer.json()).build;
      const last = shown.at(-1);
      if (build && (last?.state !== build.state || last?.message !== build.message))
        shown.push({ at: now - pressed, state: build.state, message: build.message ?? "" });
      if (build?.state === "failed") throw new Error(`the service failed the save: ${build.message}`);
    }
    await sleep(POLL_MS);
  }
}
