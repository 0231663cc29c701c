/**
 * The follow section's recovery figure (follow.mjs): from a SIGKILL of the follower (a power cut, the
 * OOM killer) to the site answering again once it is started again at once, as a process manager does.
 * The release it served is kept in SITE_DATA (serving.json), so it serves again without a build
 * (release/follower.ts); what is timed is the primary's start and its worker's.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";

import { SERVER_ENTRY } from "#tests/support/server-process.mjs";

/** How often the site is asked whether it answers again: the figure's resolution. */
const POLL_MS = 20;
/** A follower that does not answer within this has not recovered: the round failed. */
const RECOVERY_TIMEOUT_MS = 60_000;

/** Whether `origin` answers its /healthz now. @param {string} origin */
const answers = (origin) =>
  fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(500) }).then(
    (response) => response.ok,
    () => false,
  );

/**
 * The follower started on `port` with `env`; resolves once it answers.
 * @param {number} port
 * @param {Record<string, string>} env
 */
async function startTimed(port, env) {
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: "ignore",
  });
  const origin = `http://127.0.0.1:${port}`;
  while (!(await answers(origin))) {
    if (child.exitCode !== null) throw new Error(`the follower exited (${child.exitCode}) before it answered`);
    if (performance.now() - started > RECOVERY_TIMEOUT_MS) {
      child.kill("SIGKILL");
      throw new Error(`the follower did not answer within ${RECOVERY_TIMEOUT_MS / 1000} s`);
    }
    await sleep(POLL_MS);
  }
  return { child };
}

/**
 * `rounds` times: the follower of `env` (SITE_FOLLOW, SITE_DATA holding a release it served) killed with
 * SIGKILL while serving, started again at once; the ms from the kill to its first answer, one per round.
 * @param {number} port
 * @param {Record<string, string>} env
 * @param {number} rounds
 */
export async function recoveryAfterKill(port, env, rounds) {
  let { child } = await startTimed(port, env);
  /** @type {number[]} */
  const ms = [];
  try {
    for (let round = 0; round < rounds; round++) {
      // Settled first: its worker serves, and the remote has been asked once.
      await sleep(2_000);
      const killedAt = performance.now();
      const exited = once(child, "exit");
      child.kill("SIGKILL");
      await exited;
      ({ child } = await startTimed(port, env));
      ms.push(performance.now() - killedAt);
    }
  } finally {
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
  }
  return ms;
}
