import { useCallback, useRef } from "react";

import { seekReel } from "#app/reel/player/seek.ts";
import type { ReelPageValue } from "#app/reel/reel.server.ts";

import { ReelCredits } from "./reel-credits.tsx";
import { ReelPlayer } from "./reel-player.tsx";
import { ReelTranscript } from "./reel-transcript.tsx";

/** The body of every reel's page (`/{slug}`): the player, then the spots it is cut from, then its transcript. */
export function ReelPage({ reel }: { reel: ReelPageValue }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const playFrom = useCallback((seconds: number) => {
    if (videoRef.current) seekReel(videoRef.current, seconds, { play: true });
  }, []);
  return (
    <article className="mx-auto max-w-screen-xl px-5 pb-20 pt-8 md:px-10 md:pt-14">
      <h1 className="mb-6 text-xs font-medium uppercase tracking-label text-muted md:mb-10">{reel.title}</h1>
      <ReelPlayer key={reel.slug} reel={reel} videoRef={videoRef} />
      <p className="mt-6 max-w-2xl text-sm text-muted">{reel.description}</p>
      <ReelCredits key={`credits-${reel.slug}`} reel={reel} videoRef={videoRef} playFrom={playFrom} />
      <ReelTranscript key={`transcript-${reel.slug}`} reel={reel} playFrom={playFrom} />
    </article>
  );
}
