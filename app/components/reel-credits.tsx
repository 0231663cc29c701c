import { Link } from "@remix-run/react";
import { type MouseEvent, type RefObject, useEffect, useRef, useState } from "react";

import { linkedStart, wantsItsOwnPage } from "#app/reel/player/seek.ts";
import type { ReelPageValue } from "#app/reel/reel.server.ts";
import { chapterIndexAt, clockTime, momentPath } from "#app/reel/timeline.ts";

interface ReelCreditsProps {
  reel: Pick<ReelPageValue, "slug" | "chapters" | "duration" | "start">;
  /** The reel's `<video>`: the list follows it. */
  videoRef: RefObject<HTMLVideoElement>;
  /** Moves the reel to a moment and plays it (see ReelPage). */
  playFrom(seconds: number): void;
}

/**
 * The spots the reel is cut from, under the player, in the server's HTML: each one's moment as a
 * link to it (`/{slug}?t=12`, which works without JavaScript; with it, the reel moves there and
 * plays, without a reload), its title and client, and its director's page. The spot at the
 * playhead is marked `aria-current`, from the page's link at first, then as the reel plays.
 */
export function ReelCredits({ reel, videoRef, playFrom }: ReelCreditsProps) {
  const { slug, chapters, duration, start } = reel;
  const [current, setCurrent] = useState(() => chapterIndexAt(chapters, start));
  const from = useRef(start);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    from.current = linkedStart(start, duration);
    setCurrent(chapterIndexAt(chapters, from.current));
    // Until the reel has moved, it is at its link's moment (its first frame may report 0 first).
    const follow = () => {
      if (video.currentTime > 0 || from.current === 0) setCurrent(chapterIndexAt(chapters, video.currentTime));
    };
    const events = ["timeupdate", "seeking", "seeked"] as const;
    for (const event of events) video.addEventListener(event, follow);
    return () => {
      for (const event of events) video.removeEventListener(event, follow);
    };
  }, [videoRef, chapters, start, duration]);

  const play = (event: MouseEvent, seconds: number) => {
    if (wantsItsOwnPage(event)) return;
    event.preventDefault();
    playFrom(seconds);
    setCurrent(chapterIndexAt(chapters, seconds));
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    videoRef.current?.scrollIntoView({ block: "nearest", behavior: reduceMotion ? "auto" : "smooth" });
  };

  return (
    <section aria-labelledby="reel-credits" className="mt-10 max-w-3xl md:mt-14">
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 border-b border-line pb-3">
        <h2 id="reel-credits" className="text-xs font-medium uppercase tracking-label text-muted">
          In this reel
        </h2>
        <CopyMomentLink slug={slug} videoRef={videoRef} from={from} />
      </div>
      <ol>
        {chapters.map((chapter, index) => (
          <li
            key={chapter.start}
            aria-current={index === current ? "true" : undefined}
            className="group grid grid-cols-[3.5rem_1fr] gap-x-4 border-b border-line py-4 text-sm aria-[current]:text-paper md:grid-cols-[4rem_1.2fr_1fr_1fr] md:items-baseline"
          >
            <a
              href={momentPath(slug, chapter.start)}
              onClick={(event) => play(event, chapter.start)}
              aria-label={`Play “${chapter.title}” from ${clockTime(chapter.start)}`}
              className="row-span-2 tabular-nums text-muted underline-offset-4 hover:text-paper hover:underline group-aria-[current]:text-paper md:row-span-1"
            >
              {clockTime(chapter.start)}
            </a>
            <span className="font-medium text-paper">
              {chapter.title}
              {index === current ? (
                <span className="ml-2 inline-block h-1.5 w-1.5 rounded-full bg-paper align-middle" aria-hidden="true" />
              ) : null}
            </span>
            <span className="text-muted">{chapter.client}</span>
            <span className="text-muted max-md:col-start-2">
              Dir.{" "}
              <Link
                to={chapter.director.url}
                prefetch="intent"
                className="text-paper underline-offset-4 hover:underline"
              >
                {chapter.director.name}
              </Link>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

interface CopyMomentLinkProps {
  slug: string;
  videoRef: RefObject<HTMLVideoElement>;
  /** Where the reel starts before it has played. */
  from: RefObject<number>;
}

/** How long the control says what it did. */
const FEEDBACK_MS = 4000;

/**
 * "Copy link to this moment": the reel's URL at the playhead, in whole seconds, to the clipboard.
 * A script-only control, so it shows once the page is hydrated, where the Clipboard API exists;
 * its place is kept from the start, so nothing moves. What it did is said beside it, and announced.
 */
function CopyMomentLink({ slug, videoRef, from }: CopyMomentLinkProps) {
  const [canCopy, setCanCopy] = useState(false);
  const [feedback, setFeedback] = useState("");
  const clearing = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => {
    setCanCopy(typeof navigator.clipboard?.writeText === "function");
    return () => clearTimeout(clearing.current);
  }, []);

  const copy = async () => {
    const video = videoRef.current;
    const seconds = video && (video.currentTime > 0 || !video.paused) ? video.currentTime : (from.current ?? 0);
    const url = new URL(momentPath(slug, seconds), window.location.href).href;
    clearTimeout(clearing.current);
    try {
      await navigator.clipboard.writeText(url);
      setFeedback(`Link to ${clockTime(seconds)} copied`);
      clearing.current = setTimeout(() => setFeedback(""), FEEDBACK_MS);
    } catch {
      // Refused (no permission, or the page lost focus): the link is shown to copy by hand.
      setFeedback(`Could not copy. The link: ${url}`);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs">
      <p role="status" className="select-all text-muted">
        {feedback}
      </p>
      {/* Laid out but invisible (and so neither focusable nor read) until it can work. */}
      <button
        type="button"
        onClick={copy}
        className={`min-h-11 uppercase tracking-label text-paper underline-offset-4 hover:underline ${canCopy ? "" : "invisible"}`}
      >
        Copy link to this moment
      </button>
    </div>
  );
}
