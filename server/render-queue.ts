/**
 * The renders the machine can do at once, and a bounded line for the rest. A render holds the
 * event loop for its whole `renderToString`, so running 32 together only makes each of them 32
 * times later; past the line's length a request gets a 503 with Retry-After at once rather than a
 * wait no client would sit through. Written here rather than taken from p-limit or p-queue: neither
 * bounds its waiting list or lets a waiting request leave when its client does, which is all this adds.
 */
import os from "node:os";

/** Two renders per core (one can run while another waits on I/O), and 64 requests in line (docs/deploy.md). */
export const DEFAULT_RENDER_CONCURRENCY = os.availableParallelism() * 2;
export const DEFAULT_RENDER_QUEUE = 64;

export class QueueFullError extends Error {
  constructor() {
    super("too many renders waiting");
  }
}

export class RenderQueue {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  /** `concurrency` renders at once; `maxWaiting` requests in line behind them, then QueueFullError. */
  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /**
   * Runs `work` once a place is free, in arrival order. Rejects with QueueFullError when the line is
   * full, and with the signal's reason when it aborts while waiting (the client left).
   */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.#running < this.concurrency) this.#running++;
    else await this.#wait(signal);
    try {
      return await work();
    } finally {
      // The place passes straight to the next in line, so a newcomer cannot overtake it.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }

  #wait(signal?: AbortSignal): Promise<void> {
    if (this.#waiting.length >= this.maxWaiting) return Promise.reject(new QueueFullError());
    signal?.throwIfAborted();
    return new Promise((resolve, reject) => {
      const start = () => {
        signal?.removeEventListener("abort", leave);
        resolve();
      };
      const leave = () => {
        this.#waiting.splice(this.#waiting.indexOf(start), 1);
        reject(signal?.reason);
      };
      this.#waiting.push(start);
      signal?.addEventListener("abort", leave, { once: true });
    });
  }
}
