/**
 * Saves one at a time: each is a check, a media build and commits in the service's one clone, and
 * two git commits at once in one clone race on its `index.lock`. `waiting()` lets the screen say a
 * save is waiting behind another.
 */
export interface SaveQueue {
  /** Runs `job` once every job queued before it has settled; its result, or its error. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** How many jobs are queued behind the one running. */
  waiting(): number;
}

export function saveQueue(): SaveQueue {
  let tail: Promise<unknown> = Promise.resolve();
  let queued = 0;
  return {
    run(job) {
      queued++;
      const result = tail.then(job).finally(() => queued--);
      // The next job waits for this one to settle, not to succeed: a failed save stops no other.
      tail = result.catch(() => undefined);
      return result;
    },
    waiting: () => Math.max(0, queued - 1),
  };
}
