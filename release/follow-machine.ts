/**
 * The follower's loop: each step of follow-state.ts's machine performed through the ports (the
 * mirror, the builder, the workers, the purger, the serving record), its outcome fed back as an
 * event, and what changed said in the log. Every rule is tested with fakes for the ports, without
 * git or processes (tests/unit/release/follow-machine.test.ts).
 */
import type { ReleaseStatus } from "#model/site-health.ts";

import type { BuiltRelease } from "./build-release.ts";
import type { FollowLog } from "./follow-log.ts";
import { type FollowEvent, type FollowStep, INITIAL_STATE, nextState, type Release } from "./follow-state.ts";
import type { PagePurger } from "./page-purge.ts";
import { CommandFailed } from "./run-to-end.ts";
import { servingSet, type WorkerPort } from "./serving-set.ts";

export interface FollowPorts<W> {
  mirror: { remoteHead(): Promise<string>; fetch(): Promise<string> };
  /** Builds `commit` beside `serving`; rejects with why it cannot. */
  build(commit: string, serving: Release | undefined): Promise<BuiltRelease>;
  workers: WorkerPort<W>;
  purger?: Pick<PagePurger, "purge" | "stop">;
  /** Records the release serving, for a restart (serving-record.ts). */
  record(release: Release): Promise<void>;
  /** Why a release failed, for /healthz, and whether it is tried again at the next ask (disk-full.ts). */
  refusalOf(error: unknown): Promise<{ reason: string; again: boolean }>;
  log: FollowLog;
}

export interface MachineOptions {
  /** The ports served, one worker each. */
  ports: readonly number[];
  /** Named by the log when the remote does not answer. */
  remote: string;
  branch: string;
  /** A worker that died on its own is started again after this. */
  restartDelayMs?: number;
}

/** The follower's loop: `ask` at every tick or webhook call, `resume` a recorded release at start, `stop` at the end. */
export function followMachine<W>(
  { mirror, build, workers, purger, record, refusalOf, log }: FollowPorts<W>,
  { ports, remote, branch, restartDelayMs = 1_000 }: MachineOptions,
) {
  let state = INITIAL_STATE;
  let running: Promise<void> | undefined;

  const status = (): ReleaseStatus => ({
    commit: serving.current()?.commit ?? null,
    ...(state.refused && { refused: state.refused }),
  });
  const serving = servingSet(workers, {
    ports,
    record,
    status,
    stopping: () => state.stopping,
    restartDelayMs,
    log,
  });

  /** Says `release` serves, and has the cache drop what it changed (never waited for). */
  function announce(release: BuiltRelease, previous: Release | undefined) {
    const { commit, plan, installed, seconds } = release;
    const { kind } = plan;
    const built = kind === "full";
    const how = built ? "built" : "content compiled, builds kept";
    log.info(
      { commit, kind, installed, built, seconds },
      `site: serving ${commit.slice(0, 12)} (${kind === "content" ? "content only" : "code"}; ${how} in ${seconds.toFixed(1)} s)`,
    );
    if (purger && previous) purger.purge(commit, plan.drop);
  }

  async function refused(commit: string, error: unknown): Promise<FollowEvent> {
    return { type: "refused", commit, error, ...(await refusalOf(error)) };
  }

  /** The effect of `step`, as the event it ends in. */
  async function perform(step: Exclude<FollowStep, { name: "idle" }>): Promise<FollowEvent> {
    switch (step.name) {
      case "asking":
        return { type: "asked", head: await mirror.remoteHead() };
      case "fetching":
        try {
          return { type: "fetched", commit: await mirror.fetch() };
        } catch (error) {
          // A fetch with no room to write its objects is no fault of the remote's: the commit waits, said as a refusal.
          const refusal = await refused(step.head, error);
          if (refusal.type === "refused" && refusal.again) return refusal;
          throw error;
        }
      case "building":
        return build(step.commit, serving.current()).then(
          (release): FollowEvent => ({ type: "built", release }),
          (error) => refused(step.commit, error),
        );
      case "switching": {
        const previous = serving.current();
        try {
          await serving.serve(step.release, { changed: step.release.plan.drop.banned });
        } catch (error) {
          return refused(step.release.commit, error);
        }
        announce(step.release, previous);
        return { type: "switched" };
      }
    }
  }

  /** Moves to the state after `event`, saying in the log what changed. */
  function dispatch(event: FollowEvent) {
    const before = state;
    state = nextState(state, event);
    if (event.type === "refused") {
      // Said in the log once, however often a full disk refuses it again.
      if (!(before.refused?.commit === event.commit && before.refused.reason === event.reason)) {
        const { commit, reason, again, error } = event;
        const output = error instanceof CommandFailed ? { output: error.output } : {};
        // A full disk's reason is not the error's own words: the log keeps those, for the operator.
        log.error(
          { commit, reason, ...(again && { err: error }), ...output },
          `site: ${commit.slice(0, 12)} refused: ${reason}`,
        );
      }
      serving.tell();
    }
    // A remote that does not answer: the release serving carries on; said once until it answers.
    if (event.type === "unreachable" && !before.unreachable)
      log.warn({ err: event.error }, `site: could not ask ${remote} for ${branch}`);
    if (before.unreachable && !state.unreachable) log.info({}, "site: the remote answers again");
  }

  /** Runs the steps until idle. */
  async function run() {
    for (let step = state.step; step.name !== "idle"; step = state.step)
      dispatch(await perform(step).catch((error: unknown): FollowEvent => ({ type: "unreachable", error })));
    running = undefined;
  }

  return {
    /** Asks the remote for anything newer: at once when idle, else once more after the update under way. */
    ask() {
      const idle = state.step.name === "idle";
      dispatch({ type: "ask" });
      if (idle && state.step.name !== "idle") running = run();
    },
    /** Serves `kept`, recorded before a restart, at once; the remote is fetched only once it moves past it. */
    async resume(kept: Release) {
      await serving.serve(kept, { recorded: true }).then(
        () => dispatch({ type: "resumed", commit: kept.commit }),
        (error) => log.warn({ err: error }, "site: the release kept from before did not start; building afresh"),
      );
    },
    status,
    /** Lets an update under way end, then stops the purges and the workers serving. */
    async stop() {
      dispatch({ type: "stop" });
      await running;
      await purger?.stop();
      await serving.retireAll();
    },
  };
}
