import type { MouseEvent } from "react";

import { wantsItsOwnPage } from "#app/reel/player/seek.ts";
import { PAGE_LANGUAGE } from "#model/page-language.ts";
import type { ReelPageValue, Transcript } from "#app/reel/reel.server.ts";
import { clockTime, momentPath } from "#app/reel/timeline.ts";

interface ReelTranscriptProps {
  /** Its transcripts, the page's language first (reel.server.ts's transcriptOf). */
  reel: Pick<ReelPageValue, "slug" | "transcripts">;
  /** Moves the reel to a moment and plays it (see ReelPage). */
  playFrom(seconds: number): void;
}

/**
 * The reel as text, under its credits and in the server's HTML (search engines and screen readers
 * read it, with or without JavaScript): the captions, by speaker where they name one, and the
 * described picture in time order, each with its moment as a link to it (`?t=`; with JavaScript
 * the reel moves there and plays). Collapsed until opened: it repeats what the player shows. The
 * first transcript is in the page's language where the captions have it; each other language is
 * a `<details>` of its own under it, marked with its `lang`.
 */
export function ReelTranscript({ reel, playFrom }: ReelTranscriptProps) {
  const [first, ...others] = reel.transcripts;
  const play = (event: MouseEvent, seconds: number) => {
    if (wantsItsOwnPage(event)) return;
    event.preventDefault();
    playFrom(seconds);
  };
  const list = (transcript: Transcript, label: { "aria-labelledby": string } | { "aria-label": string }) => (
    <ol {...label} lang={transcript.lang} className="mt-2">
      {transcript.lines.map((line, index) => (
        <li key={index} className="grid grid-cols-[3.5rem_1fr] gap-x-4 py-2">
          <a
            href={momentPath(reel.slug, line.start)}
            onClick={(event) => play(event, line.start)}
            aria-label={`Play from ${clockTime(line.start)}`}
            lang={PAGE_LANGUAGE}
            className="tabular-nums text-muted underline-offset-4 hover:text-paper hover:underline"
          >
            {clockTime(line.start)}
          </a>
          {line.seen ? (
            <p lang={PAGE_LANGUAGE} className="text-muted">
              <span className="sr-only">Described: </span>
              {line.text}
            </p>
          ) : (
            <p className="text-paper">
              {line.speaker ? <span className="font-medium">{line.speaker}: </span> : null}
              {line.text}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
  return (
    <details className="mt-10 max-w-3xl border-b border-line pb-3 text-sm md:mt-14">
      <summary className="cursor-pointer py-2">
        <h2 id="reel-transcript" className="inline text-xs font-medium uppercase tracking-label text-muted">
          Transcript
        </h2>
      </summary>
      {list(first, { "aria-labelledby": "reel-transcript" })}
      {others.length > 0 ? (
        <section aria-labelledby="reel-transcript-languages" className="mt-4">
          <h3 id="reel-transcript-languages" className="text-xs font-medium uppercase tracking-label text-muted">
            Other languages
          </h3>
          {others.map((transcript) => (
            <details key={transcript.lang} className="mt-2">
              <summary className="cursor-pointer py-2" lang={transcript.lang}>
                {transcript.label}
              </summary>
              {list(transcript, { "aria-label": `Transcript, ${transcript.label}` })}
            </details>
          ))}
        </section>
      ) : null}
    </details>
  );
}
