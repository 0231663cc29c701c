/**
 * The follower's decisions, as a small state machine: each ask goes idle → asking (the remote's
 * head) → fetching → building → switching, and ends serving the new commit, refusing it, or finding
 * the remote unreachable. Pure: follow-machine.ts performs each step and feeds back its outcome.
 */
import type { ReleaseStatus } from "#model/site-health.ts";

import type { BuiltRelease } from "./build-release.ts";

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
