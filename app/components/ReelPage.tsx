import type { Reel } from "~/content/types";

import { ReelPlayer } from "./ReelPlayer";

/** The body of /collective-reel, /reel-2021 and /reel-2020. */
export function ReelPage({ reel }: { reel: Reel }) {
  return (
    <article className="mx-auto max-w-screen-xl px-5 pb-20 pt-8 md:px-10 md:pt-14">
      <h1 className="mb-6 text-xs font-medium uppercase tracking-label text-muted md:mb-10">
        {reel.title}
      </h1>
      <ReelPlayer key={reel.slug} title={reel.title} poster={reel.poster} sources={reel.sources} />
      <p className="mt-6 max-w-2xl text-sm text-muted">{reel.description}</p>
    </article>
  );
}
