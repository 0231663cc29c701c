import type { MouseEvent } from "react";

import { type CaptionTrack, plainText } from "~/lib/captions";
import { clockTime, describedCues, momentPath, type ReelChapter } from "~/lib/reelParts";

interface ReelTranscriptProps {
  slug: string;
  chapters: ReelChapter[];
  /** The reel's captions; the transcript reads the first language's. */
  captions: CaptionTrack[];
  /** Moves the reel to a moment and plays it (see ReelPage). */
  playFrom(seconds: number): void;
}

/** A click that asks for a new tab or window is the browser's to handle. */
const wantsItsOwnPage = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * The reel as text, under its credits and in the server's HTML (search engines and screen readers
 * read it, with or without JavaScript): the captions and the described picture in time order, each
 * with its moment as a link to it (`?t=`; with JavaScript the reel moves there and plays).
 * Collapsed until opened: it repeats what the player shows.
 */
export function ReelTranscript({ slug, chapters, captions, playFrom }: ReelTranscriptProps) {
  const heard = (captions[0]?.cues ?? []).map((cue) => ({ ...cue, kind: "heard" as const }));
  const seen = describedCues(chapters).map((cue) => ({ ...cue, kind: "seen" as const }));
  // What is seen first when both start together: it sets the scene for what is heard.
  const lines = [...seen, ...heard].sort((a, b) => a.start - b.start || (a.kind === b.kind ? 0 : a.kind === "seen" ? -1 : 1));
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
          <li key={`${line.kind}-${line.start}`} className="grid grid-cols-[3.5rem_1fr] gap-x-4 py-2">
            <a
              href={momentPath(slug, line.start)}
              onClick={(event) => play(event, line.start)}
              aria-label={`Play from ${clockTime(line.start)}`}
              className="tabular-nums text-muted underline-offset-4 hover:text-paper hover:underline"
            >
              {clockTime(line.start)}
            </a>
            <p className={line.kind === "seen" ? "text-muted" : "text-paper"}>
              {line.kind === "seen" ? <span className="sr-only">Described: </span> : null}
              {plainText(line.text)}
            </p>
          </li>
        ))}
      </ol>
    </details>
  );
}
