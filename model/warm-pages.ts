/**
 * How a followed branch's new worker starts warm (server/warm-start.ts; release/serving-worker.ts):
 * the messages on the cluster's channel between the follower (the primary) and its workers. The
 * primary asks the worker it is replacing for the pages it keeps, then gives them to the new one,
 * with the patterns of the pages the release changed; the new one keeps the others as they are,
 * renders those afresh, and only then listens. The pages travel as the worker's page cache holds
 * them (server/page-cache.ts, CachedPage): the primary passes them on without reading them.
 */

/** Set in a worker's environment by the follower, which answers its WARM_ASKED. */
export const WARM_SETTING = "SITE_WARM";

/** Primary → a serving worker: send the pages you keep. */
export const PAGES_ASKED = "site-pages-asked";

/** A serving worker → the primary: the pages it keeps, the most recently asked first. */
export const PAGES_KEPT = "site-pages-kept";

/** A new worker → the primary: what do I start with? */
export const WARM_ASKED = "site-warm-asked";

/** The primary → a new worker: the pages to start with. */
export const WARM_GIVEN = "site-warm-given";

/** Pages by key (a path), as one worker's page cache keeps them. */
export type KeptPages = [key: string, page: unknown][];

/** What a new worker starts with: the pages of the worker it replaces, and what of them the release changed. */
export interface WarmStart {
  pages: KeptPages;
  /** Regular expressions over a page's path (model/cache-ban.ts's, as the cache in front is given them). */
  changed: readonly string[];
}

/** What a worker that replaces none, or whose predecessor did not answer, starts with. */
export const COLD_START: WarmStart = { pages: [], changed: [] };

/** A message of this exchange, as either side hears it. */
export interface WarmMessage {
  type?: string;
  pages?: KeptPages;
  changed?: readonly string[];
}

/** One side of the cluster's channel: a worker's `process`, or the primary's handle on a worker. */
interface Channel {
  on(event: "message", listener: (message: WarmMessage) => void): unknown;
  off(event: "message", listener: (message: WarmMessage) => void): unknown;
  send?(message: WarmMessage, callback: (error: Error | null) => void): boolean;
}

/**
 * Sends `asked` on `channel` and resolves with what `read` takes of the first answer of type
 * `answered`; with `otherwise` if none comes within `waitMs`, or the message cannot be sent.
 */
export function askOver<T>(
  channel: Channel,
  asked: string,
  answered: string,
  { waitMs, otherwise, read }: { waitMs: number; otherwise: T; read: (message: WarmMessage) => T },
): Promise<T> {
  return new Promise((resolve) => {
    const heard = (message: WarmMessage) => {
      if (message?.type === answered) done(read(message));
    };
    const done = (value: T) => {
      clearTimeout(timer);
      channel.off("message", heard);
      resolve(value);
    };
    const timer = setTimeout(done, waitMs, otherwise);
    channel.on("message", heard);
    if (!channel.send) return done(otherwise);
    channel.send({ type: asked }, (error) => {
      if (error) done(otherwise);
    });
  });
}
