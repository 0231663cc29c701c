import { useCallback, useRef } from "react";

import type { Reel } from "~/content/types";
import type { CaptionTrack } from "~/lib/captions";
import type { TranscriptLine } from "~/lib/reelPage.server";
import type { ReelChapter } from "~/lib/reelParts";
import { seekReel } from "~/lib/reelSeek";
import type { Player } from "~/lib/videojs.client";

import { ReelCredits } from "./ReelCredits";
import { ReelPlayer } from "./ReelPlayer";
import { ReelTranscript } from "./ReelTranscript";

interface ReelPageProps {
  reel: Reel;
  chapters: ReelChapter[];
  /** The captions languages. */
  captions: Pick<CaptionTrack, "lang" | "label">[];
  transcript: TranscriptLine[];
  /** Where the page's link (`?t=`) starts the reel. */
  start: number;
}

/** The body of every reel's page (`/{slug}`): the player, then the spots it is cut from, then its transcript. */
export function ReelPage({ reel, chapters, captions, transcript, start }: ReelPageProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const playerRef = useRef<Player>();
  const playFrom = useCallback((seconds: number) => {
    if (videoRef.current) seekReel(videoRef.current, playerRef.current, seconds, { play: true });
  }, []);
  return (
    <article className="mx-auto max-w-screen-xl px-5 pb-20 pt-8 md:px-10 md:pt-14">
      <h1 className="mb-6 text-xs font-medium uppercase tracking-label text-muted md:mb-10">
        {reel.title}
      </h1>
      <ReelPlayer
        key={reel.slug}
        slug={reel.slug}
        title={reel.title}
        autoplay={reel.autoplay}
        controls={reel.controls}
        poster={reel.poster}
        sources={reel.sources}
        duration={reel.duration}
        frame={reel.frame}
        chapters={chapters}
        captions={captions}
        start={start}
        videoRef={videoRef}
        playerRef={playerRef}
      />
      <p className="mt-6 max-w-2xl text-sm text-muted">{reel.description}</p>
      <ReelCredits
        key={`credits-${reel.slug}`}
        slug={reel.slug}
        chapters={chapters}
        duration={reel.duration}
        start={start}
        videoRef={videoRef}
        playFrom={playFrom}
      />
      <ReelTranscript key={`transcript-${reel.slug}`} slug={reel.slug} lines={transcript} playFrom={playFrom} />
    </article>
  );
}
