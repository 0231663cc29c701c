/**
 * The follower's decisions, as a small state machine: each ask goes idle → asking (the remote's
 * head) → fetching → building → switching, and ends serving the new commit, refusing it, or finding
 * the remote unreachable. `nextState` decides (pure); `followMachine` runs each step's effect
 * through its ports (the mirror, the builder, the workers, the purger, the serving record), so that
 * every rule is tested without git or processes (tests/unit/release/follow-machine.test.ts).
 */
import type { ReleaseStatus } from "#model/site-health.ts";

import type { BuiltRelease } from "./build-release.ts";
import type { FollowLog } from "./follow-log.ts";
import type { PagePurger } from "./page-purge.ts";
import { CommandFailed } from "./run-to-end.ts";

/** A release the follower can serve: a folder built for a commit. */
export interface Release {
  folder: string;
  commit: string;
}

type Refused = NonNullable<ReleaseStatus["refused"]>;

/** Where an update is: idle between asks, or on one of its steps. */
export type FollowStep =
  | { name: "idle" }
  | { name: "asking" }
  | { name: "fetching"; head: string }
  | { name: "building"; commit: string }
  | { name: "switching"; release: BuiltRelease };

export interface FollowState {
  step: FollowStep;
  /** Asked during an update: one more update after it. */
  again: boolean;
  /** Asked to stop: the update under way ends, no other starts. */
  stopping: boolean;
  /** The newest commit tried, served or refused: the remote is fetched again only once it moves past it. */
  tried?: string;
  refused?: Refused;
  /** The remote did not answer the last update. */
  unreachable: boolean;
}

/** What happens to the follower: an ask or a stop from outside, or a step's outcome. */
export type FollowEvent =
  | { type: "ask" }
  | { type: "stop" }
  | { type: "resumed"; commit: string }
  | { type: "asked"; head: string }
  | { type: "fetched"; commit: string }
  | { type: "built"; release: BuiltRelease }
  | { type: "switched" }
  | { type: "refused"; commit: string; reason: string; again: boolean; error: unknown }
  | { type: "unreachable"; error: unknown };

export const INITIAL_STATE: FollowState = { step: { name: "idle" }, again: false, stopping: false, unreachable: false };

/** An update over: idle, or asking once more if asked meanwhile. */
function ended(state: FollowState, unreachable: boolean): FollowState {
  const more = state.again && !state.stopping;
  return { ...state, step: more ? { name: "asking" } : { name: "idle" }, again: false, unreachable };
}

/** The state after `event`. */
export function nextState(state: FollowState, event: FollowEvent): FollowState {
  switch (event.type) {
    case "ask":
      if (state.stopping) return state;
      return state.step.name === "idle" ? { ...state, step: { name: "asking" } } : { ...state, again: true };
    case "stop":
      return { ...state, stopping: true };
    case "resumed":
      return { ...state, tried: event.commit };
    case "asked":
      if (event.head === state.tried) return ended(state, false);
      return { ...state, step: { name: "fetching", head: event.head } };
    case "fetched":
      if (event.commit === state.tried) return ended(state, false);
      return { ...state, tried: event.commit, step: { name: "building", commit: event.commit } };
    case "built":
      // The new release's workers are told at once that nothing newer was refused.
      return { ...state, refused: undefined, step: { name: "switching", release: event.release } };
    case "switched":
      return ended(state, false);
    case "refused": {
      // Tried again at the next ask when the disk was full, else only once the branch moves past it.
      const tried = event.again ? undefined : state.tried;
      return ended({ ...state, tried, refused: { commit: event.commit, reason: event.reason } }, false);
    }
    case "unreachable":
      return ended(state, true);
  }
}

/** The processes serving a release, one per port: started, watched, stopped, told the status. */
export interface WorkerPort<W> {
  /** Starts `release`'s worker on its `index`th port; `before` is the folder of the release before. */
  start(release: Release, index: number, before?: string): Promise<W>;
  /** Hears that `worker` exited, whoever stopped it. */
  onExit(worker: W, exited: (code: number | null, signal: string | null) => void): void;
  retire(worker: W): Promise<void>;
  tell(worker: W, status: ReleaseStatus): void;
}

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

export interface FollowOptions {
  /** The ports served, one worker each. */
  ports: readonly number[];
  /** Named by the log when the remote does not answer. */
  remote: string;
  branch: string;
  /** A worker that died on its own is started again after this. */
  restartDelayMs?: number;
}

interface Serving<W> extends Release {
  /** The worker serving each port. */
  workers: Map<number, W>;
}

/** The follower's loop: `ask` at every tick or webhook call, `resume` a recorded release at start, `stop` at the end. */
export function followMachine<W>(
  ports: FollowPorts<W>,
  { ports: listen, remote, branch, restartDelayMs = 1_000 }: FollowOptions,
) {
  const { mirror, workers, purger, log } = ports;
  let state = INITIAL_STATE;
  let serving: Serving<W> | undefined;
  let running: Promise<void> | undefined;

  const status = (): ReleaseStatus => ({
    commit: serving?.commit ?? null,
    ...(state.refused && { refused: state.refused }),
  });
  const tellWorkers = () => serving?.workers.forEach((worker) => workers.tell(worker, status()));

  /** Starts the worker of `release` on its `index`th port, started again if it dies on its own. */
  async function startOn(release: Release, index: number, before?: string): Promise<W> {
    const port = listen[index]!;
    const worker = await workers.start(release, index, before);
    workers.onExit(worker, (code, signal) => {
      if (state.stopping || serving?.workers.get(port) !== worker) return;
      log.error({ code, signal, port }, "site: a serving process died; starting it again");
      setTimeout(() => {
        startOn(release, index).then(
          (again) => {
            if (serving?.commit !== release.commit) return void workers.retire(again);
            serving.workers.set(port, again);
            // Told what the others know, as a release's workers are: its /healthz names a refusal too.
            workers.tell(again, status());
          },
          (error) => log.error({ err: error }, "site: could not start it again"),
        );
      }, restartDelayMs);
    });
    return worker;
  }

  /**
   * Starts `release`'s workers and makes them the ones serving; those before stop once every new one
   * listens and the release is recorded (unless `recorded` already, at a restart). A worker that does
   * not start, or a record that cannot be written, refuses the release: the one before serves on alone.
   */
  async function serve(release: Release, recorded = false) {
    const previous = serving;
    const started = new Map<number, W>();
    try {
      for (const [index, port] of listen.entries()) started.set(port, await startOn(release, index, previous?.folder));
      if (!recorded) await ports.record({ folder: release.folder, commit: release.commit });
    } catch (error) {
      await Promise.all([...started.values()].map((worker) => workers.retire(worker)));
      throw error;
    }
    serving = { folder: release.folder, commit: release.commit, workers: started };
    tellWorkers();
    await Promise.all([...(previous?.workers.values() ?? [])].map((worker) => workers.retire(worker)));
  }

  /** Says `release` serves, and has the cache drop what it changed (never waited for). */
  function announce(release: BuiltRelease, previous: Release | undefined) {
    const { commit, plan, installed, seconds } = release;
    const { kind } = plan;
    const built = !plan.keepsBuilds;
    const how = built ? "built" : "content compiled, builds kept";
    log.info(
      { commit, kind, installed, built, seconds },
      `site: serving ${commit.slice(0, 12)} (${kind === "content" ? "content only" : "code"}; ${how} in ${seconds.toFixed(1)} s)`,
    );
    if (purger && previous) purger.purge(commit, plan.drop);
  }

  async function refused(commit: string, error: unknown): Promise<FollowEvent> {
    return { type: "refused", commit, error, ...(await ports.refusalOf(error)) };
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
        return ports.build(step.commit, serving).then(
          (release): FollowEvent => ({ type: "built", release }),
          (error) => refused(step.commit, error),
        );
      case "switching": {
        const previous = serving;
        try {
          await serve(step.release);
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
      tellWorkers();
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
      await serve(kept, true).then(
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
      await Promise.all([...(serving?.workers.values() ?? [])].map((worker) => workers.retire(worker)));
    },
  };
}
