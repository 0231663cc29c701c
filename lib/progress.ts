/** The long-running scripts' output: log lines, `[3/40] …` per item done, and the running tasks' progress. */
import { clearScreenDown, cursorTo, moveCursor } from "node:readline";

export interface Output {
  log(line: string): void;
  /** On a terminal only: the progress lines to show now (an empty list clears them). */
  status?(lines: string[]): void;
}

/** Progress lines redrawn under the log, cut to the terminal's width: a wrapped one would throw off the redraw. */
function terminal(stream: NodeJS.WriteStream): Required<Output> {
  let shown: string[] = [];
  const draw = (lines: string[]) => {
    if (shown.length > 0) {
      moveCursor(stream, 0, -shown.length);
      cursorTo(stream, 0);
      clearScreenDown(stream);
    }
    for (const line of lines) stream.write(`${line.slice(0, Math.max(1, stream.columns - 1))}\n`);
    shown = lines;
  };
  return {
    log(line) {
      const status = shown;
      draw([]);
      stream.write(`${line}\n`);
      draw(status);
    },
    status: draw,
  };
}

/** Standard output: a terminal's (with status lines), or a log's (lines only). */
export function commandOutput(): Output {
  return process.stdout.isTTY ? terminal(process.stdout) : { log: (line) => console.log(line) };
}

/** Seconds between two progress lines of one task in a log (CI): often enough to see it move. */
export const PROGRESS_EVERY = 10;

/** Seconds between two progress lines in a log: MEDIA_PROGRESS_EVERY, else undefined (PROGRESS_EVERY). */
export function progressEvery(): number | undefined {
  const every = Number(process.env.MEDIA_PROGRESS_EVERY);
  return every > 0 ? every : undefined;
}

/** Seconds since `started` (a Date.now()), as shown in a log: "2.1 s". */
export const secondsSince = (started: number): string => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/** A log of items done, numbered: `[3/40] text`. */
export function countedLog(log: Output["log"], total: number): (text: string) => void {
  let done = 0;
  return (text) => log(`[${++done}/${total}] ${text}`);
}

export interface ProgressLines {
  /** The task `key`'s line now, made from the seconds since its first update. */
  update(key: string, line: (elapsed: number) => string): void;
  /** The task `key` is over (done or failed): its line goes. */
  end(key: string): void;
  /** Clears every line (and timer). */
  stop(): void;
}

/**
 * How far the running tasks are, a line each: on a terminal redrawn at every update once a task has
 * run `after` seconds (short ones would flicker); in a log, every `progressEvery` seconds.
 */
export function progressLines(output: Output & { progressEvery?: number }, { after = 0 } = {}): ProgressLines {
  const every = (output.progressEvery ?? PROGRESS_EVERY) * 1000;
  // Each task's line as of its own last update, so the others' do not drift between theirs.
  const running = new Map<string, { started: number; elapsed: number; line: string; timer?: NodeJS.Timeout }>();
  const redraw = () =>
    output.status?.([...running.values()].filter(({ elapsed }) => elapsed >= after).map(({ line }) => line));
  return {
    update(key, line) {
      const now = Date.now();
      let task = running.get(key);
      if (!task) {
        const added = { started: now, elapsed: 0, line: "" };
        task = output.status
          ? added
          : { ...added, timer: setInterval(() => output.log(running.get(key)?.line ?? ""), every).unref() };
        running.set(key, task);
      }
      task.elapsed = (now - task.started) / 1000;
      task.line = line(task.elapsed);
      redraw();
    },
    end(key) {
      clearInterval(running.get(key)?.timer);
      running.delete(key);
      redraw();
    },
    stop() {
      for (const { timer } of running.values()) clearInterval(timer);
      running.clear();
      output.status?.([]);
    },
  };
}
