import type { ReelSource } from "~/content/types";
import { MEDIA_SIZES } from "~/lib/media";

interface ReelPlayerProps {
  title: string;
  poster: string;
  sources: ReelSource[];
}

const { width, height } = MEDIA_SIZES.reelPoster;

/**
 * A native player that works before (and without) JavaScript: poster, controls, no autoplay.
 * Browsers that play HLS natively take the master playlist; the rest fall back to the MP4.
 */
export function ReelPlayer({ title, poster, sources }: ReelPlayerProps) {
  return (
    <div className="aspect-video w-full bg-black">
      <video
        controls
        playsInline
        preload="none"
        poster={poster}
        width={width}
        height={height}
        aria-label={title}
        className="h-full w-full"
      >
        {sources.map((source) => (
          <source key={source.src} src={source.src} type={source.type} />
        ))}
      </video>
    </div>
  );
}
