/**
 * The output of the media commands (`npm run media`, `npm run media:publish`): log lines, and on
 * a terminal the progress lines of what is running, redrawn in place under the log.
 */
import { clearScreenDown, cursorTo, moveCursor } from "node:readline";

export interface Output {
  log(line: string): void;
  /** On a terminal only: the progress lines to show now (an empty list clears them). */
  status?(lines: string[]): void;
}

/**
 * On a terminal, the progress lines sit under the log and are redrawn in place; a log line is
 * printed above them. Each is cut to the terminal's width, since a wrapped line would throw off
 * the count of lines to redraw.
 */
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

/** Seconds between two progress lines in a log: MEDIA_PROGRESS_EVERY, else undefined (the command's default). */
export function progressEvery(): number | undefined {
  const every = Number(process.env.MEDIA_PROGRESS_EVERY);
  return every > 0 ? every : undefined;
}
