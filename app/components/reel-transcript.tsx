import type { MouseEvent } from "react";

import { wantsItsOwnPage } from "~/reel/player/seek";
import type { ReelPageValue } from "~/reel/reel.server";
import { clockTime, momentPath } from "~/reel/timeline";

interface ReelTranscriptProps {
  /** Its transcript in time order, as plain text (reel.server.ts's transcriptOf). */
  reel: Pick<ReelPageValue, "slug" | "transcript">;
  /** Moves the reel to a moment and plays it (see ReelPage). */
  playFrom(seconds: number): void;
}

/**
 * The reel as text, under its credits and in the server's HTML (search engines and screen readers
 * read it, with or without JavaScript): the captions and the described picture in time order, each
 * with its moment as a link to it (`?t=`; with JavaScript the reel moves there and plays).
 * Collapsed until opened: it repeats what the player shows.
 */
export function ReelTranscript({ reel, playFrom }: ReelTranscriptProps) {
  const { slug, transcript: lines } = reel;
  const play = (event: MouseEvent, seconds: number) => {
    if (wantsItsOwnPage(event)) return;
    event.preventDefault();
    playFrom(seconds);
  };
  return (
    <details className="mt-10 max-w-3xl border-b border-line pb-3 text-sm md:mt-14">
      <summary className="cursor-pointer py-2">
        <h2 id="reel-transcript" className="inline text-xs font-medium uppercase tracking-label text-muted">
          Transcript
        </h2>
      </summary>
      <ol aria-labelledby="reel-transcript" className="mt-2">
        {lines.map((line) => (
          <li key={`${line.seen}-${line.start}`} className="grid grid-cols-[3.5rem_1fr] gap-x-4 py-2">
            <a
              href={momentPath(slug, line.start)}
              onClick={(event) => play(event, line.start)}
              aria-label={`Play from ${clockTime(line.start)}`}
              className="tabular-nums text-muted underline-offset-4 hover:text-paper hover:underline"
            >
              {clockTime(line.start)}
            </a>
            <p className={line.seen ? "text-muted" : "text-paper"}>
              {line.seen ? <span className="sr-only">Described: </span> : null}
              {line.text}
            </p>
          </li>
        ))}
      </ol>
    </details>
  );
}
